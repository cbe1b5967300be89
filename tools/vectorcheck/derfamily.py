"""The `der` family: decode `der` as `type` and produce the suite's canonical value text."""
from __future__ import annotations

import re
from decimal import Decimal

from . import der, dervalues as dv
from .der import DERError, Node, UNIVERSAL, CONTEXT

_PRINTABLE = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '()+,-./:=?")

# this checker's rule names -> the suite's DERError.Code vocabulary
CODE_MAP = {
    "truncated-tag": "truncated", "truncated-length": "truncated", "truncated-content": "truncated",
    "empty-input": "truncated", "indefinite-length": "indefiniteLength", "length-too-large": "lengthTooLarge",
    "non-minimal-length": "nonMinimalLength", "non-minimal-tag": "nonMinimalTag", "tag-too-large": "tagTooLarge",
    "reserved-tag": "reservedTag", "trailing-data": "trailingBytes", "too-deep": "nestingTooDeep",
    "constructed-primitive-type": "invalidConstructedFlag", "primitive-constructed-type": "invalidConstructedFlag",
    "set-of-order": "unsortedSet", "unexpected-tag": "unexpectedTag", "missing-field": "missingField",
    "unexpected-field": "unexpectedField", "empty-integer": "emptyInteger",
    "non-minimal-integer": "nonMinimalInteger", "bad-boolean-length": "invalidBoolean",
    "bad-boolean-value": "invalidBoolean", "bad-null": "invalidNull", "empty-oid": "invalidObjectIdentifier",
    "non-minimal-oid": "invalidObjectIdentifier", "truncated-oid": "invalidObjectIdentifier",
    "oid-arc-too-large": "invalidObjectIdentifier", "empty-bit-string": "invalidBitString",
    "bad-unused-bits": "invalidBitString", "nonzero-padding-bits": "invalidBitString",
    "bad-utf8": "invalidString", "bad-string": "invalidString", "bad-generalized-time": "invalidTime",
    "bad-utc-time": "invalidTime", "bad-time": "invalidTime", "real-not-canonical": "invalidReal",
    "real-not-nr3": "invalidReal", "real-binary-not-allowed": "invalidReal", "real-bad-special": "invalidReal",
}


def _restricted_string(node: Node, number: int, allowed) -> str:
    der.expect(node, UNIVERSAL, number, False, "string")
    for i, b in enumerate(node.content):
        if not allowed(b):
            raise DERError("bad-string", node.content_start + i, f"octet {b:02x} outside the alphabet")
    return node.content.decode("ascii")


def _real_text(v) -> str:
    if isinstance(v, str):
        return v
    return format(v, "f")


def _bits(b: dv.BitString) -> str:
    text = "".join(f"{octet:08b}" for octet in b.data)
    return text[:len(text) - b.unused] if b.unused else text


def _time_text(t: dv.Instant) -> str:
    return str(t)


_BASE = {
    "INTEGER": lambda n: str(dv.integer(n)),
    "BOOLEAN": lambda n: "true" if dv.boolean(n) else "false",
    "NULL": lambda n: (dv.null(n), "null")[1],
    "OBJECT IDENTIFIER": lambda n: dv.oid(n),
    "OCTET STRING": lambda n: dv.octet_string(n).hex(),
    "BIT STRING": lambda n: _bits(dv.bit_string(n)),
    "UTF8String": lambda n: dv.utf8_string(n),
    "PrintableString": lambda n: _restricted_string(n, 19, lambda b: b in _PRINTABLE),
    "IA5String": lambda n: _restricted_string(n, 22, lambda b: b < 0x80),
    "UTCTime": lambda n: _time_text(dv.utc_time(n)),
    "GeneralizedTime": lambda n: _time_text(dv.generalized_time(n)),
    "REAL": lambda n: _real_text(dv.real(n, allow_special=True)),
    "ANY": lambda n: n.raw.hex(),
}
_UNIVERSAL_NUMBER = {"INTEGER": 2, "BOOLEAN": 1, "NULL": 5, "OBJECT IDENTIFIER": 6, "OCTET STRING": 4,
                     "BIT STRING": 3, "UTF8String": 12, "PrintableString": 19, "IA5String": 22,
                     "UTCTime": 23, "GeneralizedTime": 24, "REAL": 9}


class UnknownType(ValueError):
    pass


def _decode(type_name: str, node: Node) -> str:
    m = re.fullmatch(r"(SEQUENCE|SET) OF (.+)", type_name)
    if m:
        der.expect(node, UNIVERSAL, der.SEQUENCE if m.group(1) == "SEQUENCE" else der.SET, True, type_name)
        if m.group(1) == "SET":
            der.check_set_of_order(node)
        return "[" + ", ".join(_decode(m.group(2), c) for c in node.children) + "]"
    m = re.fullmatch(r"\[(\d+)\] (EXPLICIT|IMPLICIT) (.+)", type_name)
    if m:
        number, mode, inner = int(m.group(1)), m.group(2), m.group(3)
        if mode == "EXPLICIT":
            der.expect(node, CONTEXT, number, True, type_name)
            if not node.children:
                raise DERError("missing-field", node.start, "empty EXPLICIT wrapper")
            if len(node.children) > 1:
                raise DERError("unexpected-field", node.children[1].start, "EXPLICIT wrapper holds two elements")
            return _decode(inner, node.children[0])
        if inner not in _UNIVERSAL_NUMBER:
            raise UnknownType(type_name)
        der.expect(node, CONTEXT, number, False, type_name)
        # re-read the content under the universal tag the IMPLICIT tag replaced
        clone = Node(node.data, UNIVERSAL, False, _UNIVERSAL_NUMBER[inner], node.start, node.content_start, node.end)
        return _BASE[inner](clone)
    if type_name not in _BASE:
        raise UnknownType(type_name)
    return _BASE[type_name](node)


def decode_text(type_name: str, data: bytes) -> str:
    if not data:
        raise DERError("empty-input", 0)
    return _decode(type_name, der.parse(data))


def suite_code(e: DERError) -> str:
    return CODE_MAP.get(e.code, e.code)
