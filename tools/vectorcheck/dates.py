"""Timestamps of stored samples: RFC 3339 (JSON) and export.xml's `yyyy-MM-dd HH:mm:ss ±hhmm`."""
from __future__ import annotations

import re

from .der import DERError
from .dervalues import Instant, instant_from_fields

_RFC3339 = re.compile(r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?"
                      r"(?:([Zz])|([+-])(\d{2}):(\d{2}))\Z")
_XML = re.compile(r"(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})\Z")


class DateError(ValueError):
    pass


def _offset(sign: str, hh: str, mm: str) -> int:
    h, m = int(hh), int(mm)
    if h > 23 or m > 59:
        raise DateError("offset out of range")
    return (1 if sign == "+" else -1) * (h * 3600 + m * 60)


def _build(groups, frac: str, offset: int, text: str) -> Instant:
    try:
        return instant_from_fields(*(int(g) for g in groups), frac_text=frac, offset_seconds=offset)
    except DERError as e:
        raise DateError(f"{text!r}: {e.detail}") from None


def parse_rfc3339(text: str) -> Instant:
    m = _RFC3339.match(text)
    if not m:
        raise DateError(f"not an RFC 3339 date-time: {text!r}")
    off = 0 if m.group(8) else _offset(m.group(9), m.group(10), m.group(11))
    return _build(m.groups()[:6], m.group(7) or "", off, text)


def parse_export_date(text: str) -> Instant:
    m = _XML.match(text)
    if not m:
        raise DateError(f"not an export.xml date: {text!r}")
    return _build(m.groups()[:6], "", _offset(m.group(7), m.group(8), m.group(9)), text)


def parse_any(text: str) -> Instant:
    try:
        return parse_rfc3339(text)
    except DateError:
        return parse_export_date(text)
