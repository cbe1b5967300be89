import CryptoBackend
import DER
import Foundation

/// Verifies a DER ContentInfo/SignedData against the health-sample profile.
///
/// Checks run in this order, cheap structure first and cryptography last, and the first failure
/// is the verdict:
/// 1. strict DER parse of the whole input and of every structure (any `DERError` → `malformed`
///    with the error's code and offset);
/// 2. ContentInfo.contentType is id-signedData;
/// 3. each SignerInfo's version matches its sid (v1 ⇔ issuerAndSerialNumber, v3 ⇔
///    subjectKeyIdentifier, RFC 5652 5.3), then SignedData.version is the one RFC 5652 5.1
///    requires;
/// 4. exactly one SignerInfo;
/// 5. digestAlgorithm is id-sha256 with parameters absent or NULL (RFC 5754 2) — else
///    `unsupportedAlgorithm`;
/// 6. signatureAlgorithm is ecdsa-with-SHA256 with parameters absent (RFC 5758 3.2) — another
///    OID, NULL or any other parameters → `unsupportedAlgorithm`;
/// 7. digestAlgorithms lists the signer's digest algorithm (else `malformed`), every entry is
///    id-sha256 with parameters absent or NULL (else `unsupportedAlgorithm`) and there is
///    exactly one entry (else `malformed`): the profile's set and nothing more;
/// 8. the content: attached, or supplied for a detached signature; both given → must be equal
///    (else `badSignature`);
/// 9. signed attributes, when present: exactly one content-type equal to eContentType, exactly
///    one message-digest, at most one signing-time, each with a single value of its type
///    (RFC 5652 11.1–11.3), and no countersignature (RFC 5652 11.4); absent signed attributes
///    need eContentType id-data (RFC 5652 5.3);
/// 10. every embedded X.509 certificate parses; the signer key from the trust set by sid; failing that, an embedded certificate matching
///    the sid that is itself trusted, whose public key is a trusted key, or that chains to a
///    trusted certificate (OpenSSL path validation at `at`, default now) — else
///    `untrustedSigner`; a certificate the signer is trusted through must pass the signer
///    profile (``SignerCertificateCheck``: not a CA, keyUsage digitalSignature, extendedKeyUsage
///    emailProtection when present) — else `untrustedSigner` naming the rule;
/// 11. the signature is a DER ECDSA-Sig-Value;
/// 12. message-digest equals SHA-256(content), and the ECDSA signature verifies over
///    SHA-256 of the signed attributes re-tagged from the received bytes (`A0` → `31`,
///    RFC 5652 5.4) or, without attributes, over SHA-256(content).
///
/// CRLs (`crls [1]`) and unsigned attributes are parsed strictly but otherwise ignored (except
/// that content-type, message-digest and signing-time may not be unsigned, RFC 5652 11): the
/// profile has none; revocation comes from the CRLs of the trust set (``RevocationSet``), reported
/// in the summary of a valid signature, never from the SignedData. Every certificate a signer is
/// trusted through, directly trusted or embedded, must be valid at `at` (docs/VERIFY.md,
/// "Certificate time"); a bare trusted key has no validity period.
public enum CMSVerifier {
    /// Verifies `der` (a DER ContentInfo holding a SignedData) with the keys in `trust`.
    ///
    /// - Parameters:
    ///   - detachedContent: the content for a detached signature; when the content is also
    ///     attached, the two must be equal.
    ///   - at: the time at which every certificate the signer is trusted through must be valid
    ///     (OpenSSL path validation at that time; default: now). A sample verifier passes the
    ///     reading's signed time.
    public static func verify(
        _ der: [UInt8],
        trust: TrustSet,
        detachedContent: [UInt8]? = nil,
        at date: Date? = nil
    ) -> CMSVerdict {
        verify(der, trust: trust, detachedContent: detachedContent, certificateTime: .fixed(date ?? Date()))
    }

    /// The time at which certificates must be valid.
    public enum CertificateTime: Sendable {
        /// A given instant.
        case fixed(Date)
        /// A time the content states (a sample's signed time), computed from the content only
        /// when a certificate has to be checked; `nil` from the closure means now.
        case statedByContent(@Sendable ([UInt8]) -> Date?)

        /// The instant, for a signature whose content is `content`.
        func date(statedIn content: [UInt8]) -> Date {
            switch self {
            case .fixed(let date): date
            case .statedByContent(let stated): stated(content) ?? Date()
            }
        }
    }

    /// Verifies `der` as ``verify(_:trust:detachedContent:at:)`` does, checking certificates at
    /// `certificateTime`.
    public static func verify(
        _ der: [UInt8],
        trust: TrustSet,
        detachedContent: [UInt8]? = nil,
        certificateTime: CertificateTime
    ) -> CMSVerdict {
        do {
            return .valid(try check(der, trust: trust, detachedContent: detachedContent, at: certificateTime))
        } catch {
            return error.verdict
        }
    }

    /// ``verify(_:trust:detachedContent:certificateTime:)`` of DER bytes lent in place (a
    /// sample's signature, decoded into memory the sample verifier frees after): the profile's
    /// own layout is checked where the bytes lie; anything else is copied into an array for the
    /// full checks.
    public static func verify(bytes der: UnsafeBufferPointer<UInt8>, trust: TrustSet,
                              certificateTime: CertificateTime) -> CMSVerdict {
        do {
            if let layout = ProfileSignedDataLayout(der),
               let summary = try check(layout, of: der, trust: trust, at: certificateTime) {
                return .valid(summary)
            }
            return .valid(try check(Array(der), trust: trust, detachedContent: nil, at: certificateTime,
                                    recognisingLayout: false))
        } catch {
            return error.verdict
        }
    }

    /// Attributes RFC 5652 11.1–11.3 allow only as signed attributes, with their names.
    private static let signedOnlyAttributes: [DERObjectIdentifier: String] = [
        .idContentType: "content-type", .idMessageDigest: "message-digest", .idSigningTime: "signing-time",
    ]

    // MARK: - Checks

    /// ``verify(_:trust:detachedContent:certificateTime:)`` with every structure check made even
    /// for the profile's own layout (``ProfileSignedDataLayout`` not consulted): the reference
    /// that shortcut is tested against (in the main suite and by a fuzz target).
    @_spi(FastPathReference)
    public static func verifyWithoutLayoutShortcut(_ der: [UInt8], trust: TrustSet, certificateTime: CertificateTime) -> CMSVerdict {
        do {
            return .valid(try check(der, trust: trust, detachedContent: nil, at: certificateTime, recognisingLayout: false))
        } catch {
            return error.verdict
        }
    }

    private static func check(
        _ der: [UInt8], trust: TrustSet, detachedContent: [UInt8]?, at certificateTime: CertificateTime,
        recognisingLayout: Bool = true
    ) throws(VerificationFailure) -> CMSSignerInfoSummary {
        // The layout the profile's signers write, recognised on its bytes, passes steps 1–9 by
        // construction (ProfileSignedDataLayout); only the signer and the signature are left.
        if recognisingLayout, detachedContent == nil, let layout = ProfileSignedDataLayout(der),
           let summary = try der.withUnsafeBufferPointer({ (bytes) throws(VerificationFailure) in
               try check(layout, of: bytes, trust: trust, at: certificateTime)
           }) {
            return summary
        }

        // 1–2. Structure: ContentInfo, its type, then the SignedData inside.
        let contentInfo = try decode { try ContentInfo(derNode: DER.parse(der)) }
        guard contentInfo.contentType == .idSignedData else {
            throw .malformed(.notSignedData, "content type \(contentInfo.contentType) is not id-signedData",
                             offset: contentInfo.content.node.offset)
        }
        let signedData = try decode { try SignedData(derNode: contentInfo.content.node) }

        // 3. Versions (RFC 5652 5.3, then 5.1).
        for (index, signerInfo) in signedData.signerInfos.enumerated() {
            let required = signerInfo.sid.requiredSignerInfoVersion
            guard signerInfo.version == required else {
                throw .malformed(.signerVersionMismatch,
                                 "SignerInfo \(index) has version \(signerInfo.version) "
                                     + "but its sid requires \(required) (RFC 5652 5.3)")
            }
        }
        let requiredVersion = SignedData.requiredVersion(
            encapContentInfo: signedData.encapContentInfo, certificates: signedData.certificates,
            crls: signedData.crls, signerInfos: signedData.signerInfos)
        guard signedData.version == requiredVersion else {
            throw .malformed(.invalidVersion,
                             "SignedData has version \(signedData.version) "
                                 + "but RFC 5652 5.1 requires \(requiredVersion) for its contents")
        }

        // 4. One signer.
        guard signedData.signerInfos.count == 1, let signerInfo = signedData.signerInfos.first else {
            throw .malformed(.signerCount, "expected exactly one SignerInfo, found \(signedData.signerInfos.count)")
        }

        // 5–7. Algorithms.
        try checkDigestAlgorithm(signerInfo.digestAlgorithm)
        try checkSignatureAlgorithm(signerInfo.signatureAlgorithm)
        try checkDigestAlgorithms(signedData.digestAlgorithms, signerDigest: signerInfo.digestAlgorithm.algorithm)

        // 8. Content.
        let eContentType = signedData.encapContentInfo.eContentType
        let content: [UInt8]
        switch (signedData.encapContentInfo.eContent, detachedContent) {
        case (nil, nil):
            throw .malformed(.missingContent, "detached content: supply the content (eContent is absent)")
        case (let attached?, let supplied?):
            guard attached == supplied else {
                throw .badSignature("the supplied content differs from the content in the SignedData")
            }
            content = attached
        case (let attached?, nil):
            content = attached
        case (nil, let supplied?):
            content = supplied
        }

        // 9. Signed attributes.
        var expectedMessageDigest: [UInt8]?
        var signingTime: Date?
        if let signedAttrs = signerInfo.signedAttrs {
            let checked = try checkSignedAttributes(signedAttrs, eContentType: eContentType)
            expectedMessageDigest = checked.messageDigest
            signingTime = checked.signingTime
        } else if eContentType != .idData {
            throw .malformed(.signedAttributesRequired,
                             "eContentType \(eContentType) is not id-data, "
                                 + "so signed attributes are required (RFC 5652 5.3)")
        }

        // RFC 5652 11.1–11.3: these three MUST NOT be unsigned attributes. Accepting them would
        // let a reader that looks for them anywhere be fooled by attributes nobody signed.
        if let unsigned = signerInfo.unsignedAttrs,
           let name = unsigned.lazy.compactMap({ Self.signedOnlyAttributes[$0.attrType] }).first {
            throw .malformed(.unsignedAttributeNotAllowed,
                             "the \(name) attribute is among the unsigned attributes; RFC 5652 11 allows it only signed")
        }

        // RFC 5652 11.4: "The countersignature attribute MUST be an unsigned attribute; it MUST
        // NOT be a signed attribute".
        if let signedAttrs = signerInfo.signedAttrs, !signedAttrs.attributes(ofType: .idCountersignature).isEmpty {
            throw .malformed(.signedAttributeNotAllowed,
                             "the countersignature attribute is among the signed attributes; RFC 5652 11.4 allows it only unsigned")
        }

        // 10. Signer, after every embedded X.509 certificate has been read.
        let embedded = try embeddedCertificates(signedData)
        return try signerInfo.signature.withUnsafeBufferPointer { (signature) throws(VerificationFailure) in
            try verifiedSigner(
                sid: signerInfo.sid, embedded: embedded, trust: trust, at: certificateTime, content: content,
                contentWasDetached: signedData.encapContentInfo.eContent == nil, contentType: eContentType,
                signedAttributes: signerInfo.signedAttrs, expectedMessageDigest: expectedMessageDigest,
                signingTime: signingTime, signature: signature)
        }
    }

    /// Steps 10–12 of input in the profile's own layout (``ProfileSignedDataLayout``), which
    /// passes steps 1–9 by construction: the signer, the signature and the content are read
    /// where they lie. `nil` when an embedded certificate does not pass the whole parse's rules
    /// or does not parse: the full checks then give their verdict.
    private static func check(
        _ layout: ProfileSignedDataLayout, of der: UnsafeBufferPointer<UInt8>, trust: TrustSet,
        at certificateTime: CertificateTime
    ) throws(VerificationFailure) -> CMSSignerInfoSummary? {
        var embedded: [Certificate] = []
        // Perf: one embedded certificate recognised ≈ 87,000 instructions a sample of fleet verify
        // (7.7 %: device certificate embedded, vendor CA trusted), callgrind as
        // scripts/count-instructions counts, 500 readings.
        if let element = layout.certificate {
            guard let certificate = EmbeddedCertificateMemo.certificate(inPlace: UnsafeBufferPointer(rebasing: der[element]))
            else { return nil }
            embedded = [certificate]
        }
        let (keyIdentifier, trusted) = trust.signerAndIdentifier(
            forKeyIdentifier: UnsafeBufferPointer(rebasing: der[layout.subjectKeyIdentifier]))
        return try verifiedSigner(
            sid: .subjectKeyIdentifier(keyIdentifier), trusted: trusted, embedded: embedded, trust: trust,
            at: certificateTime, content: Array(UnsafeBufferPointer(rebasing: der[layout.content])),
            contentWasDetached: false, contentType: .idData, signedAttributes: nil, expectedMessageDigest: nil,
            signingTime: nil, signature: UnsafeBufferPointer(rebasing: der[layout.signature]))
    }

    /// Steps 10–12 for a SignedData whose structure has passed steps 1–9: the signer from the
    /// trust set (or an embedded certificate), the signature's encoding, the digests and the
    /// ECDSA verification; the summary when all hold.
    private static func verifiedSigner(
        sid: SignerIdentifier, trusted: TrustedSigner? = nil, embedded: [Certificate], trust: TrustSet,
        at certificateTime: CertificateTime,
        content: [UInt8], contentWasDetached: Bool, contentType eContentType: DERObjectIdentifier,
        signedAttributes: SignedAttributes?, expectedMessageDigest: [UInt8]?, signingTime: Date?,
        signature: UnsafeBufferPointer<UInt8>
    ) throws(VerificationFailure) -> CMSSignerInfoSummary {
        let signer = try findSigner(sid, trusted: trusted, embedded: embedded, trust: trust, at: certificateTime,
                                    content: content)

        // 11. Signature encoding. The short canonical form every P-256 signature takes is
        // recognised on its bytes, and whatever that check accepts the decoder accepts and
        // re-encodes unchanged (SignatureValueShortCheckTests); anything else is decoded.
        if !ECDSASignatureValue.isShortCanonicalDER(signature) {
            do {
                let value = try ECDSASignatureValue(derEncoded: signature)
                guard value.derEncoded.elementsEqual(signature) else {
                    throw DERError(.invalidValue, at: 0, "not canonical")
                }
            } catch {
                throw .badSignature("the signature is not a DER ECDSA-Sig-Value: \(error)")
            }
        }

        // 12. Digests and signature. The content's digest is kept on the stack: an array for
        // it was allocated, through the unspecialised generic, and freed for every signature.
        let (digestMatches, verified) = withUnsafeTemporaryAllocation(
            of: UInt8.self, capacity: Digest.sha256ByteCount
        ) { room -> (Bool, Bool) in
            let contentDigest = UnsafeMutableRawBufferPointer(room)
            content.withUnsafeBytes { Digest.sha256($0, into: contentDigest) }
            guard let signedAttrs = signedAttributes, let expectedMessageDigest else {
                return (true, signer.publicKey.isValidSignature(UnsafeRawBufferPointer(signature), forDigest: UnsafeRawBufferPointer(contentDigest)))
            }
            guard expectedMessageDigest.elementsEqual(room) else { return (false, false) }
            return (true, Digest.sha256(signedAttrs.signedBytes).withUnsafeBytes { digest in
                signer.publicKey.isValidSignature(UnsafeRawBufferPointer(signature), forDigest: digest)
            })
        }
        guard digestMatches else {
            throw .badSignature("the message-digest attribute does not match the SHA-256 digest of the content")
        }
        guard verified else {
            throw .badSignature("the ECDSA signature does not verify under the signer's key "
                                + Hex.encode(signer.publicKey.keyIdentifier))
        }

        // Revocation (docs/TRUST.md): only once the signature verifies, and only when CRLs count.
        var revocation: Revocation?
        if !trust.revocations.isEmpty, let certificate = signer.certificate {
            revocation = trust.revocations.revocation(of: certificate, candidates: embedded + trust.certificates,
                                                      at: certificateTime.date(statedIn: content))
        }
        return CMSSignerInfoSummary(
            keyIdentifier: signer.publicKey.keyIdentifier, signerIdentifier: sid,
            certificateSubject: signer.certificate?.subject, trustedViaEmbeddedCertificate: signer.viaEmbedded,
            content: content, contentWasDetached: contentWasDetached,
            contentType: eContentType, hasSignedAttributes: signedAttributes != nil, signingTime: signingTime,
            revocation: revocation)
    }

    /// RFC 5754 2: id-sha256 whose parameters are absent or NULL (both MUST be accepted).
    private static func checkDigestAlgorithm(_ algorithm: AlgorithmIdentifier) throws(VerificationFailure) {
        guard algorithm.algorithm == .idSHA256 else {
            throw .unsupportedAlgorithm("digest algorithm \(algorithm.algorithm) is not id-sha256")
        }
        guard algorithm.parametersAbsent || algorithm.parametersAreNull else {
            throw .unsupportedAlgorithm("id-sha256 parameters must be absent or NULL (RFC 5754 2), found \(algorithm)")
        }
    }

    /// SignedData.digestAlgorithms is exactly the profile's set: one id-sha256 entry, parameters
    /// absent or NULL. RFC 5652 5.1 only asks that the signer's algorithm be listed; the profile
    /// has one signer and one digest, so anything more is input nobody needs, and a verifier that
    /// let it pass would accept SignedData another profile-following reader refuses.
    private static func checkDigestAlgorithms(
        _ algorithms: [AlgorithmIdentifier], signerDigest: DERObjectIdentifier
    ) throws(VerificationFailure) {
        guard algorithms.contains(where: { $0.algorithm == signerDigest }) else {
            throw .malformed(.digestAlgorithmNotListed,
                             "the SignerInfo's digest algorithm \(signerDigest) is not in digestAlgorithms (RFC 5652 5.1)")
        }
        for (index, algorithm) in algorithms.enumerated() {
            guard algorithm.algorithm == .idSHA256 else {
                throw .unsupportedAlgorithm("digestAlgorithms[\(index)] is \(algorithm.algorithm); "
                                            + "the profile lists only id-sha256")
            }
            guard algorithm.parametersAbsent || algorithm.parametersAreNull else {
                throw .unsupportedAlgorithm("digestAlgorithms[\(index)]: id-sha256 parameters must be absent or NULL "
                                            + "(RFC 5754 2), found \(algorithm)")
            }
        }
        guard algorithms.count == 1 else {
            throw .malformed(.digestAlgorithmRepeated,
                             "digestAlgorithms lists id-sha256 \(algorithms.count) times; the profile lists it once")
        }
    }

    /// RFC 5758 3.2: "the encoding MUST omit the parameters field" for ecdsa-with-SHA256.
    private static func checkSignatureAlgorithm(_ algorithm: AlgorithmIdentifier) throws(VerificationFailure) {
        guard algorithm.algorithm == .ecdsaWithSHA256 else {
            throw .unsupportedAlgorithm("signature algorithm \(algorithm.algorithm) is not ecdsa-with-SHA256")
        }
        guard algorithm.parametersAbsent else {
            throw .unsupportedAlgorithm(
                "ecdsa-with-SHA256 parameters must be absent (RFC 5758 3.2), found \(algorithm)")
        }
    }

    /// RFC 5652 11.1–11.3 on the signed attributes. Returns the message digest and signing time.
    private static func checkSignedAttributes(
        _ signedAttrs: SignedAttributes, eContentType: DERObjectIdentifier
    ) throws(VerificationFailure) -> (messageDigest: [UInt8], signingTime: Date?) {
        // content-type: exactly one, one OID value, equal to eContentType (11.1).
        guard let contentTypeNode = try singleValue(signedAttrs, .idContentType, "content-type") else {
            throw .malformed(.missingAttribute, "the content-type signed attribute is missing (RFC 5652 5.3)")
        }
        guard contentTypeNode.tag == .objectIdentifier else {
            throw .malformed(.invalidAttributeValue,
                             "the content-type attribute value is \(contentTypeNode.tag), not an OBJECT IDENTIFIER",
                             offset: contentTypeNode.offset)
        }
        let signedContentType = try decode { try DERObjectIdentifier(derNode: contentTypeNode) }
        guard signedContentType == eContentType else {
            throw .malformed(.contentTypeMismatch,
                             "the content-type attribute \(signedContentType) differs from "
                                 + "eContentType \(eContentType) (RFC 5652 11.1)",
                             offset: contentTypeNode.offset)
        }

        // message-digest: exactly one, one OCTET STRING value (11.2).
        guard let digestNode = try singleValue(signedAttrs, .idMessageDigest, "message-digest") else {
            throw .malformed(.missingAttribute, "the message-digest signed attribute is missing (RFC 5652 5.3)")
        }
        guard digestNode.tag == .octetString else {
            throw .malformed(.invalidAttributeValue,
                             "the message-digest attribute value is \(digestNode.tag), not an OCTET STRING",
                             offset: digestNode.offset)
        }
        let messageDigest = Array(digestNode.content)

        // signing-time: optional, at most one, one Time value (11.3).
        var signingTime: Date?
        if let timeNode = try singleValue(signedAttrs, .idSigningTime, "signing-time") {
            signingTime = try decode { try SigningTime.decode(timeNode) }
        }
        return (messageDigest, signingTime)
    }

    /// The single value of the single attribute of `type`, or `nil` when the attribute is absent.
    private static func singleValue(
        _ signedAttrs: SignedAttributes, _ type: DERObjectIdentifier, _ name: String
    ) throws(VerificationFailure) -> DERNode? {
        let matches = signedAttrs.attributes(ofType: type)
        if matches.isEmpty { return nil }
        guard matches.count == 1 else {
            throw .malformed(.duplicateAttribute,
                             "the \(name) attribute occurs \(matches.count) times; RFC 5652 11 allows one")
        }
        guard matches[0].attrValues.count == 1 else {
            throw .malformed(.invalidAttributeValue,
                             "the \(name) attribute has \(matches[0].attrValues.count) values; "
                                 + "RFC 5652 11 requires exactly one")
        }
        return matches[0].attrValues[0].node
    }

    // MARK: - Signer lookup

    /// The signer found: a trusted signer and whether its certificate is reported.
    private struct ResolvedSigner {
        let trusted: TrustedSigner
        let reportsCertificate: Bool
        let viaEmbedded: Bool

        var publicKey: P256PublicKey { trusted.publicKey }
        var certificate: Certificate? { reportsCertificate ? trusted.certificate : nil }
    }

    /// Every `certificate` alternative of `certificates` (RFC 5652 10.2.2: an X.509
    /// Certificate), parsed. One that is not a certificate makes the SignedData malformed even
    /// when the trust set names the signer without it: the field is unsigned, but a strict
    /// profile verifier does not pass a structure holding garbage where a certificate belongs
    /// (OpenSSL refuses such a SignedData as a whole, and so does the independent checker).
    private static func embeddedCertificates(_ signedData: SignedData) throws(VerificationFailure) -> [Certificate] {
        var certificates: [Certificate] = []
        for element in signedData.certificates ?? [] where element.tag == .sequence {
            do {
                // Perf: ≈ 1,808,000 instructions a sample of fleet verify (62 %), 500 readings.
                certificates.append(try EmbeddedCertificateMemo.certificate(element.node.encodedBytes))
            } catch {
                throw .malformed(.invalidCertificate, "an embedded certificate is not an X.509 certificate: \(error)",
                                 offset: element.node.offset)
            }
        }
        return certificates
    }

    // Perf: time and content passed as they are, not as a closure making the date, whose
    // specialisation retained and released both several times a signature (not measured).
    /// The trusted key for `sid`: `found` when the caller has looked it up already, from the
    /// trust set, or from an embedded certificate that is trusted itself or chains to a trusted
    /// certificate, at `time` (stated, perhaps, in `content`).
    private static func findSigner(
        _ sid: SignerIdentifier, trusted found: TrustedSigner?, embedded: [Certificate], trust: TrustSet,
        at time: CertificateTime, content: [UInt8]
    ) throws(VerificationFailure) -> ResolvedSigner {
        if let trusted = found ?? trust.signer(for: sid) {
            return try checkedAtTime(trusted, trust: trust, at: time, content: content)
        }
        guard let candidate = embedded.first(where: { matches($0, sid) }) else {
            // With no certificate in the signature, a trusted CA has nothing to vouch for: the
            // usual cause is a device certificate left out when signing.
            throw .untrustedSigner("no trusted key or certificate matches the signer identifier \(sid)"
                                   + (embedded.isEmpty ? "; the signature carries no certificate: sign with --embed-cert "
                                       + "or trust the device certificate (or its public key)" : ""))
        }
        guard let key = candidate.publicKey else {
            throw .unsupportedAlgorithm(
                "the embedded signer certificate \(candidate.subject) does not hold a P-256 key")
        }
        if trust.contains(certificateDER: candidate.derEncoded) {
            return try checkedAtTime(TrustedSigner(publicKey: key, certificate: candidate), trust: trust,
                                     at: time, content: content)
        }
        // The embedded certificate only maps the sid (e.g. issuer and serial) to a key that is
        // trusted anyway. The certificate itself is unsigned by anyone we trust, so its subject
        // is not reported; the trusted entry's certificate (if any) is.
        if let trusted = trust.signer(forKeyIdentifier: key.keyIdentifier), trusted.publicKey == key {
            return try checkedAtTime(trusted, trust: trust, at: time, content: content)
        }
        guard !trust.certificates.isEmpty else {
            throw .untrustedSigner("the embedded certificate \(candidate.subject) for \(sid) is not trusted "
                                   + "and the trust set has no certificates to chain to")
        }
        let date = time.date(statedIn: content)
        let intermediates = embedded.filter { $0.derEncoded != candidate.derEncoded }
        switch SignerCertificateCheck.check(candidate, intermediates: intermediates, trustedRoots: trust.certificates, at: date) {
        case nil:
            break
        case .purpose(let subject, let problem)?:
            throw .untrustedSigner("the embedded certificate \(subject) for \(sid) \(Self.refusal(problem))")
        case .chain(let error, let period)?:
            throw .untrustedSigner("the embedded certificate \(candidate.subject) for \(sid) "
                                   + "does not chain to a trusted certificate at \(Self.timeText(date)): \(error)"
                                   + Self.periodHint(period, at: date, time: time, content: content, named: candidate.subject))
        }
        return ResolvedSigner(trusted: TrustedSigner(publicKey: key, certificate: candidate), reportsCertificate: true,
                              viaEmbedded: true)
    }

    /// A trusted signer, once its certificate (when it came with one) is found valid at `date`:
    /// a directly trusted certificate obeys the same validity period as an embedded one, so the
    /// verdict does not depend on where the certificate was found. The check is OpenSSL's path
    /// validation at `date` with the certificate as its own trust anchor. A bare trusted key has
    /// no validity period; when the same key is also trusted bare, an out-of-date certificate
    /// does not take that trust away.
    private static func checkedAtTime(
        _ trusted: TrustedSigner, trust: TrustSet, at time: CertificateTime, content: [UInt8]
    ) throws(VerificationFailure) -> ResolvedSigner {
        guard let certificate = trusted.certificate else {
            return ResolvedSigner(trusted: trusted, reportsCertificate: false, viaEmbedded: false)
        }
        // The purpose needs no date: a certificate refused for it costs no reading of the time.
        let date = certificate.signingPurposeProblem == nil ? time.date(statedIn: content) : Date.distantPast
        guard let failure = SignerCertificateCheck.check(certificate, trustedRoots: [certificate], at: date) else {
            return ResolvedSigner(trusted: trusted, reportsCertificate: true, viaEmbedded: false)
        }
        if trust.publicKeys.contains(trusted.publicKey) {
            return ResolvedSigner(trusted: trusted, reportsCertificate: false, viaEmbedded: false)
        }
        switch failure {
        case .purpose(let subject, let problem):
            throw .untrustedSigner("the trusted certificate \(subject) \(Self.refusal(problem))")
        case .chain(let error, let period):
            throw .untrustedSigner("the trusted certificate \(certificate.subject) is not valid at "
                                   + "\(Self.timeText(date)): \(Self.chainReason(error))"
                                   + Self.periodHint(period, at: date, time: time, content: content,
                                                  named: certificate.subject))
        }
    }

    /// `may not vouch for a signer of readings: its keyUsage (keyCertSign) lacks
    /// digitalSignature (signer certificate rule: keyUsage)`.
    private static func refusal(_ problem: Certificate.SigningPurposeProblem) -> String {
        "may not vouch for a signer of readings: \(problem) (signer certificate rule: \(problem.rule))"
    }

    /// What to do about a certificate not valid at the time checked: its period, and for a
    /// reading's own time, how to make a certificate that covers it (the usual cause is a
    /// certificate made after the readings it signed).
    private static func periodHint(_ period: SignerCertificateCheck.ValidityPeriod?, at date: Date,
                                   time: CertificateTime, content: [UInt8], named subject: String) -> String {
        guard let period else { return "" }
        let window = "; " + (period.subject == subject ? "it" : "the certificate \(period.subject)")
            + " is valid from \(timeText(period.notBefore)) to \(timeText(period.notAfter))"
        guard case .statedByContent(let stated) = time, stated(content) != nil else { return window }
        return window + "; the reading is dated \(timeText(date)) (its end date) and must fall inside that period: "
            + "issue the certificates with keygen --not-before on or before the first reading's date"
    }

    /// OpenSSL's reason (`certificate has expired`) without the error's wrapper text.
    private static func chainReason(_ error: CryptoError) -> String {
        if case .chainVerificationFailed(let reason, _) = error { return reason }
        return "\(error)"
    }

    /// `2026-11-21T08:00:00Z`, the instant certificates were checked at, as reasons give it.
    public static func timeText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// Whether `certificate` is the one `sid` names: by SKI extension or computed key
    /// identifier, or by issuer Name (exact DER) and serial number.
    private static func matches(_ certificate: Certificate, _ sid: SignerIdentifier) -> Bool {
        switch sid {
        case .subjectKeyIdentifier(let keyIdentifier):
            if certificate.subjectKeyIdentifier == keyIdentifier { return true }
            return certificate.publicKey?.keyIdentifier == keyIdentifier
        case .issuerAndSerialNumber(let value):
            guard let fields = try? IssuerAndSerialNumber(certificate: certificate) else { return false }
            return DER.encode(fields) == DER.encode(value)
        }
    }

    // MARK: - Error mapping

    /// Runs a decoder and turns its error into a `malformed` verdict.
    private static func decode<T>(_ body: () throws -> T) throws(VerificationFailure) -> T {
        do {
            return try body()
        } catch let error as DERError {
            throw VerificationFailure(
                verdict: .malformed(reason: error.reason, code: error.code.rawValue, offset: error.offset))
        } catch {
            throw .malformed(.invalidStructure, "\(error)")
        }
    }
}

/// A verification step's failure, carrying the verdict to return.
struct VerificationFailure: Error {
    let verdict: CMSVerdict

    static func malformed(_ code: CMSMalformedCode, _ reason: String, offset: Int? = nil) -> VerificationFailure {
        VerificationFailure(verdict: .malformed(reason: reason, code: code.rawValue, offset: offset))
    }

    static func badSignature(_ reason: String) -> VerificationFailure {
        VerificationFailure(verdict: .badSignature(reason: reason))
    }

    static func untrustedSigner(_ reason: String) -> VerificationFailure {
        VerificationFailure(verdict: .untrustedSigner(reason: reason))
    }

    static func unsupportedAlgorithm(_ reason: String) -> VerificationFailure {
        VerificationFailure(verdict: .unsupportedAlgorithm(reason: reason))
    }
}
