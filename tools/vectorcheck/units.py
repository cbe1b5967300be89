"""A small HealthKit unit-string table with exact (Fraction) conversion.

Syntax handled: FACTOR ( ('*' | '·') FACTOR )* [ '/' ['('] FACTOR ( ('*' | '·') FACTOR )* [')'] ]
with FACTOR = ATOM ['^' INT]. As in HealthKit's unit strings, every factor after '/' is in the
denominator (`mL/min·kg` is mL/(min·kg)). Temperatures are affine and only stand alone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

F = Fraction

# dimension vectors over (M, L, T, S) where S is an opaque conductance dimension
_M, _L, _T, _S = "M", "L", "T", "S"


def _dim(**kw) -> tuple:
    return tuple(sorted((k, v) for k, v in kw.items() if v))


# base atoms that take SI prefixes: symbol -> (factor to SI base, dims)
_PREFIXABLE = {
    "g": (F(1, 1000), _dim(M=1)),
    "m": (F(1), _dim(L=1)),
    "L": (F(1, 1000), _dim(L=3)),
    "s": (F(1), _dim(T=1)),
    "J": (F(1), _dim(M=1, L=2, T=-2)),
    "cal": (F(4184, 1000), _dim(M=1, L=2, T=-2)),
    "Pa": (F(1), _dim(M=1, L=-1, T=-2)),
    "W": (F(1), _dim(M=1, L=2, T=-3)),
    "S": (F(1), _dim(S=1)),
}
_PREFIXES = {"p": F(1, 10**12), "n": F(1, 10**9), "mc": F(1, 10**6), "m": F(1, 1000), "c": F(1, 100),
             "d": F(1, 10), "da": F(10), "h": F(100), "k": F(1000), "M": F(10**6), "G": F(10**9),
             "T": F(10**12)}
_MMHG = F(Decimal("133.322387415"))
_LB = F(Decimal("0.45359237"))
_EXACT = {
    "count": (F(1), ()),
    "%": (F(1, 100), ()),
    "lb": (_LB, _dim(M=1)),
    "oz": (_LB / 16, _dim(M=1)),
    "st": (_LB * 14, _dim(M=1)),
    "in": (F(Decimal("0.0254")), _dim(L=1)),
    "ft": (F(Decimal("0.3048")), _dim(L=1)),
    "yd": (F(Decimal("0.9144")), _dim(L=1)),
    "mi": (F(Decimal("1609.344")), _dim(L=1)),
    "min": (F(60), _dim(T=1)),
    "hr": (F(3600), _dim(T=1)),
    "d": (F(86400), _dim(T=1)),
    "Cal": (F(4184), _dim(M=1, L=2, T=-2)),
    "mmHg": (_MMHG, _dim(M=1, L=-1, T=-2)),
    "inHg": (_MMHG * F(254, 10), _dim(M=1, L=-1, T=-2)),
    "cmAq": (F(Decimal("98.0665")), _dim(M=1, L=-1, T=-2)),
    "atm": (F(101325), _dim(M=1, L=-1, T=-2)),
    "fl_oz_us": (F(Decimal("0.0295735295625")) / 1000, _dim(L=3)),
    "fl_oz_imp": (F(Decimal("0.0284130625")) / 1000, _dim(L=3)),
    "cup_us": (F(Decimal("0.2365882365")) / 1000, _dim(L=3)),
    "pt_us": (F(Decimal("0.473176473")) / 1000, _dim(L=3)),
}
# affine temperature units: kelvin = value * factor + offset
_TEMPERATURE = {
    "K": (F(1), F(0)),
    "degC": (F(1), F(Decimal("273.15"))),
    "degF": (F(5, 9), F(Decimal("459.67")) * F(5, 9)),
}
_MOL = re.compile(r"(.*?)mol<([0-9]+(?:\.[0-9]+)?)>\Z")


class UnitError(ValueError):
    pass


@dataclass(frozen=True)
class Unit:
    text: str
    factor: Fraction
    dims: tuple
    offset: Fraction = F(0)
    temperature: bool = False

    def compatible(self, other: "Unit") -> bool:
        return self.dims == other.dims and self.temperature == other.temperature

    def to_base(self, v: Fraction) -> Fraction:
        return v * self.factor + self.offset

    def from_base(self, b: Fraction) -> Fraction:
        return (b - self.offset) / self.factor


def _atom(sym: str) -> tuple[Fraction, dict]:
    if sym in _EXACT:
        f, d = _EXACT[sym]
        return f, dict(d)
    m = _MOL.match(sym)
    if m:
        prefix, molar = m.group(1), F(Decimal(m.group(2)))
        if prefix and prefix not in _PREFIXES:
            raise UnitError(f"unknown prefix in {sym!r}")
        # one mole of a substance of molar mass M g/mol weighs M g (HealthKit's mol<M> is a mass)
        return (_PREFIXES[prefix] if prefix else F(1)) * molar / 1000, {_M: 1}
    if sym in _PREFIXABLE:
        f, d = _PREFIXABLE[sym]
        return f, dict(d)
    for p in sorted(_PREFIXES, key=len, reverse=True):
        if sym.startswith(p) and sym[len(p):] in _PREFIXABLE:
            f, d = _PREFIXABLE[sym[len(p):]]
            return _PREFIXES[p] * f, dict(d)
    raise UnitError(f"unknown unit {sym!r}")


def _factors(text: str) -> list[str]:
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    parts = [p for p in re.split(r"[*·]", text)]
    if any(not p for p in parts):
        raise UnitError(f"empty factor in {text!r}")
    return parts


def parse_unit(text: str) -> Unit:
    if text in _TEMPERATURE:
        f, off = _TEMPERATURE[text]
        return Unit(text, f, (("K", 1),), off, True)
    if "/" in text:
        num, den = text.split("/", 1)
        if "/" in den:
            raise UnitError(f"two '/' in {text!r}")
    else:
        num, den = text, ""
    factor = F(1)
    dims: dict[str, int] = {}
    for sign, group in ((1, num), (-1, den)):
        if sign == -1 and not den:
            continue
        for fac in _factors(group):
            m = re.fullmatch(r"(.+?)(?:\^(-?[0-9]+))?", fac)
            sym, exp = m.group(1), int(m.group(2) or 1)
            if sym in _TEMPERATURE:
                raise UnitError(f"temperature {sym!r} inside a compound unit")
            f, d = _atom(sym)
            factor *= f ** (sign * exp)
            for k, v in d.items():
                dims[k] = dims.get(k, 0) + sign * exp * v
    return Unit(text, factor, tuple(sorted((k, v) for k, v in dims.items() if v)))


def convert(value: Fraction, src: Unit, dst: Unit) -> Fraction:
    if not src.compatible(dst):
        raise UnitError(f"{src.text} is not convertible to {dst.text}")
    return dst.from_base(src.to_base(value))
