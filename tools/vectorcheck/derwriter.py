"""Minimal DER encoder, used only to rebuild records from sample JSON (docs/FORMAT.md)."""
from __future__ import annotations

import datetime
from decimal import Decimal

from .dervalues import Instant, _fraction_digits


def tlv(tag: int, content: bytes) -> bytes:
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        octets = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(octets)]) + octets
    return bytes([tag]) + length + content


def utf8(s: str) -> bytes:
    return tlv(0x0C, s.encode("utf-8"))


def integer(v: int) -> bytes:
    n = (v.bit_length() + 8) // 8
    return tlv(0x02, v.to_bytes(n, "big", signed=True))


def boolean(v: bool) -> bytes:
    return tlv(0x01, b"\xff" if v else b"\x00")


def real(v: Decimal) -> bytes:
    """X.690 11.3.2 canonical NR3: zero has no content; mantissa without leading/trailing zeros."""
    if v.is_zero():
        return tlv(0x09, b"")
    sign, digits, exp = v.as_tuple()
    digits = list(digits)
    while digits and digits[-1] == 0:
        digits.pop()
        exp += 1
    while digits and digits[0] == 0:
        digits.pop(0)
    mant = "".join(str(d) for d in digits)
    e = "+0" if exp == 0 else str(exp)
    return tlv(0x09, b"\x03" + f"{'-' if sign else ''}{mant}.E{e}".encode())


def generalized_time(t: Instant) -> bytes:
    dt = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=t.seconds)
    text = dt.strftime("%Y%m%d%H%M%S")
    if len(text) != 14:
        text = f"{dt.year:04d}" + text[-10:]
    if t.fraction:
        text += "." + _fraction_digits(t.fraction)
    return tlv(0x18, (text + "Z").encode())


def octet_string(b: bytes) -> bytes:
    return tlv(0x04, b)


def sequence(items: list[bytes]) -> bytes:
    return tlv(0x30, b"".join(items))


def set_of(items: list[bytes]) -> bytes:
    # X.690 11.6: ascending order of the encodings, shorter padded with trailing zero octets.
    width = max((len(i) for i in items), default=0)
    return tlv(0x31, b"".join(sorted(items, key=lambda i: i.ljust(width, b"\0"))))


def dictionary(entries: dict[str, bytes]) -> bytes:
    return set_of([sequence([utf8(k), v]) for k, v in entries.items()])
