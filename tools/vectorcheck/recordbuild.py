"""Builds the record DER (format version 1 or 2) from a JSON sample object, from docs/FORMAT.md alone."""
from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from . import dates, derwriter as w, units
from .record import DEVICE_KEYS, is_signed_key, kind_of, signed_keys, stored_spelling
from .stored import decimal_of
from .workouts import ACTIVITY_TYPES, EVENT_TYPES, TOTAL_KEYS

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


def _entries(sample: dict, parent: tuple | None, rule: dict) -> dict[str, bytes]:
    t = sample.get("type")
    if not isinstance(t, str):
        raise BuildError("sample has no type")
    e: dict[str, bytes] = {"t": w.utf8(t)}
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
        e["o"] = w.sequence([w.dictionary(_entries(o, (start, end), rule)) for o in sample.get("objects", [])])
    elif kind == "workout":
        _workout(sample, start, end, e, rule)
    dev = sample.get("device")
    if isinstance(dev, dict):
        fields = {_DEVICE_FIELDS[k]: w.utf8(v) for k, v in dev.items() if k in _DEVICE_FIELDS and v is not None}
        if fields:
            e["d"] = w.dictionary(fields)
    signed = _signed_metadata(sample.get("metadata") or {}, rule["keys"], rule)
    if signed:
        e["m"] = w.dictionary(signed)
    return e


def _signed_metadata(md: dict, keys: tuple[str, ...], rule: dict) -> dict[str, bytes]:
    """FORMAT.md "Signed metadata": every key the device supplied (only version 1's `keys` when
    building a version-1 record); a key version 1 does not sign makes the record version 2."""
    by_stored = {}
    for k, v in md.items():
        sk = stored_spelling(k)
        if sk in keys or (not rule["version1"] and is_signed_key(k)):
            if sk not in keys:
                rule["fv"] = 2
            if sk in by_stored:
                raise BuildError(f"metadata {sk} given under two spellings")
            by_stored[sk] = v
    return {k: _metadata_value(k, v) for k, v in by_stored.items()}


def _exact_decimal(f: Fraction) -> Decimal:
    d = f.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d != 1:
        raise BuildError(f"{f} seconds is not an exact decimal")
    with localcontext() as ctx:
        ctx.prec = 200
        return Decimal(f.numerator) / Decimal(f.denominator)


def _seconds(v: object) -> Decimal:
    """A JSON duration: a number of seconds, or {"value", "unit"} in a time unit."""
    if isinstance(v, dict):
        value, unit = decimal_of(v.get("value")), v.get("unit")
        if value is None or not isinstance(unit, str):
            raise BuildError(f"duration {v!r} is not a value and a unit")
        return _exact_decimal(units.convert(Fraction(value), units.parse_unit(unit), units.parse_unit("s")))
    d = decimal_of(v)
    if d is None:
        raise BuildError(f"duration {v!r} is not a number")
    return d


def _instant_fraction(t) -> Fraction:
    return Fraction(t.seconds) + t.fraction


def _workout(sample: dict, start, end, e: dict[str, bytes], rule: dict) -> None:
    at = sample.get("activityType")
    raw = at if isinstance(at, int) and not isinstance(at, bool) else ACTIVITY_TYPES.get(at) if isinstance(at, str) else None
    if raw is None:
        raise BuildError(f"activityType {at!r} is not a HealthKit activity type")
    e["at"] = w.integer(raw)
    # JSON: duration defaults to the whole interval (end - start)
    if "duration" in sample:
        e["du"] = w.real(_seconds(sample["duration"]))
    else:
        e["du"] = w.real(_exact_decimal(_instant_fraction(end) - _instant_fraction(start)))
    for key, name in TOTAL_KEYS.items():
        if name in sample:
            q = sample[name]
            e[key] = w.sequence([w.real(decimal_of(q["value"])), w.utf8(q["unit"])])
    events = []
    for ev in sample.get("events") or []:
        typ = ev.get("type")
        raw_type = typ if isinstance(typ, int) and not isinstance(typ, bool) else EVENT_TYPES.get(typ)
        if raw_type is None:
            raise BuildError(f"event type {typ!r} is not a HealthKit event type")
        offset = _instant_fraction(dates.parse_rfc3339(ev["date"])) - _instant_fraction(start)
        items = [w.integer(raw_type), w.real(_exact_decimal(offset))]
        if "duration" in ev:
            items.append(w.real(_seconds(ev["duration"])))
        md = _signed_metadata(ev.get("metadata") or {}, rule["keys"], rule)
        if md:
            items.append(w.dictionary(md))
        events.append(w.sequence(items))
    if events:
        e["ev"] = w.sequence(events)


def build(sample: dict, version1: bool = False) -> bytes:
    """The record of `sample`; `version1`: the record a format-version-1 signer built (only
    version 1's metadata keys signed)."""
    rule = {"version1": version1, "fv": 1, "keys": signed_keys(sample.get("type") or "")}
    e = _entries(sample, None, rule)
    e["fv"] = w.integer(rule["fv"])
    return w.dictionary(e)
