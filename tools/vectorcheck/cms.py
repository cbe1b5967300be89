"""CMS SignedData verification under the healthsig profile (RFC 5652, RFC 5753/5758, RFC 5754).

Verdicts: valid, malformed, unsupported-algorithm, untrusted-signer, bad-signature.
Checks run cheap-structural first, then algorithms, then signer lookup, then cryptography.
"""
from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass, field

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

from . import der, dervalues as dv
from .der import DERError, Node, UNIVERSAL, CONTEXT

ID_DATA = "1.2.840.113549.1.7.1"
ID_SIGNED_DATA = "1.2.840.113549.1.7.2"
ID_CONTENT_TYPE = "1.2.840.113549.1.9.3"
ID_MESSAGE_DIGEST = "1.2.840.113549.1.9.4"
ID_SIGNING_TIME = "1.2.840.113549.1.9.5"
ID_COUNTERSIGNATURE = "1.2.840.113549.1.9.6"
ID_SHA256 = "2.16.840.1.101.3.4.2.1"
ID_ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2"

VALID, MALFORMED, UNSUPPORTED, UNTRUSTED, BAD_SIGNATURE = (
    "valid", "malformed", "unsupported-algorithm", "untrusted-signer", "bad-signature")


@dataclass
class TrustedKey:
    public_key: ec.EllipticCurvePublicKey
    key_id: bytes                          # RFC 5280 4.2.1.2 method 1
    certificate: x509.Certificate | None = None
    cert_ski: bytes | None = None
    cert_issuer_der: bytes | None = None
    cert_subject_der: bytes | None = None
    cert_serial: int | None = None


@dataclass
class CMSResult:
    verdict: str
    reason: str = ""
    content: bytes | None = None
    e_content_type: str | None = None
    signer: TrustedKey | None = None
    notes: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return self.verdict + (f" ({self.reason})" if self.reason else "")


class _Fail(Exception):
    def __init__(self, verdict: str, reason: str):
        super().__init__(reason)
        self.verdict = verdict
        self.reason = reason


def key_id_of(public_key: ec.EllipticCurvePublicKey) -> bytes:
    """SHA-1 of the subjectPublicKey BIT STRING value (RFC 5280 4.2.1.2, method 1)."""
    spki = public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    node = der.parse(spki)
    bits = dv.bit_string(node.children[1], "subjectPublicKey")
    return hashlib.sha1(bits.data).digest()


def _cert_fields(cert_der: bytes) -> tuple[bytes, bytes, int]:
    """(issuer DER, subject DER, serial) read from the certificate's own bytes."""
    cert = der.parse(cert_der)
    tbs = cert.children[0]
    i = 1 if tbs.children and tbs.children[0].is_(CONTEXT, 0) else 0
    serial = dv.integer(tbs.children[i], "serialNumber")
    issuer = tbs.children[i + 2].raw
    subject = tbs.children[i + 4].raw
    return issuer, subject, serial


def trusted_key_from_certificate(cert: x509.Certificate) -> TrustedKey:
    pub = cert.public_key()
    if not isinstance(pub, ec.EllipticCurvePublicKey):
        raise ValueError("certificate key is not an EC key")
    try:
        ski = cert.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest
    except x509.ExtensionNotFound:
        ski = None
    issuer, subject, serial = _cert_fields(cert.public_bytes(serialization.Encoding.DER))
    return TrustedKey(pub, key_id_of(pub), cert, ski, issuer, subject, serial)


def trusted_key_from_pem(public_key_pem: str | None, certificate_pem: str | None) -> TrustedKey:
    if certificate_pem:
        tk = trusted_key_from_certificate(x509.load_pem_x509_certificate(certificate_pem.encode()))
        if public_key_pem:
            pub = serialization.load_pem_public_key(public_key_pem.encode())
            if key_id_of(pub) != tk.key_id:
                raise ValueError("publicKeyPem does not match certificatePem")
        return tk
    if not public_key_pem:
        raise ValueError("trust entry has neither key nor certificate")
    pub = serialization.load_pem_public_key(public_key_pem.encode())
    if not isinstance(pub, ec.EllipticCurvePublicKey):
        raise ValueError("trusted key is not an EC key")
    return TrustedKey(pub, key_id_of(pub))


def _alg(node: Node, what: str) -> tuple[str, Node | None]:
    der.expect(node, UNIVERSAL, der.SEQUENCE, True, what)
    kids = der.children_count(node, 1, 2, what)
    return dv.oid(kids[0], what + ".algorithm"), (kids[1] if len(kids) > 1 else None)


def _check_digest_alg(node: Node, what: str) -> None:
    oid, params = _alg(node, what)
    if oid != ID_SHA256:
        raise _Fail(UNSUPPORTED, f"{what} {oid} is not SHA-256")
    if params is not None:
        # RFC 5754 section 2: parameters absent (preferred) or NULL accepted.
        # Other parameters name no algorithm we know: the suite classes this as unsupported.
        if not params.is_(UNIVERSAL, der.NULL, False) or params.content:
            raise _Fail(UNSUPPORTED, f"{what}: SHA-256 parameters other than absent or NULL")


def _check_signing_time(vals: Node) -> None:
    """RFC 5652 11.3: one value; UTCTime for 1950-2049, GeneralizedTime otherwise."""
    import datetime
    if len(vals.children) != 1:
        raise _Fail(MALFORMED, "signing-time must have exactly one value (RFC 5652 11.3)")
    v = vals.children[0]
    if v.is_(UNIVERSAL, der.UTCTIME):
        dv.utc_time(v)
        return
    if not v.is_(UNIVERSAL, der.GENERALIZEDTIME):
        raise _Fail(MALFORMED, "signing-time value is neither UTCTime nor GeneralizedTime")
    t = dv.generalized_time(v)
    year = (datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=t.seconds)).year
    if 1950 <= year <= 2049:
        raise _Fail(MALFORMED, f"signing-time {year} as GeneralizedTime (RFC 5652 11.3: UTCTime for 1950-2049)")


def _attribute(a: Node) -> tuple[str, Node]:
    """An Attribute SEQUENCE: its type and its values, a DER SET OF with at least one value
    (RFC 5912: SIZE(1..MAX))."""
    der.expect(a, UNIVERSAL, der.SEQUENCE, True, "Attribute")
    ak = der.children_count(a, 2, 2, "Attribute")
    a_oid = dv.oid(ak[0], "Attribute.attrType")
    vals = der.expect(ak[1], UNIVERSAL, der.SET, True, "Attribute.attrValues")
    der.check_set_of_order(vals)
    if not vals.children:
        raise _Fail(MALFORMED, f"attribute {a_oid} without values (RFC 5912: SIZE(1..MAX))")
    return a_oid, vals


def verify(signature_der: bytes, trust: list[TrustedKey], detached: bytes | None = None, at=None) -> CMSResult:
    """``at``: when every certificate the signer is trusted through must be valid (trusted
    directly or embedded alike): a datetime, a function of the content giving one (a sample's
    signed time; None from it means now), or None for now."""
    try:
        return _verify(signature_der, trust, detached, at)
    except _Fail as f:
        return CMSResult(f.verdict, f.reason)
    except DERError as e:
        return CMSResult(MALFORMED, f"DER: {e}")
    except IndexError as e:  # defensive: a structure with too few elements
        return CMSResult(MALFORMED, f"structure: {e}")


def _verify(data: bytes, trust: list[TrustedKey], detached: bytes | None, at) -> CMSResult:
    # ---- ContentInfo (RFC 5652 3)
    ci = der.parse(data)
    der.expect(ci, UNIVERSAL, der.SEQUENCE, True, "ContentInfo")
    ci_kids = der.children_count(ci, 2, 2, "ContentInfo")
    ctype = dv.oid(ci_kids[0], "ContentInfo.contentType")
    if ctype != ID_SIGNED_DATA:
        raise _Fail(MALFORMED, f"contentType {ctype} is not id-signedData")
    wrapper = der.expect(ci_kids[1], CONTEXT, 0, True, "ContentInfo.content [0]")
    der.children_count(wrapper, 1, 1, "ContentInfo.content [0]")
    sd = der.expect(wrapper.children[0], UNIVERSAL, der.SEQUENCE, True, "SignedData")

    # ---- SignedData (RFC 5652 5.1)
    kids = list(sd.children)
    if len(kids) < 4:
        raise _Fail(MALFORMED, "SignedData has too few elements")
    sd_version = dv.integer(kids[0], "SignedData.version")
    digest_algs = der.expect(kids[1], UNIVERSAL, der.SET, True, "SignedData.digestAlgorithms")
    der.check_set_of_order(digest_algs)
    eci = der.expect(kids[2], UNIVERSAL, der.SEQUENCE, True, "encapContentInfo")
    rest = kids[3:]
    certificates = crls = None
    if rest and rest[0].is_(CONTEXT, 0):
        certificates = rest.pop(0)
        der.expect(certificates, CONTEXT, 0, True, "certificates")
        der.check_set_of_order(certificates)
    if rest and rest[0].is_(CONTEXT, 1):
        crls = rest.pop(0)
        der.expect(crls, CONTEXT, 1, True, "crls")
        der.check_set_of_order(crls)
    if len(rest) != 1:
        raise _Fail(MALFORMED, "SignedData: unexpected elements after certificates/crls")
    signer_infos = der.expect(rest[0], UNIVERSAL, der.SET, True, "signerInfos")
    der.check_set_of_order(signer_infos)
    if len(signer_infos.children) != 1:
        raise _Fail(MALFORMED, f"{len(signer_infos.children)} SignerInfos (the profile requires exactly one)")

    # ---- EncapsulatedContentInfo (RFC 5652 5.2)
    eci_kids = der.children_count(eci, 1, 2, "encapContentInfo")
    e_content_type = dv.oid(eci_kids[0], "eContentType")
    content: bytes | None = None
    if len(eci_kids) == 2:
        wrap = der.expect(eci_kids[1], CONTEXT, 0, True, "eContent [0]")
        der.children_count(wrap, 1, 1, "eContent [0]")
        content = dv.octet_string(wrap.children[0], "eContent")
    if content is None and detached is None:
        raise _Fail(MALFORMED, "no eContent and no detached content")
    if content is not None and detached is not None:
        raise _Fail(MALFORMED, "both eContent and detached content")
    if content is None:
        content = detached

    # ---- certificates: only X.509 Certificates (SEQUENCE) are allowed by the profile
    embedded: list[tuple[Node, x509.Certificate]] = []
    other_cert_types = set()
    if certificates is not None:
        for c in certificates.children:
            if c.is_(UNIVERSAL, der.SEQUENCE, True):
                try:
                    embedded.append((c, x509.load_der_x509_certificate(c.raw)))
                except ValueError as e:
                    raise _Fail(MALFORMED, f"embedded certificate does not parse: {e}")
            elif c.cls == CONTEXT and c.number in (0, 1, 2, 3) and c.constructed:
                other_cert_types.add(c.number)
            else:
                raise _Fail(MALFORMED, f"unknown CertificateChoices {c.tag_name()}")
    # RFC 5652 10.2.1: RevocationInfoChoice is a CertificateList SEQUENCE or other [1] (constructed).
    for c in (crls.children if crls is not None else []):
        if not (c.is_(UNIVERSAL, der.SEQUENCE, True) or c.is_(CONTEXT, 1, True)):
            raise _Fail(MALFORMED, f"unknown RevocationInfoChoice {c.tag_name()}")
    other_crl = crls is not None and any(c.is_(CONTEXT, 1) for c in crls.children)

    # ---- SignerInfo (RFC 5652 5.3)
    si = der.expect(signer_infos.children[0], UNIVERSAL, der.SEQUENCE, True, "SignerInfo")
    sk = list(si.children)
    if len(sk) < 5:
        raise _Fail(MALFORMED, "SignerInfo has too few elements")
    si_version = dv.integer(sk[0], "SignerInfo.version")
    sid = sk[1]
    if sid.is_(CONTEXT, 0, False):
        want_si_version = 3
        sid_kind, sid_value = "ski", sid.content
    elif sid.is_(UNIVERSAL, der.SEQUENCE, True):
        want_si_version = 1
        ias = der.children_count(sid, 2, 2, "issuerAndSerialNumber")
        der.expect(ias[0], UNIVERSAL, der.SEQUENCE, True, "issuerAndSerialNumber.issuer")
        sid_kind, sid_value = "ias", (ias[0].raw, dv.integer(ias[1], "issuerAndSerialNumber.serialNumber"))
    else:
        raise _Fail(MALFORMED, f"SignerInfo.sid has tag {sid.tag_name()}")
    if si_version != want_si_version:
        raise _Fail(MALFORMED, f"SignerInfo.version {si_version}, RFC 5652 5.3 requires {want_si_version} for this sid")
    # RFC 5652 5.1 version rule
    if other_cert_types & {3} or other_crl:
        want_sd_version = 5
    elif 2 in other_cert_types:
        want_sd_version = 4
    elif 1 in other_cert_types or si_version == 3 or e_content_type != ID_DATA:
        want_sd_version = 3
    else:
        want_sd_version = 1
    if sd_version != want_sd_version:
        raise _Fail(MALFORMED, f"SignedData.version {sd_version}, RFC 5652 5.1 requires {want_sd_version}")
    if other_cert_types:
        raise _Fail(MALFORMED, "certificates other than X.509 are outside the profile")

    digest_alg_node = sk[2]
    idx = 3
    signed_attrs = None
    if sk[idx].is_(CONTEXT, 0):
        signed_attrs = der.expect(sk[idx], CONTEXT, 0, True, "signedAttrs")
        idx += 1
    if len(sk) < idx + 2:
        raise _Fail(MALFORMED, "SignerInfo has too few elements")
    sig_alg_node = sk[idx]
    signature = dv.octet_string(sk[idx + 1], "SignerInfo.signature")
    tail = sk[idx + 2:]
    if tail:
        if len(tail) != 1 or not tail[0].is_(CONTEXT, 1, True):
            raise _Fail(MALFORMED, "unexpected elements at the end of SignerInfo")
        der.check_set_of_order(tail[0])
        if not tail[0].children:
            raise _Fail(MALFORMED, "empty unsignedAttrs")

    # ---- structure of the algorithm identifiers (malformed before unsupported)
    for n in digest_algs.children:
        _alg(n, "digestAlgorithms[]")
    _alg(digest_alg_node, "SignerInfo.digestAlgorithm")
    sig_oid, sig_params = _alg(sig_alg_node, "SignerInfo.signatureAlgorithm")

    # ---- signed attributes structure (RFC 5652 5.3, 11.1, 11.2)
    attr_digest = None
    if signed_attrs is None and e_content_type != ID_DATA:
        raise _Fail(MALFORMED, "signedAttrs absent although eContentType is not id-data (RFC 5652 5.3)")
    if signed_attrs is not None:
        der.check_set_of_order(signed_attrs)
        if not signed_attrs.children:
            raise _Fail(MALFORMED, "empty signedAttrs")
        seen: dict[str, Node] = {}
        for a in signed_attrs.children:
            a_oid, vals = _attribute(a)
            if a_oid in seen and a_oid in (ID_CONTENT_TYPE, ID_MESSAGE_DIGEST, ID_SIGNING_TIME):
                raise _Fail(MALFORMED, f"attribute {a_oid} appears twice")
            seen[a_oid] = vals
        # RFC 5652 5.3: signed attributes are DER throughout, values of unknown attributes too.
        dv.check_contents(signed_attrs)
        # RFC 5652 11.4: a countersignature MUST NOT be a signed attribute.
        if ID_COUNTERSIGNATURE in seen:
            raise _Fail(MALFORMED, "countersignature among the signed attributes (RFC 5652 11.4)")
        if ID_CONTENT_TYPE not in seen or ID_MESSAGE_DIGEST not in seen:
            raise _Fail(MALFORMED, "signedAttrs lack content-type or message-digest (RFC 5652 5.3)")
        ct_vals, md_vals = seen[ID_CONTENT_TYPE], seen[ID_MESSAGE_DIGEST]
        if len(ct_vals.children) != 1 or len(md_vals.children) != 1:
            raise _Fail(MALFORMED, "content-type/message-digest must have exactly one value (RFC 5652 11.1/11.2)")
        if dv.oid(ct_vals.children[0], "content-type value") != e_content_type:
            raise _Fail(MALFORMED, "content-type attribute differs from eContentType (RFC 5652 11.1)")
        attr_digest = dv.octet_string(md_vals.children[0], "message-digest value")
        if ID_SIGNING_TIME in seen:
            _check_signing_time(seen[ID_SIGNING_TIME])

    # ---- RFC 5652 11.1-11.3: content-type, message-digest, signing-time never unsigned
    if tail:
        for a in tail[0].children:
            a_oid, _ = _attribute(a)
            if a_oid in (ID_CONTENT_TYPE, ID_MESSAGE_DIGEST, ID_SIGNING_TIME):
                raise _Fail(MALFORMED, f"attribute {a_oid} among the unsigned attributes (RFC 5652 11)")

    # ---- algorithms (unsupported after structure)
    digest_oids = set()
    for n in digest_algs.children:
        o, _ = _alg(n, "digestAlgorithms[]")
        digest_oids.add(o)
    _check_digest_alg(digest_alg_node, "SignerInfo.digestAlgorithm")
    if ID_SHA256 not in digest_oids:
        raise _Fail(MALFORMED, "the signer's digest algorithm is not listed in SignedData.digestAlgorithms")
    # The profile's digestAlgorithms is exactly one SHA-256 entry: each entry passes the same rule
    # as the signer's (another algorithm or other parameters: unsupported), and only one is listed.
    for n in digest_algs.children:
        _check_digest_alg(n, "digestAlgorithms[]")
    if len(digest_algs.children) != 1:
        raise _Fail(MALFORMED, f"digestAlgorithms has {len(digest_algs.children)} entries; the profile lists SHA-256 once")
    if sig_oid != ID_ECDSA_WITH_SHA256:
        raise _Fail(UNSUPPORTED, f"signatureAlgorithm {sig_oid} is not ecdsa-with-SHA256")
    if sig_params is not None:
        raise _Fail(UNSUPPORTED, "ecdsa-with-SHA256 with parameters (RFC 5758 3.2: MUST be omitted)")

    # ---- signer lookup
    when = at(content) if callable(at) else at
    if when is None:
        when = datetime.datetime.now(datetime.timezone.utc)
    signer = _find_signer(sid_kind, sid_value, trust, embedded, when)

    # ---- digest and signature
    digest = hashlib.sha256(content).digest()
    if signed_attrs is not None:
        if attr_digest != digest:
            raise _Fail(BAD_SIGNATURE, "message-digest attribute does not match the content")
        # RFC 5652 5.4: the signature covers the DER SET OF with the universal SET tag.
        signed_bytes = b"\x31" + signed_attrs.raw[1:]
    else:
        signed_bytes = content
    if not isinstance(signer.public_key.curve, ec.SECP256R1):
        raise _Fail(UNSUPPORTED, f"signer key is on {signer.public_key.curve.name}, not P-256")
    try:
        signer.public_key.verify(signature, signed_bytes, ec.ECDSA(hashes.SHA256()))
    except (InvalidSignature, ValueError):
        raise _Fail(BAD_SIGNATURE, "ECDSA verification failed")
    return CMSResult(VALID, "", content, e_content_type, signer)


def _in_period(tk: TrustedKey, trust: list[TrustedKey], when: datetime.datetime) -> TrustedKey:
    """VERIFY.md "Certificate time": a trusted certificate counts only inside its validity
    period at ``when``; a bare trusted key has none, and trusting the same key bare keeps it."""
    if tk.certificate is None or _valid_at(tk.certificate, when):
        return tk
    for bare in trust:
        if bare.certificate is None and bare.key_id == tk.key_id:
            return bare
    raise _Fail(UNTRUSTED, f"the trusted certificate is not valid at {when.isoformat()}")


def _find_signer(kind: str, value, trust: list[TrustedKey],
                 embedded: list[tuple[Node, x509.Certificate]], when: datetime.datetime) -> TrustedKey:
    # A key identifier computed from a trusted key (RFC 5280 4.2.1.2 method 1) names that key; a
    # certificate's subjectKeyIdentifier extension is only what its issuer wrote, so it counts
    # only when no trusted key has that computed identifier.
    if kind == "ski":
        for tk in trust:
            if value == tk.key_id:
                return _in_period(tk, trust, when)
        for tk in trust:
            if tk.cert_ski is not None and value == tk.cert_ski:
                return _in_period(tk, trust, when)
    for tk in trust:
        if kind == "ias" and tk.certificate is not None and (tk.cert_issuer_der, tk.cert_serial) == value:
            return _in_period(tk, trust, when)
    # An embedded certificate counts only when a trusted certificate issued it.
    for node, cert in embedded:
        try:
            ek = trusted_key_from_certificate(cert)
        except (ValueError, DERError):
            continue
        matches = (kind == "ski" and value in (ek.key_id, ek.cert_ski)) or \
                  (kind == "ias" and (ek.cert_issuer_der, ek.cert_serial) == value)
        if not matches:
            continue
        if not _valid_at(cert, when):
            continue
        for tk in trust:
            if tk.certificate is None or tk.cert_subject_der != ek.cert_issuer_der:
                continue
            if not _may_issue(tk.certificate, when):
                continue
            if not _signed_by(cert, tk.certificate):
                continue
            return ek
    raise _Fail(UNTRUSTED, "the signer is not in the trust set")


def _signed_by(cert: x509.Certificate, issuer: x509.Certificate) -> bool:
    """The certificate's signature verifies with the issuer's P-256 key over its TBSCertificate.

    Written out rather than ``verify_directly_issued_by`` so that the checker also runs with the
    older ``cryptography`` a distribution packages (Debian 12: 38.0, which lacks it)."""
    key = issuer.public_key()
    if not isinstance(key, ec.EllipticCurvePublicKey) or cert.signature_hash_algorithm is None:
        return False
    try:
        key.verify(cert.signature, cert.tbs_certificate_bytes, ec.ECDSA(cert.signature_hash_algorithm))
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


def _valid_at(cert: x509.Certificate, when: datetime.datetime) -> bool:
    """RFC 5280 6.1.3 (a)(2): the certificate is within its validity period at ``when``."""
    # ``not_valid_*_utc`` appeared in cryptography 42; older versions give naive UTC datetimes.
    before = getattr(cert, "not_valid_before_utc", None) or cert.not_valid_before.replace(tzinfo=datetime.timezone.utc)
    after = getattr(cert, "not_valid_after_utc", None) or cert.not_valid_after.replace(tzinfo=datetime.timezone.utc)
    return before <= when <= after


def _may_issue(issuer: x509.Certificate, when: datetime.datetime) -> bool:
    """Whether a trusted certificate may issue the signer's certificate, as OpenSSL's default
    (non-strict) path validation decides (X509_check_ca): within its validity period, and a CA —
    basicConstraints cA TRUE, or without basicConstraints a keyUsage allowing keyCertSign, or a
    self-signed v1 certificate; keyUsage, when present, must allow keyCertSign (RFC 5280 4.2.1.3)."""
    if not _valid_at(issuer, when):
        return False
    if issuer.version == x509.Version.v1:
        return issuer.issuer == issuer.subject
    try:
        key_cert_sign = issuer.extensions.get_extension_for_class(x509.KeyUsage).value.key_cert_sign
    except x509.ExtensionNotFound:
        key_cert_sign = None
    try:
        is_ca = issuer.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    except x509.ExtensionNotFound:
        is_ca = key_cert_sign is True
    return is_ca and key_cert_sign is not False
