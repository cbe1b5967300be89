"""The `keys` family: load a P-256 key in the named `format`, or refuse it with the suite's code."""
from __future__ import annotations

import base64
import binascii
import hashlib
import re

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from . import der, dervalues as dv
from .der import DERError

ID_EC_PUBLIC_KEY = "1.2.840.10045.2.1"
PRIME256V1 = "1.2.840.10045.3.1.7"
_PEM = re.compile(r"-----BEGIN ([A-Z0-9 ]+)-----\r?\n(.*?)-----END \1-----", re.S)


class KeyError_(Exception):
    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


def key_id(key: ec.EllipticCurvePublicKey) -> str:
    """RFC 5280 4.2.1.2 method 1 over the uncompressed point, whatever form the input used."""
    return hashlib.sha1(key.public_bytes(serialization.Encoding.X962,
                                         serialization.PublicFormat.UncompressedPoint)).hexdigest()


def pem_blocks(text: str) -> list[tuple[str, bytes]]:
    if "-----BEGIN" in text and not _PEM.search(text):
        raise KeyError_("invalidPEM", "BEGIN line without a matching END line")
    blocks = []
    for m in _PEM.finditer(text):
        body = m.group(2)
        lines = [ln for ln in body.splitlines() if ln.strip()]
        if any(":" in ln for ln in lines):          # RFC 1421 headers (encrypted legacy PEM)
            raise KeyError_("invalidPEM", "PEM headers are not supported")
        try:
            data = base64.b64decode("".join("".join(lines).split()), validate=True)
        except (binascii.Error, ValueError):
            raise KeyError_("invalidPEM", f"{m.group(1)} block is not base64") from None
        blocks.append((m.group(1), data))
    if not blocks:
        raise KeyError_("invalidPEM", "no PEM block")
    return blocks


def _point(data: bytes) -> ec.EllipticCurvePublicKey:
    if not data or data[0] not in (2, 3, 4):
        raise KeyError_("invalidKey", "not an uncompressed or compressed SEC 1 point")
    try:
        return ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), data)
    except ValueError as e:
        raise KeyError_("invalidKey", f"point: {e}") from None


def spki(data: bytes) -> ec.EllipticCurvePublicKey:
    """RFC 5480: SEQUENCE { SEQUENCE { id-ecPublicKey, namedCurve OID }, BIT STRING point }."""
    try:
        root = der.parse(data)
        der.expect(root, der.UNIVERSAL, der.SEQUENCE, True, "SubjectPublicKeyInfo")
        alg, bits = der.children_count(root, 2, 2, "SubjectPublicKeyInfo")
        der.expect(alg, der.UNIVERSAL, der.SEQUENCE, True, "algorithm")
        kids = der.children_count(alg, 1, 2, "algorithm")
        oid = dv.oid(kids[0])
        point = dv.bit_string(bits, "subjectPublicKey")
    except DERError as e:
        raise KeyError_("invalidKey", str(e)) from None
    if oid != ID_EC_PUBLIC_KEY:
        raise KeyError_("unsupportedKey", f"algorithm {oid}")
    if len(kids) != 2 or not kids[1].is_(der.UNIVERSAL, der.OID):
        raise KeyError_("unsupportedKey", "EC parameters are not a named curve (RFC 5480 2.1.1)")
    curve = dv.oid(kids[1])
    if curve != PRIME256V1:
        raise KeyError_("unsupportedKey", f"curve {curve}")
    if point.unused:
        raise KeyError_("invalidKey", "point BIT STRING with unused bits")
    return _point(point.data)


def _private(load, data: bytes, passphrase: str | None) -> ec.EllipticCurvePublicKey:
    try:
        key = load(data, passphrase.encode() if passphrase is not None else None)
    except TypeError as e:
        msg = str(e).lower()
        if "password was not given" in msg:
            raise KeyError_("passphraseRequired") from None
        raise KeyError_("invalidKey", str(e)) from None
    except ValueError as e:
        msg = str(e).lower()
        if "incorrect password" in msg or "bad decrypt" in msg:
            raise KeyError_("wrongPassphrase") from None
        if "unsupported" in msg and "curve" in msg:
            raise KeyError_("unsupportedKey", str(e)) from None
        raise KeyError_("invalidKey", str(e)) from None
    except Exception as e:  # noqa: BLE001 - e.g. UnsupportedAlgorithm
        raise KeyError_("unsupportedKey", f"{type(e).__name__}: {e}") from None
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise KeyError_("unsupportedKey", type(key).__name__)
    if not isinstance(key.curve, ec.SECP256R1):
        raise KeyError_("unsupportedKey", f"curve {key.curve.name}")
    # RFC 5915: an embedded public key must be the private key's own point. The point is derived
    # here from the scalar, in every form (SEC 1, PKCS#8, encrypted PKCS#8): older `cryptography`
    # releases (Debian 12's 38.0) load a mismatched key and report the embedded point as its own.
    own = ec.derive_private_key(key.private_numbers().private_value, ec.SECP256R1()).public_key()
    if own.public_numbers() != key.public_key().public_numbers():
        raise KeyError_("invalidKey", "the embedded public key is not the private key's")
    return own


def _pkcs8_der(data: bytes, passphrase: str | None) -> ec.EllipticCurvePublicKey:
    try:
        root = der.parse(data)
        der.expect(root, der.UNIVERSAL, der.SEQUENCE, True, "PrivateKeyInfo")
        if len(root.children) < 3 or not root.children[1].is_(der.UNIVERSAL, der.SEQUENCE):
            raise KeyError_("invalidKey", "not a PKCS#8 PrivateKeyInfo")
        alg = root.children[1]
        oid = dv.oid(alg.children[0]) if alg.children else ""
    except DERError as e:
        raise KeyError_("invalidKey", str(e)) from None
    if oid != ID_EC_PUBLIC_KEY:
        raise KeyError_("unsupportedKey", f"algorithm {oid}")
    if len(alg.children) != 2 or not alg.children[1].is_(der.UNIVERSAL, der.OID):
        raise KeyError_("unsupportedKey", "EC parameters are not a named curve")
    if dv.oid(alg.children[1]) != PRIME256V1:
        raise KeyError_("unsupportedKey", f"curve {dv.oid(alg.children[1])}")
    return _private(serialization.load_der_private_key, data, passphrase)


def _certificate(data: bytes) -> ec.EllipticCurvePublicKey:
    try:
        der.parse(data)
        cert = x509.load_der_x509_certificate(data)
        spki_der = cert.public_key().public_bytes(serialization.Encoding.DER,
                                                  serialization.PublicFormat.SubjectPublicKeyInfo)
    except (DERError, ValueError) as e:
        raise KeyError_("invalidCertificate", str(e)) from None
    except Exception as e:  # noqa: BLE001 - unsupported key algorithm inside a valid certificate
        raise KeyError_("unsupportedKey", f"{type(e).__name__}: {e}") from None
    return spki(spki_der)


def _single(blocks, labels: tuple[str, ...]) -> tuple[str, bytes]:
    if len(blocks) != 1 or blocks[0][0] not in labels:
        raise KeyError_("invalidPEM", f"expected one {' or '.join(labels)} block, got {[b[0] for b in blocks]}")
    return blocks[0]


def load(t: dict) -> ec.EllipticCurvePublicKey:
    fmt = t.get("format")
    passphrase = t.get("passphrase")
    if fmt == "point":
        return _point(bytes.fromhex(t["point"]))
    if fmt == "spki-der":
        return spki(bytes.fromhex(t["der"]))
    if fmt == "pkcs8-der":
        return _pkcs8_der(bytes.fromhex(t["der"]), passphrase)
    if fmt == "certificate-der":
        return _certificate(bytes.fromhex(t["der"]))
    blocks = pem_blocks(t.get("pem", ""))
    if fmt == "spki-pem":
        return spki(_single(blocks, ("PUBLIC KEY",))[1])
    if fmt == "certificate-pem":
        return _certificate(_single(blocks, ("CERTIFICATE",))[1])
    if fmt == "private-pem":
        keys = [b for b in blocks if b[0] != "EC PARAMETERS"]
        label, data = _single(keys, ("PRIVATE KEY", "EC PRIVATE KEY", "ENCRYPTED PRIVATE KEY"))
        if label == "PRIVATE KEY":
            return _pkcs8_der(data, None)
        if label == "ENCRYPTED PRIVATE KEY":
            if passphrase is None:
                raise KeyError_("passphraseRequired")
            return _private(serialization.load_der_private_key, data, passphrase)
        return _sec1(data)
    if fmt == "trust-pem":
        out = None
        for label, data in blocks:
            if "PRIVATE KEY" in label:
                raise KeyError_("privateKeyNotAllowed", label)
        for label, data in blocks:
            if label == "PUBLIC KEY":
                k = spki(data)
            elif label == "CERTIFICATE":
                k = _certificate(data)
            elif label == "RSA PUBLIC KEY":
                raise KeyError_("unsupportedKey", "PKCS#1 RSA public key")
            else:
                raise KeyError_("invalidPEM", f"label {label} in a trust bundle")
            out = out or k
        return out
    raise ValueError(f"format {fmt!r} unknown to this checker")


def _sec1(data: bytes) -> ec.EllipticCurvePublicKey:
    """RFC 5915 ECPrivateKey; the curve (parameters [0]) must be P-256 when given."""
    try:
        root = der.parse(data)
        der.expect(root, der.UNIVERSAL, der.SEQUENCE, True, "ECPrivateKey")
        kids = root.children
        if len(kids) < 2 or dv.integer(kids[0]) != 1:
            raise KeyError_("invalidKey", "ECPrivateKey version is not 1")
        dv.octet_string(kids[1])
        for k in kids[2:]:
            if k.is_(der.CONTEXT, 0, True):
                params = k.children[0] if k.children else None
                if params is None or not params.is_(der.UNIVERSAL, der.OID):
                    raise KeyError_("unsupportedKey", "explicit EC parameters")
                if dv.oid(params) != PRIME256V1:
                    raise KeyError_("unsupportedKey", f"curve {dv.oid(params)}")
    except DERError as e:
        raise KeyError_("invalidKey", str(e)) from None
    return _private(serialization.load_der_private_key, data, None)
