"""Stored fields against signed fields (docs/VERIFY.md, "Field comparison rules")."""
from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from fractions import Fraction

from . import dates, units
from .dervalues import Instant
from .record import SIGNED_METADATA_KEYS, Record, stored_spelling
from .stored import CATEGORY_LABELS, Stored, decimal_of


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

    # docs/VERIFY.md: every stored copy of a signed key (export.xml may repeat a key, and either
    # spelling may be used) must equal the signed value.
    stored_md: dict[str, list[object]] = defaultdict(list)
    spelled: dict[str, str] = {}
    for k, v in list(st.metadata.items()) + st.repeated_metadata:
        stored_md[stored_spelling(k)].append(v)
        # one predefined key under two spellings is not a valid sample (reported on the later one)
        if spelled.setdefault(stored_spelling(k), k) != k:
            diffs.append(p("metadata." + k))
    signed_md = rec.metadata or {}
    for k, v in signed_md.items():
        if k not in stored_md or not all(_same_metadata(v, copy, st.source) for copy in stored_md[k]):
            diffs.append(p("metadata." + k))
    # likewise a signed-kind metadata key present in the stored sample but not in the record
    for k in stored_md:
        if k in SIGNED_METADATA_KEYS and k not in signed_md:
            diffs.append(p("metadata." + k))

    if rec.kind == "correlation":
        diffs.extend(_objects(rec, st, path, notes))
    return sorted(set(diffs)), notes


def _quantity(rec: Record, st: Stored, p, diffs: list[str]) -> None:
    stored_value = decimal_of(st.value)
    if st.unit is None:
        diffs.append(p("unit"))
        return
    if st.unit == rec.unit:
        if stored_value is None or stored_value != rec.value:
            diffs.append(p("value"))
        return
    try:
        su, ru = units.parse_unit(st.unit), units.parse_unit(rec.unit)
    except units.UnitError as e:
        raise CheckerLimitation(f"cannot compare units {st.unit!r} and {rec.unit!r}: {e}") from None
    if not su.compatible(ru):
        diffs.append(p("unit"))
        return
    if stored_value is None:
        diffs.append(p("value"))
        return
    v = Fraction(stored_value)
    converted = units.convert(v, su, ru)
    exponent = stored_value.as_tuple().exponent
    half = Fraction(1, 2) * Fraction(10) ** exponent
    rounding = abs(units.convert(v + half, su, ru) - converted)
    # docs/VERIFY.md: the rounding forgiven is capped at max(half the signed value's own last
    # place, at most 0.5; 1% of the signed value), so a far coarser stored unit forgives nothing more.
    signed_exponent = min(0, decimal_of(rec.value).as_tuple().exponent)
    cap = max(Fraction(1, 2) * Fraction(10) ** signed_exponent, abs(Fraction(rec.value)) / 100)
    tolerance = min(rounding, cap) + abs(Fraction(rec.value)) * Fraction(1, 10**9)
    if abs(converted - Fraction(rec.value)) > tolerance:
        diffs.append(p("value"))


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


def _same_metadata(signed: object, stored: object, source: str) -> bool:
    if isinstance(signed, bool):
        if isinstance(stored, bool):
            return stored == signed
        if isinstance(stored, str):
            return stored.strip().lower() in (("1", "true", "yes") if signed else ("0", "false", "no"))
        if isinstance(stored, (int, Decimal)):
            return stored == (1 if signed else 0)
        return False
    if isinstance(signed, str):
        return isinstance(stored, str) and stored == signed
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
