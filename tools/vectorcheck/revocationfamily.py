"""revocation.json: CRLs beside a trusted CA, checked independently of the Swift code with the
Python `cryptography` package's x509 CRL API, this checker's own strict DER reader, and the
time rule of docs/TRUST.md written out again here."""
from __future__ import annotations

import datetime

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import CRLEntryExtensionOID, ExtensionOID

from . import der

# Reasons after which the key was not stolen: readings before the revocationDate stay valid.
_FROM_DATE = {x509.ReasonFlags.superseded, x509.ReasonFlags.cessation_of_operation, x509.ReasonFlags.affiliation_changed}


def _time(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _utc(obj, name: str) -> datetime.datetime | None:
    """``name``'s ``_utc`` form (cryptography 42 and later), else its naive UTC datetime made aware."""
    value = getattr(obj, name + "_utc", None)
    if value is not None:
        return value
    naive = getattr(obj, name)
    return None if naive is None else naive.replace(tzinfo=datetime.timezone.utc)


def load_crl(data: bytes) -> x509.CertificateRevocationList | None:
    """The CRL in a file's bytes (PEM when they hold a BEGIN line), or None when they are not one
    strict-DER CRL."""
    try:
        if b"-----BEGIN" in data:
            crl = x509.load_pem_x509_crl(data)
        else:
            crl = x509.load_der_x509_crl(data)
        encoded = crl.public_bytes(serialization.Encoding.DER)
        if b"-----BEGIN" not in data and encoded != data:
            return None
        der.parse(encoded)
    except (ValueError, der.DERError):
        return None
    return crl


def counts(crl: x509.CertificateRevocationList, ca: x509.Certificate) -> bool:
    """Whether the trusted CA issued the CRL: its name, its signature, and cRLSign when the CA
    restricts its key usage."""
    if crl.issuer != ca.subject:
        return False
    key = ca.public_key()
    if not isinstance(key, ec.EllipticCurvePublicKey):
        return False
    try:
        if not crl.is_signature_valid(key):
            return False
    except InvalidSignature:
        return False
    try:
        usage = ca.extensions.get_extension_for_oid(ExtensionOID.KEY_USAGE).value
    except x509.ExtensionNotFound:
        return True
    return usage.crl_sign


def revocation_entry(crl: x509.CertificateRevocationList, certificate: x509.Certificate):
    """The CRL's entry for the certificate as (revocationDate, reason or None, invalidityDate or
    None), all times UTC; None when the CRL does not list it."""
    if certificate.issuer != crl.issuer:
        return None
    entry = crl.get_revoked_certificate_by_serial_number(certificate.serial_number)
    if entry is None:
        return None
    reason = None
    invalidity = None
    for extension in entry.extensions:
        if extension.oid == CRLEntryExtensionOID.CRL_REASON:
            reason = extension.value.reason
        elif extension.oid == CRLEntryExtensionOID.INVALIDITY_DATE:
            invalidity = extension.value.invalidity_date.replace(tzinfo=datetime.timezone.utc)
    return _utc(entry, "revocation_date"), reason, invalidity


def revokes(crl: x509.CertificateRevocationList, certificate: x509.Certificate, reading: datetime.datetime,
            trusted_time: datetime.datetime | None = None) -> bool:
    """docs/TRUST.md's rule: a compromise (keyCompromise, no reason, or an invalidityDate) revokes
    unless a trusted time is before the compromise time (the invalidityDate, else the
    revocationDate), so with no trusted time it revokes every reading; the other reasons revoke
    from the revocationDate on, by the reading's own date."""
    found = revocation_entry(crl, certificate)
    if found is None:
        return False
    revoked_at, reason, invalidity = found
    if invalidity is None and reason in _FROM_DATE:
        return reading >= revoked_at
    compromise = revoked_at if invalidity is None else invalidity
    return trusted_time is None or trusted_time >= compromise


def check(t: dict) -> tuple[bool, str, str]:
    """(agrees, expected, got) for one test."""
    ca = x509.load_pem_x509_certificate(t["trust"].encode())
    crl = load_crl(bytes.fromhex(t["crl"]))
    counted = crl is not None and counts(crl, ca)
    got = ["counted" if counted else "ignored"]
    expected = [t["result"]]
    if counted:
        next_update = _utc(crl, "next_update")
        got.append(f"stale={next_update is not None and next_update < _time(t['checkedAt'])}")
        expected.append(f"stale={t.get('stale')}")
    if "certificate" in t:
        certificate = x509.load_pem_x509_certificate(t["certificate"].encode())
        revoked = counted and revokes(crl, certificate, _time(t["readingTime"]))
        got.append("revoked" if revoked else "valid")
        expected.append(t.get("verdict"))
    return got == expected, " ".join(map(str, expected)), " ".join(got)
