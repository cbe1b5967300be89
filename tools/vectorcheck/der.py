"""A small strict DER reader (ITU-T X.690, DER subset).

Only the TLV layer lives here: tags, lengths, nesting, primitive/constructed rules. The typed
primitives (INTEGER, OID, times, REAL, ...) are in ``dervalues.py``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

UNIVERSAL, APPLICATION, CONTEXT, PRIVATE = 0, 1, 2, 3
CLASS_NAMES = {UNIVERSAL: "universal", APPLICATION: "application", CONTEXT: "context", PRIVATE: "private"}

# Universal tag numbers used below.
BOOLEAN, INTEGER, BIT_STRING, OCTET_STRING, NULL, OID = 1, 2, 3, 4, 5, 6
REAL, ENUMERATED, UTF8STRING, RELATIVE_OID = 9, 10, 12, 13
SEQUENCE, SET = 16, 17
UTCTIME, GENERALIZEDTIME = 23, 24

# X.690 8.x / 10.2: these universal types are always primitive in DER (strings included, since DER
# forbids the constructed string forms).
_ALWAYS_PRIMITIVE = {1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 13, 14, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                     27, 28, 29, 30, 31, 32, 33, 34, 35, 36}
# SEQUENCE, SET, EXTERNAL, EMBEDDED PDV, CHARACTER STRING are always constructed.
_ALWAYS_CONSTRUCTED = {8, 11, 16, 17, 29}
_ALWAYS_PRIMITIVE -= _ALWAYS_CONSTRUCTED

MAX_DEPTH = 50              # nested constructed elements, the root counting as level 1
MAX_TAG_OCTETS = 4          # high tag numbers up to 28 bits
MAX_LENGTH_OCTETS = 4       # lengths up to 2^32-1 (the input bounds them anyway)


class DERError(Exception):
    """A DER rule violation at a byte offset. ``code`` is a short machine-readable rule name."""

    def __init__(self, code: str, offset: int, detail: str = ""):
        self.code = code
        self.offset = offset
        self.detail = detail
        super().__init__(f"{code} at offset {offset}" + (f": {detail}" if detail else ""))


@dataclass
class Node:
    """One TLV. ``data`` is the whole input; offsets are absolute into it."""
    data: bytes = field(repr=False)
    cls: int
    constructed: bool
    number: int
    start: int          # offset of the identifier octet
    content_start: int
    end: int            # one past the last content octet
    children: list["Node"] = field(default_factory=list, repr=False)

    @property
    def content(self) -> bytes:
        return self.data[self.content_start:self.end]

    @property
    def raw(self) -> bytes:
        return self.data[self.start:self.end]

    @property
    def identifier(self) -> bytes:
        return self.data[self.start:self.content_start]

    def is_(self, cls: int, number: int, constructed: bool | None = None) -> bool:
        if self.cls != cls or self.number != number:
            return False
        return constructed is None or self.constructed == constructed

    def tag_name(self) -> str:
        return f"[{CLASS_NAMES[self.cls]} {self.number}{' constructed' if self.constructed else ''}]"


def _read_identifier(data: bytes, pos: int, limit: int) -> tuple[int, bool, int, int]:
    if pos >= limit:
        raise DERError("truncated-tag", pos)
    first = data[pos]
    cls = first >> 6
    constructed = bool(first & 0x20)
    number = first & 0x1F
    pos += 1
    if number == 0x1F:
        # X.690 8.1.2.4: high tag number form; DER/BER: bits 7-1 of the first subsequent octet
        # shall not be all zero, and the form is only for numbers >= 31.
        number = 0
        count = 0
        while True:
            if pos >= limit:
                raise DERError("truncated-tag", pos)
            octet = data[pos]
            if count == 0 and octet == 0x80:
                raise DERError("non-minimal-tag", pos)
            number = (number << 7) | (octet & 0x7F)
            pos += 1
            count += 1
            if count > MAX_TAG_OCTETS:
                raise DERError("tag-too-large", pos)
            if not octet & 0x80:
                break
        if number < 31:
            raise DERError("non-minimal-tag", pos - 1, "high-tag form for a number below 31")
    return cls, constructed, number, pos


def _read_length(data: bytes, pos: int, limit: int) -> tuple[int, int]:
    if pos >= limit:
        raise DERError("truncated-length", pos)
    first = data[pos]
    if first < 0x80:
        return first, pos + 1
    if first == 0x80:
        raise DERError("indefinite-length", pos)  # X.690 10.1
    if first == 0xFF:
        raise DERError("reserved-length", pos)   # X.690 8.1.3.5 c)
    n = first & 0x7F
    if n > MAX_LENGTH_OCTETS:
        raise DERError("length-too-large", pos)
    if pos + 1 + n > limit:
        raise DERError("truncated-length", pos)
    octets = data[pos + 1:pos + 1 + n]
    if octets[0] == 0:
        raise DERError("non-minimal-length", pos, "leading zero length octet")
    value = int.from_bytes(octets, "big")
    if value < 0x80:
        raise DERError("non-minimal-length", pos, "long form for a length below 128")
    return value, pos + 1 + n


def parse_node(data: bytes, pos: int, limit: int, depth: int = 0) -> Node:
    """Parse one TLV starting at ``pos`` that must end at or before ``limit``."""
    start = pos
    cls, constructed, number, pos = _read_identifier(data, pos, limit)
    length, pos = _read_length(data, pos, limit)
    end = pos + length
    if end > limit:
        raise DERError("truncated-content", pos, f"length {length} exceeds the {limit - pos} octets available")
    if cls == UNIVERSAL:
        if number == 0:
            raise DERError("reserved-tag", start, "universal tag 0 (end-of-contents) in DER")
        if number == 15:
            raise DERError("reserved-tag", start, "universal tag 15 is reserved (X.680)")
        if constructed and number in _ALWAYS_PRIMITIVE:
            raise DERError("constructed-primitive-type", start, f"universal {number} must be primitive")
        if not constructed and number in _ALWAYS_CONSTRUCTED:
            raise DERError("primitive-constructed-type", start, f"universal {number} must be constructed")
    node = Node(data, cls, constructed, number, start, pos, end)
    if constructed and depth + 1 > MAX_DEPTH:
        raise DERError("too-deep", start, f"more than {MAX_DEPTH} nested constructed elements")
    if constructed:
        child_pos = pos
        while child_pos < end:
            child = parse_node(data, child_pos, end, depth + 1)
            node.children.append(child)
            child_pos = child.end
    return node


def parse(data: bytes) -> Node:
    """Parse exactly one DER TLV covering all of ``data`` (no trailing bytes)."""
    data = bytes(data)
    if not data:
        raise DERError("empty-input", 0)
    node = parse_node(data, 0, len(data))
    if node.end != len(data):
        raise DERError("trailing-data", node.end, f"{len(data) - node.end} octets after the value")
    return node


def check_set_of_order(node: Node) -> None:
    """X.690 11.6: SET OF components in ascending order of their encodings, the shorter one padded
    at its trailing end with zero octets for the comparison."""
    prev = None
    for child in node.children:
        enc = child.raw
        if prev is not None:
            width = max(len(prev), len(enc))
            if prev.ljust(width, b"\0") > enc.ljust(width, b"\0"):
                raise DERError("set-of-order", child.start, "SET OF components not in ascending order")
        prev = enc


def expect(node: Node, cls: int, number: int, constructed: bool | None, what: str) -> Node:
    if not node.is_(cls, number, constructed):
        raise DERError("unexpected-tag", node.start, f"{what}: expected [{CLASS_NAMES[cls]} {number}], got {node.tag_name()}")
    return node


def children_count(node: Node, lo: int, hi: int, what: str) -> list[Node]:
    if not (lo <= len(node.children) <= hi):
        raise DERError("wrong-element-count", node.start, f"{what}: {len(node.children)} elements, expected {lo}..{hi}")
    return node.children
