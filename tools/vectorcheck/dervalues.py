"""Typed DER primitives: each checks the DER-specific rules of X.690 for its type."""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from . import der
from .der import DERError, Node


def _want(node: Node, number: int, what: str) -> None:
    der.expect(node, der.UNIVERSAL, number, False, what)


def boolean(node: Node, what: str = "BOOLEAN", check_tag: bool = True) -> bool:
    if check_tag:
        _want(node, der.BOOLEAN, what)
    c = node.content
    if len(c) != 1:
        raise DERError("bad-boolean-length", node.start, what)
    if c[0] == 0x00:
        return False
    if c[0] == 0xFF:
        return True
    raise DERError("bad-boolean-value", node.content_start, "X.690 11.1: TRUE is FF in DER")


def integer(node: Node, what: str = "INTEGER", check_tag: bool = True) -> int:
    if check_tag:
        _want(node, der.INTEGER, what)
    return integer_content(node.content, node.content_start)


def integer_content(c: bytes, offset: int) -> int:
    if not c:
        raise DERError("empty-integer", offset)
    # X.690 8.3.2: the first nine bits shall not be all ones or all zeros.
    if len(c) > 1 and ((c[0] == 0x00 and c[1] < 0x80) or (c[0] == 0xFF and c[1] >= 0x80)):
        raise DERError("non-minimal-integer", offset)
    return int.from_bytes(c, "big", signed=True)


def null(node: Node, what: str = "NULL") -> None:
    _want(node, der.NULL, what)
    if node.content:
        raise DERError("bad-null", node.start, "NULL has content octets")


def oid(node: Node, what: str = "OBJECT IDENTIFIER", check_tag: bool = True) -> str:
    if check_tag:
        _want(node, der.OID, what)
    c = node.content
    if not c:
        raise DERError("empty-oid", node.start)
    arcs = []
    value = 0
    fresh = True
    for i, octet in enumerate(c):
        if fresh and octet == 0x80:
            raise DERError("non-minimal-oid", node.content_start + i, "subidentifier with a leading 0x80")
        value = (value << 7) | (octet & 0x7F)
        fresh = not octet & 0x80
        if fresh:
            arcs.append(value)
            value = 0
    if not fresh:
        raise DERError("truncated-oid", node.end - 1, "last subidentifier not terminated")
    if any(a >= 1 << 64 for a in arcs[1:]) or arcs[0] >= (1 << 64):
        # an implementation limit (the suite's too), not a DER rule
        raise DERError("oid-arc-too-large", node.content_start, "arc beyond 64 bits")
    first = arcs[0]
    if first < 40:
        head = [0, first]
    elif first < 80:
        head = [1, first - 40]
    else:
        head = [2, first - 80]
    return ".".join(str(a) for a in head + arcs[1:])


def octet_string(node: Node, what: str = "OCTET STRING") -> bytes:
    _want(node, der.OCTET_STRING, what)
    return node.content


@dataclass(frozen=True)
class BitString:
    unused: int
    data: bytes


def bit_string(node: Node, what: str = "BIT STRING") -> BitString:
    _want(node, der.BIT_STRING, what)
    c = node.content
    if not c:
        raise DERError("empty-bit-string", node.start)
    unused = c[0]
    if unused > 7:
        raise DERError("bad-unused-bits", node.content_start)
    if len(c) == 1 and unused:
        raise DERError("bad-unused-bits", node.content_start, "unused bits in an empty BIT STRING")
    if unused and c[-1] & ((1 << unused) - 1):
        raise DERError("nonzero-padding-bits", node.end - 1, "X.690 11.2.1: unused bits shall be zero")
    return BitString(unused, c[1:])


def utf8_string(node: Node, what: str = "UTF8String", check_tag: bool = True) -> str:
    if check_tag:
        _want(node, der.UTF8STRING, what)
    try:
        return node.content.decode("utf-8", errors="strict")
    except UnicodeDecodeError as exc:
        raise DERError("bad-utf8", node.content_start + exc.start, str(exc.reason)) from None


@dataclass(frozen=True, order=True)
class Instant:
    """An exact UTC instant: whole seconds since the epoch plus an exact fraction in [0, 1)."""
    seconds: int
    fraction: Fraction = Fraction(0)

    def truncated(self) -> "Instant":
        return Instant(self.seconds)

    def __str__(self) -> str:
        import datetime
        try:
            t = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=self.seconds)
        except OverflowError:
            return f"{self.seconds}+{self.fraction}s"
        base = t.strftime("%Y-%m-%dT%H:%M:%S")
        if self.fraction:
            base += "." + _fraction_digits(self.fraction)
        return base + "Z"


def _fraction_digits(f: Fraction) -> str:
    # fractions built from decimal text are exact decimals; print all digits
    digits = ""
    n = f
    for _ in range(40):
        if not n:
            break
        n *= 10
        d = int(n)
        digits += str(d)
        n -= d
    return digits


def instant_from_fields(year: int, month: int, day: int, hour: int, minute: int, second: int,
                        frac_text: str = "", offset_seconds: int = 0, where: int = 0) -> Instant:
    if not (1 <= month <= 12):
        raise DERError("bad-time", where, "month out of range")
    if not (1 <= day <= calendar.monthrange(year, month)[1]):
        raise DERError("bad-time", where, "day out of range")
    if hour > 23 or minute > 59 or second > 59:
        raise DERError("bad-time", where, "time of day out of range")
    secs = calendar.timegm((year, month, day, hour, minute, second, 0, 0, 0)) - offset_seconds
    frac = Fraction(int(frac_text), 10 ** len(frac_text)) if frac_text else Fraction(0)
    return Instant(secs, frac)


_GT = re.compile(rb"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d+))?Z\Z")


def generalized_time(node: Node, what: str = "GeneralizedTime", check_tag: bool = True) -> Instant:
    """X.690 11.7: YYYYMMDDHHMMSS[.f+]Z, seconds present, no trailing fraction zeros, '.' not ','."""
    if check_tag:
        _want(node, der.GENERALIZEDTIME, what)
    m = _GT.match(node.content)
    if not m:
        raise DERError("bad-generalized-time", node.content_start, repr(node.content))
    frac = (m.group(7) or b"").decode()
    if len(frac) > 9:
        # an implementation limit (nanoseconds), shared with the suite; not a DER rule
        raise DERError("bad-generalized-time", node.content_start, "more than 9 fraction digits")
    if frac.endswith("0"):
        raise DERError("bad-generalized-time", node.content_start, "trailing zero in the fraction")
    y, mo, d, h, mi, s = (int(g) for g in m.groups()[:6])
    return instant_from_fields(y, mo, d, h, mi, s, frac, 0, node.content_start)


_UT = re.compile(rb"(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z\Z")


def utc_time(node: Node, what: str = "UTCTime") -> Instant:
    """X.690 11.8: YYMMDDHHMMSSZ; RFC 5280 century rule (YY >= 50 is 19YY)."""
    _want(node, der.UTCTIME, what)
    m = _UT.match(node.content)
    if not m:
        raise DERError("bad-utc-time", node.content_start, repr(node.content))
    yy, mo, d, h, mi, s = (int(g) for g in m.groups())
    year = 1900 + yy if yy >= 50 else 2000 + yy
    return instant_from_fields(year, mo, d, h, mi, s, "", 0, node.content_start)


_NR3 = re.compile(rb"(-?)([1-9](?:\d*[1-9])?)\.E(\+0|-?[1-9]\d*)\Z")


SPECIAL_REALS = {0x40: "PLUS-INFINITY", 0x41: "MINUS-INFINITY", 0x42: "NOT-A-NUMBER", 0x43: "-0"}


def real(node: Node, what: str = "REAL", check_tag: bool = True, allow_special: bool = False):
    """X.690 8.5 + 11.3: only decimal NR3 in its canonical form, or zero (no content octets).

    Canonical (11.3.2): mantissa an integer with no leading or trailing zeros, a full stop, 'E',
    exponent '+0' for zero else without '+' and without leading zeros; '-' only for negatives.
    Binary encodings and the special values are refused (the record format allows only decimal).
    """
    if check_tag:
        _want(node, der.REAL, what)
    c = node.content
    if not c:
        return Decimal(0)
    first = c[0]
    if first & 0x80:
        raise DERError("real-binary-not-allowed", node.content_start)
    if first & 0x40:
        if len(c) != 1 or first not in SPECIAL_REALS:
            raise DERError("real-bad-special", node.content_start, f"special value {c.hex()}")
        if not allow_special:
            raise DERError("real-special-value", node.content_start, f"special value {first:#04x}")
        return SPECIAL_REALS[first]
    if first != 0x03:
        raise DERError("real-not-nr3", node.content_start, f"decimal form {first & 0x3F} (DER requires NR3)")
    m = _NR3.match(c[1:])
    if not m:
        raise DERError("real-not-canonical", node.content_start + 1, repr(c[1:]))
    sign, mant, exp = (g.decode() for g in m.groups())
    if exp == "+0":
        exp = "0"
    return Decimal(f"{sign}{mant}E{exp}")


def check_contents(node: Node) -> None:
    """X.690 content rules of every universal primitive in the tree under ``node`` whose type has a
    single DER form (BOOLEAN, INTEGER, ENUMERATED, BIT STRING, NULL, OID, UTCTime, GeneralizedTime).

    For open types never decoded by a schema, such as CMS attribute values, which RFC 5652 5.3
    requires to be DER because they are hashed as received."""
    if node.constructed:
        for child in node.children:
            check_contents(child)
        return
    if node.cls != der.UNIVERSAL:
        return
    checks = {
        der.BOOLEAN: lambda n: boolean(n, check_tag=False),
        der.INTEGER: lambda n: integer(n, check_tag=False),
        der.ENUMERATED: lambda n: integer_content(n.content, n.content_start),
        der.BIT_STRING: bit_string,
        der.NULL: null,
        der.OID: _oid_encoding,
        der.UTCTIME: utc_time,
        der.GENERALIZEDTIME: _generalized_time_encoding,
    }
    check = checks.get(node.number)
    if check is not None:
        check(node)


# Encoding rules only: the suite's value limits (64-bit arcs, 9 fraction digits) are not DER's,
# and a valid `2.25.<UUID>` OID inside an attribute value must pass.

def _oid_encoding(node: Node) -> None:
    try:
        oid(node, check_tag=False)
    except DERError as e:
        if e.code != "oid-arc-too-large":   # checked last, after every encoding rule
            raise


_LONG_FRACTION = re.compile(rb"(\d{14}\.)(\d{8})\d+(\d)")


def _generalized_time_encoding(node: Node) -> None:
    c = node.content
    m = _LONG_FRACTION.match(c)
    if m:  # keep 8 digits and the last: the fraction rules hold or fail as before
        c = m.group(1) + m.group(2) + m.group(3) + c[m.end():]
        node = Node(c, node.cls, node.constructed, node.number, node.start, 0, len(c))
    generalized_time(node, check_tag=False)
