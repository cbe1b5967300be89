import CryptoBackend
import DER
import Foundation

/// An RFC 3161 TimeStampToken: a CMS SignedData whose content is a ``TSTInfo`` (id-ct-TSTInfo),
/// signed by a time-stamp authority (TSA) whose certificate it carries.
///
/// ```asn1
/// TimeStampToken ::= ContentInfo  -- contentType id-signedData, eContentType id-ct-TSTInfo
/// ```
///
/// Decoding (``init(der:)``) reads the structure strictly: DER throughout, a SignedData with
/// exactly one SignerInfo, eContentType id-ct-TSTInfo with the content attached, a TSTInfo by its
/// rules, every embedded certificate an X.509 certificate, the signer's certificate among them
/// (RFC 3161 2.4.1: healthsig asks with certReq and needs it to chain), and exactly one ESS
/// signingCertificate or signingCertificateV2 signed attribute with one value.
///
/// ``verify(imprint:trusting:)`` then checks, in this order, the first failure being the answer:
/// 1. the signer certificate is a TSA's (RFC 3161 2.3: extendedKeyUsage exactly
///    id-kp-timeStamping, critical; not a CA; keyUsage, when present, digitalSignature or
///    nonRepudiation);
/// 2. it chains to one of the trusted certificates at genTime (OpenSSL path validation; the
///    other embedded certificates as intermediates), so it must be valid at genTime;
/// 3. the SignedData verifies with ``CMSVerifier`` under the TSA certificate's key (the profile's
///    algorithms: SHA-256, ecdsa-with-SHA256; signed attributes with content-type
///    id-ct-TSTInfo and message-digest);
/// 4. the ESS attribute's first certificate hash is that of the signer certificate;
/// 5. the messageImprint is SHA-256 (id-sha256) and equals the expected hash.
public struct TimeStampToken: Sendable {
    /// The token's DER (a ContentInfo).
    public let der: [UInt8]
    /// The signed TSTInfo.
    public let info: TSTInfo
    /// The TSA certificate the SignerInfo names.
    public let signerCertificate: Certificate
    /// The other embedded certificates (possible intermediates).
    public let otherCertificates: [Certificate]
    /// The ESS attribute naming the signer certificate.
    public let signingCertificate: SigningCertificateAttribute

    /// Reads a token strictly (see the type's documentation).
    public init(der: [UInt8]) throws(TimeStampError) {
        self.der = der
        let signedData: SignedData
        do {
            let contentInfo = try ContentInfo(derNode: DER.parse(der))
            guard contentInfo.contentType == .idSignedData else {
                throw TimeStampError.malformed("content type \(contentInfo.contentType) is not id-signedData")
            }
            signedData = try SignedData(derNode: contentInfo.content.node)
        } catch let error as TimeStampError {
            throw error
        } catch {
            throw .malformed("\(error)")
        }
        guard signedData.signerInfos.count == 1, let signerInfo = signedData.signerInfos.first else {
            throw .malformed("expected exactly one SignerInfo, found \(signedData.signerInfos.count)")
        }
        guard signedData.encapContentInfo.eContentType == .idCTTSTInfo else {
            throw .malformed("eContentType \(signedData.encapContentInfo.eContentType) is not id-ct-TSTInfo (RFC 3161 2.4.2)")
        }
        guard let content = signedData.encapContentInfo.eContent else {
            throw .malformed("the TSTInfo is not attached (eContent is absent)")
        }
        do {
            info = try TSTInfo(derNode: DER.parse(content))
        } catch {
            throw .malformed("TSTInfo: \(error)")
        }
        var certificates: [Certificate] = []
        for element in signedData.certificates ?? [] {
            guard element.tag == .sequence, let certificate = try? Certificate(derEncoded: element.node.encodedBytes) else {
                throw .malformed("an embedded certificate is not an X.509 certificate (offset \(element.node.offset))")
            }
            certificates.append(certificate)
        }
        guard let signer = certificates.first(where: { Self.matches($0, signerInfo.sid) }) else {
            throw .malformed("the token does not carry the TSA certificate its SignerInfo names (\(signerInfo.sid)); "
                             + "request it with certReq")
        }
        signerCertificate = signer
        otherCertificates = certificates.filter { $0.derEncoded != signer.derEncoded }
        guard let signedAttrs = signerInfo.signedAttrs else {
            throw .malformed("the SignerInfo has no signed attributes (RFC 5652 5.3: required for id-ct-TSTInfo)")
        }
        let v1 = signedAttrs.attributes(ofType: .idAASigningCertificate)
        let v2 = signedAttrs.attributes(ofType: .idAASigningCertificateV2)
        guard v1.count + v2.count == 1, let attribute = (v1 + v2).first else {
            throw .malformed("the signed attributes hold \(v1.count + v2.count) ESS signingCertificate(V2) attributes; "
                             + "RFC 3161 2.4.1 requires one")
        }
        guard attribute.attrValues.count == 1 else {
            throw .malformed("the ESS signingCertificate attribute has \(attribute.attrValues.count) values; it must have one")
        }
        do {
            signingCertificate = try SigningCertificateAttribute(derNode: attribute.attrValues[0].node, isV2: v1.isEmpty)
        } catch {
            throw .malformed("\(error)")
        }
    }

    /// The imprint healthsig stamps for a signature: SHA-256 of its DER.
    public static func imprint(ofSignature signatureDER: [UInt8]) -> [UInt8] {
        Digest.sha256(signatureDER)
    }

    /// Checks the token as the type's documentation says; the trusted time when it holds.
    public func verify(imprint expected: [UInt8], trusting authorities: [Certificate]) throws(TimeStampError) -> TrustedTime {
        let subject = signerCertificate.subject
        if let problem = signerCertificate.timeStampingPurposeProblem {
            throw .notATimeStampingCertificate(subject: subject, problem: "\(problem)")
        }
        let genTime = info.genTimeDate
        guard !authorities.isEmpty else {
            throw .untrustedAuthority(subject: subject, reason: "no TSA is trusted")
        }
        if case .failure(let error) = Certificate.verifyChain(leaf: signerCertificate, intermediates: otherCertificates,
                                                              trustedRoots: authorities, at: genTime) {
            let reason: String
            if case .chainVerificationFailed(let text, _) = error { reason = text } else { reason = "\(error)" }
            throw .untrustedAuthority(subject: subject, reason: "\(reason) at genTime \(CMSVerifier.timeText(genTime))")
        }
        guard let key = signerCertificate.publicKey else {
            throw .badSignature("the TSA certificate \(subject) does not hold a P-256 key")
        }
        let verdict = CMSVerifier.verify(der, trust: TrustSet(publicKeys: [key]), at: genTime)
        guard case .valid(let summary) = verdict else {
            throw .badSignature("\(verdict)")
        }
        guard summary.contentType == .idCTTSTInfo else {
            throw .badSignature("the signed content type is \(summary.contentType), not id-ct-TSTInfo")
        }
        guard signingCertificate.names(signerCertificate) else {
            throw .badSignature("the ESS signingCertificate attribute names another certificate than the signer's \(subject)")
        }
        guard info.messageImprint.isSHA256 else {
            throw .imprintMismatch("the messageImprint is not a SHA-256 hash (\(info.messageImprint.hashAlgorithm.algorithm))")
        }
        guard info.messageImprint.hashedMessage == expected else {
            throw .imprintMismatch("its messageImprint \(Hex.encode(info.messageImprint.hashedMessage)) is not "
                                   + "SHA-256 of the signature \(Hex.encode(expected))")
        }
        return TrustedTime(genTime: genTime, authority: subject, serialNumberHex: Hex.encode(info.serialNumber.bytes))
    }

    private static func matches(_ certificate: Certificate, _ sid: SignerIdentifier) -> Bool {
        switch sid {
        case .subjectKeyIdentifier(let keyIdentifier):
            return certificate.subjectKeyIdentifier == keyIdentifier || certificate.publicKey?.keyIdentifier == keyIdentifier
        case .issuerAndSerialNumber(let value):
            guard let fields = try? IssuerAndSerialNumber(certificate: certificate) else { return false }
            return DER.encode(fields) == DER.encode(value)
        }
    }
}
