"""The optional `der` and `keys` families."""
from __future__ import annotations

import hashlib
from decimal import Decimal, InvalidOperation

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from . import dates, der, dervalues as dv, record
from .der import DERError


def _norm(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def decode_as(type_name: str, data: bytes) -> object:
    """Decode ``data`` strictly as ``type_name``; raises DERError / RecordError on a rule violation."""
    t = _norm(type_name)
    if t in ("record", "dictionary", "healthsigrecord"):
        return record.decode(data)
    node = der.parse(data)
    table = {
        "boolean": lambda n: dv.boolean(n), "integer": lambda n: dv.integer(n),
        "null": lambda n: dv.null(n), "objectidentifier": lambda n: dv.oid(n), "oid": lambda n: dv.oid(n),
        "octetstring": lambda n: dv.octet_string(n), "bitstring": lambda n: dv.bit_string(n),
        "utf8string": lambda n: dv.utf8_string(n), "generalizedtime": lambda n: dv.generalized_time(n),
        "utctime": lambda n: dv.utc_time(n), "real": lambda n: dv.real(n),
    }
    if t in table:
        return table[t](node)
    if t in ("sequence", "set", "setof", "any"):
        want = {"sequence": der.SEQUENCE, "set": der.SET, "setof": der.SET}.get(t)
        if want is not None:
            der.expect(node, der.UNIVERSAL, want, True, type_name)
        if t == "setof":
            der.check_set_of_order(node)
        return node
    raise ValueError(f"type {type_name!r} unknown to this checker")


def value_matches(type_name: str, value: object, expected: object) -> bool:
    """Lenient comparison of the decoded value with the vector's canonical text."""
    if expected is None:
        return True
    t = _norm(type_name)
    exp = str(expected)
    try:
        if t == "boolean":
            return exp.lower() == str(value).lower()
        if t == "integer":
            return int(exp) == value
        if t == "real":
            return Decimal(exp) == value
        if t in ("generalizedtime", "utctime"):
            try:
                return dates.parse_rfc3339(exp) == value
            except dates.DateError:
                return exp == str(value)
        if t == "octetstring":
            return exp.lower() == value.hex()
        if t == "bitstring":
            return exp.lower() in (value.data.hex(), f"{value.unused:02x}{value.data.hex()}")
        if t == "null":
            return exp in ("", "NULL", "null")
    except (ValueError, InvalidOperation):
        return False
    return exp == str(value)


def load_key(pem: str | None, der_hex: str | None):
    """P-256 key (public or private) -> public key, or ValueError."""
    if pem is not None:
        data = pem.encode()
        loaders = (lambda d: serialization.load_pem_public_key(d),
                   lambda d: serialization.load_pem_private_key(d, password=None))
    else:
        data = bytes.fromhex(der_hex or "")
        loaders = (lambda d: serialization.load_der_public_key(d),
                   lambda d: serialization.load_der_private_key(d, password=None))
    errors = []
    for load in loaders:
        try:
            key = load(data)
        except (ValueError, TypeError) as e:
            errors.append(str(e))
            continue
        if isinstance(key, ec.EllipticCurvePrivateKey):
            key = key.public_key()
        if not isinstance(key, ec.EllipticCurvePublicKey):
            raise ValueError(f"not an EC key: {type(key).__name__}")
        if not isinstance(key.curve, ec.SECP256R1):
            raise ValueError(f"curve {key.curve.name} is not P-256")
        return key
    raise ValueError("; ".join(errors))


def key_id_hex(key: ec.EllipticCurvePublicKey) -> str:
    point = key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return hashlib.sha1(point).hexdigest()
