"""Stored fields against signed fields (docs/VERIFY.md, "Field comparison rules")."""
from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from fractions import Fraction

from . import dates, units
from .dervalues import Instant
from .record import Record, signed_keys, stored_spelling
from .stored import CATEGORY_LABELS, Stored, decimal_of
from .workouts import ACTIVITY_TYPES, EVENT_TYPES, QUANTITY_KEYS


class CheckerLimitation(Exception):
    """Something this checker cannot decide (e.g. a unit not in its table): the test fails loudly."""


def compare(rec: Record, st: Stored, path: str = "") -> tuple[list[str], list[str]]:
    """Returns (mismatching field paths, notes)."""
    diffs: list[str] = []
    notes: list[str] = []
    p = (lambda f: f"{path}.{f}") if path else (lambda f: f)

    if st.type != rec.type:
        diffs.append(p("type"))

    if rec.kind == "quantity":
        _quantity(rec, st, p, diffs)
    elif rec.kind == "category":
        if _category_value(st.value) != rec.value:
            diffs.append(p("value"))

    for name, signed, stored in (("startDate", rec.start, st.start), ("endDate", rec.end, st.end)):
        if not _same_instant(signed, stored, st.source):
            diffs.append(p(name))

    if rec.device is not None:
        if st.device is None:
            diffs.append(p("device"))
        else:
            for f, v in rec.device.items():
                if f not in st.device:
                    if st.source == "xml":
                        notes.append(f"{p('device.' + f)} not stored")
                    else:
                        diffs.append(p("device." + f))
                elif st.device[f] != v:
                    diffs.append(p("device." + f))
            # The record holds every device field the sample had when signed (FORMAT.md: "only
            # the fields that are set"), so a stored field the record lacks was added later.
            for f in st.device:
                if f not in rec.device:
                    diffs.append(p("device." + f))
    elif st.device and st.source != "xml":
        # VERIFY.md "additions": a device stored on a sample signed without one was added later
        # (export.xml is exempt: the Health app may attach the phone's own description).
        diffs.append(p("device"))

    _metadata(rec.metadata or {}, st.metadata, st.repeated_metadata, signed_keys(rec.type), st.source, p, diffs)

    if rec.kind == "correlation":
        diffs.extend(_objects(rec, st, path, notes))
    if rec.kind == "workout":
        _workout(rec, st, diffs)
    return sorted(set(diffs)), notes


def _metadata(signed_md: dict, stored: dict, repeated: list, keys: tuple, source: str, p, diffs: list[str]) -> None:
    # docs/VERIFY.md: every stored copy of a signed key (export.xml may repeat a key, and either
    # spelling may be used) must equal the signed value.
    stored_md: dict[str, list[object]] = defaultdict(list)
    spelled: dict[str, str] = {}
    for k, v in list(stored.items()) + repeated:
        stored_md[stored_spelling(k)].append(v)
        # one predefined key under two spellings is not a valid sample (reported on the later one)
        if spelled.setdefault(stored_spelling(k), k) != k:
            diffs.append(p("metadata." + k))
    for k, v in signed_md.items():
        if k not in stored_md or not all(_same_metadata(v, copy, source, k) for copy in stored_md[k]):
            diffs.append(p("metadata." + k))
    # likewise a signed-kind metadata key present in the stored sample but not in the record
    for k in stored_md:
        if k in keys and k not in signed_md:
            diffs.append(p("metadata." + k))


def _workout(rec: Record, st: Stored, diffs: list[str]) -> None:
    """docs/VERIFY.md, "Workouts"."""
    a = st.activity_type
    stored_type = a if isinstance(a, int) and not isinstance(a, bool) else ACTIVITY_TYPES.get(a) if isinstance(a, str) else None
    if stored_type != rec.activity_type:
        diffs.append("activityType")
    if st.duration is None:
        # not stored: the whole interval (JSON's default; export.xml without `duration`)
        start, end = _parse_instant(st.start), _parse_instant(st.end)
        if start is None or end is None or _fraction(end) - _fraction(start) != Fraction(rec.duration):
            diffs.append("duration")
    elif _quantity_diff(rec.duration, "s", st.duration[0], st.duration[1]):
        diffs.append("duration")
    for name in set(rec.totals) | set(st.totals):
        if name not in rec.totals or name not in st.totals:
            diffs.append(name)
            continue
        signed_value, signed_unit = rec.totals[name]
        if _quantity_diff(signed_value, signed_unit, *st.totals[name]):
            diffs.append(name)
    if len(rec.events) != len(st.events):
        diffs.append("events")
        return
    for i, (se, te) in enumerate(zip(rec.events, st.events)):
        p = lambda f, i=i: f"events[{i}].{f}"
        t = te.type
        stored_event_type = t if isinstance(t, int) and not isinstance(t, bool) else EVENT_TYPES.get(t) if isinstance(t, str) else None
        if stored_event_type != se["type"]:
            diffs.append(p("type"))
        if not _same_instant(se["date"], te.date, st.source):
            diffs.append(p("date"))
        # an instant is a zero-length interval: an absent duration is 0 s
        stored_duration = te.duration if te.duration is not None else (0, "s")
        if _quantity_diff(se["duration"] if se["duration"] is not None else Decimal(0), "s", *stored_duration):
            diffs.append(p("duration"))
        _metadata(se["metadata"], te.metadata, te.repeated_metadata, signed_keys(rec.type), st.source, p, diffs)


def _fraction(t: Instant) -> Fraction:
    return Fraction(t.seconds) + t.fraction


def _quantity(rec: Record, st: Stored, p, diffs: list[str]) -> None:
    field = _quantity_diff(rec.value, rec.unit, st.value, st.unit)
    if field:
        diffs.append(p(field))


def _quantity_diff(signed_value: Decimal, signed_unit: str, stored_raw: object, stored_unit: object) -> str | None:
    """docs/VERIFY.md `value` + `unit`: None when equal, else the field that differs ("unit" or "value")."""
    stored_value = decimal_of(stored_raw)
    if not isinstance(stored_unit, str):
        return "unit"
    if stored_unit == signed_unit:
        if stored_value is None or stored_value != signed_value:
            return "value"
        return None
    try:
        su, ru = units.parse_unit(stored_unit), units.parse_unit(signed_unit)
    except units.UnitError as e:
        raise CheckerLimitation(f"cannot compare units {stored_unit!r} and {signed_unit!r}: {e}") from None
    if not su.compatible(ru):
        return "unit"
    if stored_value is None:
        return "value"
    v = Fraction(stored_value)
    converted = units.convert(v, su, ru)
    exponent = stored_value.as_tuple().exponent
    half = Fraction(1, 2) * Fraction(10) ** exponent
    rounding = abs(units.convert(v + half, su, ru) - converted)
    # docs/VERIFY.md: the rounding forgiven is capped at max(half the signed value's own last
    # place, at most 0.5; 1% of the signed value), so a far coarser stored unit forgives nothing more.
    signed_exponent = min(0, decimal_of(signed_value).as_tuple().exponent)
    cap = max(Fraction(1, 2) * Fraction(10) ** signed_exponent, abs(Fraction(signed_value)) / 100)
    tolerance = min(rounding, cap) + abs(Fraction(signed_value)) * Fraction(1, 10**9)
    if abs(converted - Fraction(signed_value)) > tolerance:
        return "value"
    return None


def _category_value(v: object) -> int | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, Decimal):
        return int(v) if v == v.to_integral_value() else None
    if isinstance(v, str):
        if v in CATEGORY_LABELS:
            return CATEGORY_LABELS[v]
        d = decimal_of(v)
        if d is not None and d == d.to_integral_value():
            return int(d)
    return None


def _parse_instant(text: object) -> Instant | None:
    if not isinstance(text, str):
        return None
    try:
        return dates.parse_any(text)
    except dates.DateError:
        return None


def _same_instant(signed: Instant, stored: object, source: str) -> bool:
    t = _parse_instant(stored)
    if t is None:
        return False
    if source == "xml":
        return signed.truncated() == t.truncated() and t.fraction == 0
    return signed == t


def _same_metadata(signed: object, stored: object, source: str, key: str = "") -> bool:
    if isinstance(signed, bool):
        if isinstance(stored, bool):
            return stored == signed
        if isinstance(stored, str):
            return stored.strip().lower() in (("1", "true", "yes") if signed else ("0", "false", "no"))
        if isinstance(stored, (int, Decimal)):
            return stored == (1 if signed else 0)
        return False
    if isinstance(signed, str):
        if not isinstance(stored, str):
            return False
        if stored != signed and key in QUANTITY_KEYS:
            # VERIFY.md: a workout quantity key ("8.4 m/s") may be stored in another unit
            sq, tq = signed.split(" ", 1), stored.split(" ", 1)
            if len(sq) == 2 and len(tq) == 2 and decimal_of(sq[0]) is not None and decimal_of(tq[0]) is not None:
                try:
                    return _quantity_diff(decimal_of(sq[0]), sq[1], tq[0], tq[1]) is None
                except CheckerLimitation:
                    return False
        return stored == signed
    if isinstance(signed, (int, Decimal)):
        d = decimal_of(stored)
        return d is not None and d == signed
    if isinstance(signed, Instant):
        return _same_instant(signed, stored, source)
    if isinstance(signed, bytes):
        import base64
        try:
            return isinstance(stored, str) and base64.b64decode(stored, validate=True) == signed
        except ValueError:
            return False
    return False


def _objects(rec: Record, st: Stored, path: str, notes: list[str]) -> list[str]:
    prefix = f"{path}.objects" if path else "objects"
    if len(rec.objects) != len(st.objects):
        return [prefix]
    stored_by_type: dict[str, list[Stored]] = defaultdict(list)
    for o in st.objects:
        stored_by_type[o.type].append(o)
    seen: dict[str, int] = defaultdict(int)
    diffs: list[str] = []
    for i, so in enumerate(rec.objects):
        pool = stored_by_type.get(so.type, [])
        k = seen[so.type]
        seen[so.type] += 1
        if k >= len(pool):
            return [prefix]
        d, n = compare(so, pool[k], f"{prefix}[{i}]")
        diffs.extend(d)
        notes.extend(n)
    return diffs
