"""timestamps.json: RFC 3161 tokens over signatures and the revocation time rule with a trusted
time, checked independently of the Swift code: the token read with this checker's own strict DER
reader (RFC 3161 2.4.2, RFC 5652 5), its signature, certificates and CRL with the Python
`cryptography` package, and the rules of docs/TRUST.md ("When a token counts", "The revocation
rule") written out again here."""
from __future__ import annotations

import datetime
import hashlib

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID

from . import cms, der, dervalues
from .der import CONTEXT, UNIVERSAL, DERError
from .revocationfamily import _time, _utc, counts, load_crl, revokes

SIGNED_DATA = "1.2.840.113549.1.7.2"
TST_INFO = "1.2.840.113549.1.9.16.1.4"
CONTENT_TYPE = "1.2.840.113549.1.9.3"
MESSAGE_DIGEST = "1.2.840.113549.1.9.4"
SIGNING_CERTIFICATE = "1.2.840.113549.1.9.16.2.12"
SIGNING_CERTIFICATE_V2 = "1.2.840.113549.1.9.16.2.47"
SHA256 = "2.16.840.1.101.3.4.2.1"
ECDSA_SHA256 = "1.2.840.10045.4.3.2"


class TokenProblem(Exception):
    """The token proves nothing; ``code`` is docs/TRUST.md's problem code."""

    def __init__(self, code: str, detail: str):
        super().__init__(f"{code}: {detail}")
        self.code = code


def _malformed(detail: str) -> TokenProblem:
    return TokenProblem("timestamp-malformed", detail)


def _algorithm(node: der.Node, what: str) -> str:
    if not node.is_(UNIVERSAL, der.SEQUENCE, True) or not 1 <= len(node.children) <= 2:
        raise _malformed(f"{what} is not an AlgorithmIdentifier")
    if len(node.children) == 2 and not node.children[1].is_(UNIVERSAL, der.NULL, False):
        raise _malformed(f"{what} has parameters")
    return dervalues.oid(node.children[0])


class Token:
    """A TimeStampToken read strictly: a ContentInfo holding a SignedData with one SignerInfo,
    eContentType id-ct-TSTInfo attached, the signer's certificate embedded, signed attributes with
    exactly one ESS signingCertificate(V2); a TSTInfo of version 1."""

    def __init__(self, data: bytes):
        try:
            root = der.parse(data)
        except DERError as e:
            raise _malformed(f"not DER: {e}") from e
        try:
            self._read(root)
        except DERError as e:
            raise _malformed(str(e)) from e

    def _read(self, root: der.Node) -> None:
        if not root.is_(UNIVERSAL, der.SEQUENCE, True) or len(root.children) != 2:
            raise _malformed("not a ContentInfo")
        if dervalues.oid(root.children[0]) != SIGNED_DATA or not root.children[1].is_(CONTEXT, 0, True) \
                or len(root.children[1].children) != 1:
            raise _malformed("not a SignedData ContentInfo")
        sd = root.children[1].children[0]
        if not sd.is_(UNIVERSAL, der.SEQUENCE, True) or len(sd.children) < 4:
            raise _malformed("SignedData is not a SEQUENCE of at least 4 elements")
        items = list(sd.children)
        dervalues.integer(items[0], "SignedData version")
        digest_algorithms = items[1]
        if not digest_algorithms.is_(UNIVERSAL, der.SET, True):
            raise _malformed("digestAlgorithms is not a SET")
        encap = items[2]
        if not encap.is_(UNIVERSAL, der.SEQUENCE, True) or len(encap.children) != 2:
            raise _malformed("the TSTInfo is not attached")
        if dervalues.oid(encap.children[0]) != TST_INFO:
            raise _malformed("eContentType is not id-ct-TSTInfo")
        wrapper = encap.children[1]
        if not wrapper.is_(CONTEXT, 0, True) or len(wrapper.children) != 1:
            raise _malformed("eContent is not [0] EXPLICIT")
        self.econtent = dervalues.octet_string(wrapper.children[0], "eContent")
        rest = items[3:]
        certificates: list[x509.Certificate] = []
        if rest and rest[0].is_(CONTEXT, 0, True):
            for element in rest[0].children:
                try:
                    certificates.append(x509.load_der_x509_certificate(element.raw))
                except ValueError as e:
                    raise _malformed("an embedded certificate is not an X.509 certificate") from e
            rest = rest[1:]
        if rest and rest[0].is_(CONTEXT, 1, True):
            rest = rest[1:]
        if len(rest) != 1 or not rest[0].is_(UNIVERSAL, der.SET, True):
            raise _malformed("signerInfos missing")
        if len(rest[0].children) != 1:
            raise _malformed(f"{len(rest[0].children)} SignerInfos, expected one")
        self._read_signer_info(rest[0].children[0], certificates)
        self._read_tst_info(der.parse(self.econtent))

    def _read_signer_info(self, si: der.Node, certificates: list[x509.Certificate]) -> None:
        if not si.is_(UNIVERSAL, der.SEQUENCE, True) or len(si.children) < 5:
            raise _malformed("SignerInfo is too short")
        c = si.children
        dervalues.integer(c[0], "SignerInfo version")
        sid = c[1]
        self.signer = None
        for certificate in certificates:
            if sid.is_(UNIVERSAL, der.SEQUENCE, True) and len(sid.children) == 2:
                if sid.children[0].raw == certificate.issuer.public_bytes() \
                        and dervalues.integer(sid.children[1]) == certificate.serial_number:
                    self.signer = certificate
                    break
            elif sid.is_(CONTEXT, 0, False):
                try:
                    ski = certificate.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest
                except x509.ExtensionNotFound:
                    ski = None
                if ski == sid.content:
                    self.signer = certificate
                    break
        if self.signer is None:
            raise _malformed("the token does not carry the certificate its SignerInfo names")
        self.digest_algorithm = _algorithm(c[2], "digestAlgorithm")
        if not c[3].is_(CONTEXT, 0, True):
            raise _malformed("the SignerInfo has no signed attributes")
        attributes = c[3]
        der.check_set_of_order(attributes)
        # RFC 5652 5.4: the signature is over the DER of the attributes as a SET.
        # [0] IMPLICIT is one identifier octet (0xA0): only it changes.
        self.signed_attributes = b"\x31" + attributes.raw[1:]
        self.attributes: dict[str, list[der.Node]] = {}
        for attribute in attributes.children:
            if not attribute.is_(UNIVERSAL, der.SEQUENCE, True) or len(attribute.children) != 2 \
                    or not attribute.children[1].is_(UNIVERSAL, der.SET, True):
                raise _malformed("a signed attribute is not an Attribute")
            self.attributes.setdefault(dervalues.oid(attribute.children[0]), []).append(attribute.children[1])
        ess = self.attributes.get(SIGNING_CERTIFICATE, []) + self.attributes.get(SIGNING_CERTIFICATE_V2, [])
        if len(ess) != 1 or len(ess[0].children) != 1:
            raise _malformed("not exactly one ESS signingCertificate(V2) attribute with one value")
        self.ess_v2 = SIGNING_CERTIFICATE_V2 in self.attributes
        self.ess = ess[0].children[0]
        self.signature_algorithm = _algorithm(c[4], "signatureAlgorithm")
        if len(c) < 6:
            raise _malformed("the SignerInfo has no signature")
        self.signature = dervalues.octet_string(c[5], "signature")

    def _read_tst_info(self, info: der.Node) -> None:
        if not info.is_(UNIVERSAL, der.SEQUENCE, True) or len(info.children) < 5:
            raise _malformed("TSTInfo is too short")
        c = info.children
        if dervalues.integer(c[0], "TSTInfo version") != 1:
            raise _malformed("TSTInfo version is not 1")
        dervalues.oid(c[1], "policy")
        imprint = c[2]
        if not imprint.is_(UNIVERSAL, der.SEQUENCE, True) or len(imprint.children) != 2:
            raise _malformed("messageImprint is not a SEQUENCE of two")
        self.imprint_algorithm = _algorithm(imprint.children[0], "hashAlgorithm")
        self.imprint = dervalues.octet_string(imprint.children[1], "hashedMessage")
        serial = dervalues.integer(c[3], "serialNumber")
        if serial <= 0 or serial.bit_length() > 160:
            raise _malformed("serialNumber is not a positive integer of at most 160 bits")
        instant = dervalues.generalized_time(c[4], "genTime")
        self.gen_time = datetime.datetime.fromtimestamp(instant.seconds, datetime.timezone.utc)
        for extra in c[5:]:
            if extra.is_(UNIVERSAL, der.BOOLEAN, False):
                if not dervalues.boolean(extra):
                    raise _malformed("ordering FALSE is written (DER leaves a default out)")
            elif extra.is_(CONTEXT, 1, True):
                for extension in extra.children:
                    if any(e.is_(UNIVERSAL, der.BOOLEAN, False) and dervalues.boolean(e) for e in extension.children):
                        raise _malformed("the TSTInfo has a critical extension")


def _valid_at(cert: x509.Certificate, when: datetime.datetime) -> bool:
    return _utc(cert, "not_valid_before") <= when <= _utc(cert, "not_valid_after")


def _signed_by(cert: x509.Certificate, issuer: x509.Certificate) -> bool:
    return cert.issuer == issuer.subject and cms._signed_by(cert, issuer)


def _is_tsa_certificate(cert: x509.Certificate) -> bool:
    """RFC 3161 2.3 as docs/TRUST.md states it: extendedKeyUsage exactly id-kp-timeStamping and
    critical, not a CA, keyUsage with digitalSignature or nonRepudiation when present."""
    try:
        eku = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage)
    except x509.ExtensionNotFound:
        return False
    if not eku.critical or list(eku.value) != [ExtendedKeyUsageOID.TIME_STAMPING]:
        return False
    try:
        if cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca:
            return False
    except x509.ExtensionNotFound:
        pass
    try:
        usage = cert.extensions.get_extension_for_class(x509.KeyUsage).value
        return usage.digital_signature or usage.content_commitment
    except x509.ExtensionNotFound:
        return True


def _trusted(signer: x509.Certificate, authorities: list[x509.Certificate], at: datetime.datetime) -> bool:
    """The TSA certificate is one of the trusted ones, or issued by one that is a CA; each valid at genTime."""
    if not _valid_at(signer, at):
        return False
    for authority in authorities:
        if authority.public_bytes(serialization.Encoding.DER) == signer.public_bytes(serialization.Encoding.DER):
            return True
        if not _valid_at(authority, at) or not _signed_by(signer, authority):
            continue
        try:
            if authority.extensions.get_extension_for_class(x509.BasicConstraints).value.ca:
                return True
        except x509.ExtensionNotFound:
            pass
    return False


def check_token(token_bytes: bytes, signature: bytes, authorities: list[x509.Certificate]) -> datetime.datetime:
    """The token's genTime when it holds for ``signature``; else raises ``TokenProblem``."""
    token = Token(token_bytes)
    if not _is_tsa_certificate(token.signer):
        raise TokenProblem("timestamp-not-tsa-certificate", token.signer.subject.rfc4514_string())
    if not authorities or not _trusted(token.signer, authorities, token.gen_time):
        raise TokenProblem("timestamp-untrusted-tsa", token.signer.subject.rfc4514_string())
    bad = TokenProblem("timestamp-bad-signature", "the token's signature does not hold")
    if token.digest_algorithm != SHA256 or token.signature_algorithm != ECDSA_SHA256:
        raise bad
    content_types = token.attributes.get(CONTENT_TYPE, [])
    digests = token.attributes.get(MESSAGE_DIGEST, [])
    if len(content_types) != 1 or len(digests) != 1 or len(content_types[0].children) != 1 \
            or len(digests[0].children) != 1 or dervalues.oid(content_types[0].children[0]) != TST_INFO \
            or dervalues.octet_string(digests[0].children[0]) != hashlib.sha256(token.econtent).digest():
        raise bad
    key = token.signer.public_key()
    if not isinstance(key, ec.EllipticCurvePublicKey):
        raise bad
    try:
        key.verify(token.signature, token.signed_attributes, ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as e:
        raise bad from e
    # ESS: the first ESSCertID(v2)'s hash is that of the signer's certificate.
    certs = token.ess.children[0] if token.ess.children else None
    if certs is None or not certs.children or not certs.children[0].children:
        raise bad
    first = certs.children[0].children
    encoded = token.signer.public_bytes(serialization.Encoding.DER)
    if token.ess_v2:
        algorithm = SHA256
        if first[0].is_(UNIVERSAL, der.SEQUENCE, True):
            algorithm = _algorithm(first[0], "ESSCertIDv2 hashAlgorithm")
            first = first[1:]
        expected = hashlib.sha256(encoded).digest() if algorithm == SHA256 else None
    else:
        expected = hashlib.sha1(encoded).digest()
    if not first or expected is None or dervalues.octet_string(first[0]) != expected:
        raise bad
    if token.imprint_algorithm != SHA256 or token.imprint != hashlib.sha256(signature).digest():
        raise TokenProblem("timestamp-imprint-mismatch", "the messageImprint is not SHA-256 of the signature")
    return token.gen_time


def _text(when: datetime.datetime) -> str:
    return when.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def check(t: dict) -> tuple[bool, str, str]:
    """(agrees, expected, got) for one test."""
    authorities = [x509.load_pem_x509_certificate(text.encode()) for text in t["tsaTrust"]]
    try:
        trusted_time = check_token(bytes.fromhex(t["token"]), bytes.fromhex(t["signature"]), authorities)
        got = ["trusted", _text(trusted_time)]
    except TokenProblem as problem:
        trusted_time = None
        got = [problem.code]
    expected = [t["timestamp"]] + ([t.get("genTime")] if t["timestamp"] == "trusted" else [])
    ca = x509.load_pem_x509_certificate(t["trust"].encode())
    crl = load_crl(bytes.fromhex(t["crl"]))
    counted = crl is not None and counts(crl, ca)
    got.append("crl counted" if counted else "crl ignored")
    expected.append("crl counted")
    certificate = x509.load_pem_x509_certificate(t["certificate"].encode())
    for reading in t["readings"]:
        at = _time(reading["readingTime"])
        revoked = counted and revokes(crl, certificate, at, trusted_time)
        ahead = trusted_time is not None and at > trusted_time
        got.append(f"{'revoked' if revoked else 'valid'} deviceClockAhead={ahead}")
        expected.append(f"{reading.get('verdict')} deviceClockAhead={reading.get('deviceClockAhead')}")
    return got == expected, " ".join(map(str, expected)), " ".join(got)
