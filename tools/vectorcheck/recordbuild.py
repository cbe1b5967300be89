"""Builds the format-1 record DER from a JSON sample object, from docs/FORMAT.md alone."""
from __future__ import annotations

from decimal import Decimal

from . import dates, derwriter as w
from .record import DEVICE_KEYS, SIGNED_METADATA_KEYS, kind_of, stored_spelling
from .stored import decimal_of

_DEVICE_FIELDS = {v: k for k, v in DEVICE_KEYS.items()}


class BuildError(ValueError):
    pass


def _metadata_value(key: str, v: object) -> bytes:
    if isinstance(v, bool):
        return w.boolean(v)
    if isinstance(v, (int, Decimal)):
        return w.real(Decimal(v))
    if isinstance(v, str):
        return w.utf8(v)
    if isinstance(v, dict) and len(v) == 1 and "date" in v:   # {"date": "<RFC 3339>"}, if used
        return w.generalized_time(dates.parse_rfc3339(v["date"]))
    raise BuildError(f"metadata {key}: value {v!r} has no record encoding known to this checker")


def _entries(sample: dict, parent: tuple | None) -> dict[str, bytes]:
    t = sample.get("type")
    if not isinstance(t, str):
        raise BuildError("sample has no type")
    e: dict[str, bytes] = {"t": w.utf8(t)}
    if parent is None:
        e["fv"] = w.integer(1)
    start = dates.parse_rfc3339(sample["startDate"])
    end = dates.parse_rfc3339(sample["endDate"])
    # a correlation object inherits dates equal to the correlation's (FORMAT.md)
    if parent is None or start != parent[0]:
        e["s"] = w.generalized_time(start)
    if parent is None or end != parent[1]:
        e["e"] = w.generalized_time(end)
    kind = kind_of(t)
    if kind == "quantity":
        q = sample.get("quantity") if isinstance(sample.get("quantity"), dict) else sample
        v = decimal_of(q.get("value"))
        if v is None:
            raise BuildError("quantity sample without a decimal value")
        e["v"] = w.real(v)
        e["u"] = w.utf8(q["unit"])
    elif kind == "category":
        v = sample.get("value")
        if isinstance(v, bool) or not isinstance(v, int):
            raise BuildError("category value is not an integer")
        e["v"] = w.integer(v)
    elif kind == "correlation":
        e["o"] = w.sequence([w.dictionary(_entries(o, (start, end))) for o in sample.get("objects", [])])
    dev = sample.get("device")
    if isinstance(dev, dict):
        fields = {_DEVICE_FIELDS[k]: w.utf8(v) for k, v in dev.items() if k in _DEVICE_FIELDS and v is not None}
        if fields:
            e["d"] = w.dictionary(fields)
    md = sample.get("metadata") or {}
    by_stored = {}
    for k, v in md.items():
        sk = stored_spelling(k)
        if sk in SIGNED_METADATA_KEYS:
            if sk in by_stored:
                raise BuildError(f"metadata {sk} given under two spellings")
            by_stored[sk] = v
    signed = {k: _metadata_value(k, v) for k, v in by_stored.items()}
    if signed:
        e["m"] = w.dictionary(signed)
    return e


def build(sample: dict) -> bytes:
    return w.dictionary(_entries(sample, None))
