"""Builds the format-1 record DER from a JSON sample object, from docs/FORMAT.md alone."""
from __future__ import annotations

from decimal import Decimal

from . import dates, derwriter as w
from .record import DEVICE_KEYS, SIGNED_METADATA_KEYS, kind_of
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


def _entries(sample: dict, top: bool) -> dict[str, bytes]:
    t = sample.get("type")
    if not isinstance(t, str):
        raise BuildError("sample has no type")
    e: dict[str, bytes] = {"t": w.utf8(t)}
    if top:
        e["fv"] = w.integer(1)
    e["s"] = w.generalized_time(dates.parse_rfc3339(sample["startDate"]))
    e["e"] = w.generalized_time(dates.parse_rfc3339(sample["endDate"]))
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
        e["o"] = w.sequence([w.dictionary(_entries(o, False)) for o in sample.get("objects", [])])
    dev = sample.get("device")
    if isinstance(dev, dict):
        fields = {_DEVICE_FIELDS[k]: w.utf8(v) for k, v in dev.items() if k in _DEVICE_FIELDS and v is not None}
        if fields:
            e["d"] = w.dictionary(fields)
    md = sample.get("metadata") or {}
    signed = {k: _metadata_value(k, md[k]) for k in SIGNED_METADATA_KEYS if k in md}
    if signed:
        e["m"] = w.dictionary(signed)
    return e


def build(sample: dict) -> bytes:
    return w.dictionary(_entries(sample, True))
