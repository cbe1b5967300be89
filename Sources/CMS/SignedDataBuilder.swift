import CryptoBackend
import DER
import Foundation

/// Builds a DER ContentInfo holding one SignedData with one signer (RFC 5652 5).
///
/// The default value is the health-sample profile: SHA-256 (`id-sha256`, parameters absent) in
/// both `digestAlgorithms` and the SignerInfo, `ecdsa-with-SHA256` with parameters absent
/// (RFC 5758 3.2), the content attached under `id-data`, no certificates, no CRLs, no signed or
/// unsigned attributes, and `sid = subjectKeyIdentifier`, so SignedData and SignerInfo are both
/// version 3. Versions are always computed from the content (RFC 5652 5.1, 5.3), never chosen.
///
/// Options: identify the signer by issuer and serial number (SignerInfo v1, and SignedData v1
/// with id-data content), embed the signer certificate, add signed attributes (content-type,
/// message-digest and, if `signingTime` is set, signing-time; the signature then covers their
/// DER SET OF, RFC 5652 5.4), another content type (which requires signed attributes), detached
/// content.
///
/// Signing goes through a `CMSSignatureProvider`; a signature made elsewhere (a secure element
/// returning raw `r ‖ s`, say) is wrapped with `assemble`, after `digestToSign` told the device
/// what to sign. Signatures from outside (`assemble`) and from providers other than an
/// in-process `P256PrivateKey` are verified against the public key before they are wrapped.
public struct SignedDataBuilder: Sendable {
    /// Which `SignerIdentifier` alternative to write.
    public enum SignerIdentification: Sendable, Hashable {
        /// `[0] SubjectKeyIdentifier`: the certificate's subjectKeyIdentifier extension when a
        /// certificate with one is given, else the key's RFC 5280 4.2.1.2 method 1 identifier
        /// (SHA-1 of the public key BIT STRING value). SignerInfo version 3.
        case subjectKeyIdentifier
        /// `IssuerAndSerialNumber` of `signerCertificate` (required). SignerInfo version 1.
        case issuerAndSerialNumber
    }

    /// A signature produced outside this process.
    public enum ExternalSignature: Sendable, Hashable {
        /// A DER `ECDSA-Sig-Value`; it must be strict DER.
        case der([UInt8])
        /// The raw P-256 form: 32-byte big-endian r followed by 32-byte big-endian s.
        case rawRS([UInt8])
    }

    /// The `eContentType`; `id-data` by default. Other types need `includesSignedAttributes`.
    public var eContentType: DERObjectIdentifier { didSet { isDefaultProfile = Self.hasDefaultOptions(self) } }
    /// How the SignerInfo names the signer.
    public var signerIdentification: SignerIdentification { didSet { isDefaultProfile = Self.hasDefaultOptions(self) } }
    /// The signer's certificate; needed for `.issuerAndSerialNumber` and for embedding. Its
    /// public key must be the signing key.
    public var signerCertificate: Certificate? { didSet { isDefaultProfile = Self.hasDefaultOptions(self) } }
    /// Whether `signerCertificate` is placed in `certificates [0]`.
    public var embedsSignerCertificate: Bool { didSet { isDefaultProfile = Self.hasDefaultOptions(self) } }
    /// Whether content-type, message-digest (and signing-time) signed attributes are added.
    public var includesSignedAttributes: Bool { didSet { isDefaultProfile = Self.hasDefaultOptions(self) } }
    /// The signing-time attribute value (only with signed attributes; whole seconds). UTCTime for
    /// 1950–2049, GeneralizedTime otherwise (RFC 5652 11.3). `nil` leaves the attribute out.
    public var signingTime: Date?
    /// Further signed attributes (only with signed attributes), such as the ESS
    /// signingCertificateV2 a time-stamp token carries (RFC 3161 2.4.1); signing refuses them
    /// without `includesSignedAttributes`.
    public var additionalSignedAttributes: [Attribute] = [] { didSet { isDefaultProfile = Self.hasDefaultOptions(self) } }
    /// Whether `eContent` is left out (detached signature); the verifier then needs the content.
    public var detachesContent: Bool { didSet { isDefaultProfile = Self.hasDefaultOptions(self) } }

    /// Creates a builder; the defaults give the profile described above.
    public init(
        eContentType: DERObjectIdentifier = .idData,
        signerIdentification: SignerIdentification = .subjectKeyIdentifier,
        signerCertificate: Certificate? = nil,
        embedsSignerCertificate: Bool = false,
        includesSignedAttributes: Bool = false,
        signingTime: Date? = nil,
        detachesContent: Bool = false
    ) {
        self.eContentType = eContentType
        self.signerIdentification = signerIdentification
        self.signerCertificate = signerCertificate
        self.embedsSignerCertificate = embedsSignerCertificate
        self.includesSignedAttributes = includesSignedAttributes
        self.signingTime = signingTime
        self.detachesContent = detachesContent
        // Set once before it is worked out: `self` can be read only when every property is.
        isDefaultProfile = false
        isDefaultProfile = Self.hasDefaultOptions(self)
    }

    // MARK: - Public operations

    /// Signs `content` with `signer` and returns the DER ContentInfo.
    ///
    /// - Throws: `CMSBuilderError` for inconsistent options, a provider failure, or a provider
    ///   signature that is not strict DER or does not verify under `signer.publicKey`.
    public func sign(_ content: [UInt8], using signer: some CMSSignatureProvider) throws(CMSBuilderError) -> [UInt8] {
        if isDefaultProfile {
            var contentInfo: [UInt8] = []
            let outcome: CMSBuilderError? = content.withUnsafeBytes { content in
                do throws(CMSBuilderError) {
                    try withDefaultProfileContentInfo(signing: content, using: signer) { contentInfo = [UInt8](copying: $0) }
                    return nil
                } catch {
                    return error
                }
            }
            if let outcome { throw outcome }
            return contentInfo
        }
        return try signWithPlan(content, using: signer)
    }

    // Perf: the default profile writes into temporary storage, digest and signature on the stack;
    // arrays of their own cost three allocations a signature (not measured as a share).
    /// Signs `content` with `signer` and lends `body` the DER ContentInfo, which lives only until
    /// `body` returns (as for base64-encoding it into a signed line). The bytes are those
    /// ``sign(_:using:)`` returns.
    ///
    /// - Throws: as ``sign(_:using:)``.
    ///
    /// Not generic in what `body` returns: called from another module, a generic result made
    /// every step down to the temporary storage look up type metadata at run time.
    public func withSignedContentInfo(signing content: UnsafeRawBufferPointer, using signer: some CMSSignatureProvider,
                                      _ body: (UnsafeRawBufferPointer) -> Void) throws(CMSBuilderError) {
        if isDefaultProfile {
            return try withDefaultProfileContentInfo(signing: content, using: signer, body)
        }
        try signWithPlan([UInt8](copying: content), using: signer).withUnsafeBytes(body)
    }

    /// The room lent to ``CMSSignatureProvider/signature(forDigest:into:)``: far more than a
    /// P-256 signature needs, so that an over-long one from another provider reaches the
    /// encoding check (and is refused there) rather than being cut.
    public static let signatureBufferSize = 256

    private func withDefaultProfileContentInfo(signing content: UnsafeRawBufferPointer,
                                               using signer: some CMSSignatureProvider,
                                               _ body: (UnsafeRawBufferPointer) -> Void) throws(CMSBuilderError) {
        try withUnsafeTemporaryAllocation(byteCount: Digest.sha256ByteCount + Self.signatureBufferSize,
                                          alignment: 8) { (scratch) throws(CMSBuilderError) -> Void in
            let digest = UnsafeMutableRawBufferPointer(rebasing: scratch[..<Digest.sha256ByteCount])
            let signatureRoom = UnsafeMutableRawBufferPointer(rebasing: scratch[Digest.sha256ByteCount...])
            Digest.sha256(content, into: digest)
            let length: Int
            do {
                length = try signer.signature(forDigest: UnsafeRawBufferPointer(digest), into: signatureRoom)
            } catch let error as OverlongSignature {
                throw .invalidSignatureEncoding("not a DER ECDSA-Sig-Value: \(error.count) bytes")
            } catch {
                throw .signingFailed("\(error)")
            }
            guard length >= 0, length <= signatureRoom.count else {
                throw .invalidSignatureEncoding("not a DER ECDSA-Sig-Value: \(length) bytes")
            }
            let signature = UnsafeRawBufferPointer(rebasing: signatureRoom[..<length])
            // libcrypto's signatures pass the check on their bytes; anything else goes through
            // the full check, which needs arrays (and the whole public key only when the
            // signature is verified under it: the signer identifier needs just its identifier).
            if signer.signaturesNeedVerification || !ECDSASignatureValue.isShortCanonicalDER(signature) {
                try SigningPlan.checkDER([UInt8](copying: signature), digest: [UInt8](copying: UnsafeRawBufferPointer(digest)),
                                         verifyingUnder: signer.signaturesNeedVerification ? signer.publicKey : nil)
            }
            SignedDataDirectEncoding.withContentInfo(content: content, keyIdentifier: signer.keyIdentifier,
                                                     signature: signature, body)
        }
    }

    /// Options other than the default profile: the SignedData built as values and encoded.
    private func signWithPlan(_ content: [UInt8], using signer: some CMSSignatureProvider) throws(CMSBuilderError) -> [UInt8] {
        let plan = try prepare(content, publicKey: signer.publicKey)
        let signature: [UInt8]
        do {
            signature = try signer.signature(forDigest: plan.digest)
        } catch {
            throw .signingFailed("\(error)")
        }
        return try plan.finish(with: .der(signature), verifying: signer.signaturesNeedVerification)
    }

    /// The 32-byte SHA-256 digest an external signer must sign for `content`: of the content
    /// itself in the default profile, of the DER signed attributes when they are included
    /// (which is why `signingTime` must be fixed before asking).
    public func digestToSign(for content: [UInt8], publicKey: P256PublicKey? = nil) throws(CMSBuilderError) -> [UInt8] {
        try prepare(content, publicKey: signerKey(publicKey)).digest
    }

    /// Wraps a signature made elsewhere over `digestToSign(for: content, …)`.
    ///
    /// `publicKey` defaults to the key of `signerCertificate`. A raw `r ‖ s` signature is
    /// converted to DER with this package's DER writer. The signature is verified against the
    /// key first and refused if it does not verify.
    public func assemble(
        _ content: [UInt8],
        signature: ExternalSignature,
        publicKey: P256PublicKey? = nil
    ) throws(CMSBuilderError) -> [UInt8] {
        try prepare(content, publicKey: signerKey(publicKey)).finish(with: signature)
    }

    // MARK: - Steps

    /// Whether the options are the profile's defaults, whose SignedData
    /// ``SignedDataDirectEncoding`` writes: no check of a certificate is due either. Kept by the
    /// options' observers rather than worked out for every signature: comparing the content
    /// type's OID and copying the options cost as much as writing the ContentInfo.
    private var isDefaultProfile: Bool

    private static func hasDefaultOptions(_ builder: SignedDataBuilder) -> Bool {
        builder.eContentType == .idData && builder.signerIdentification == .subjectKeyIdentifier
            && builder.signerCertificate == nil && !builder.embedsSignerCertificate
            && !builder.includesSignedAttributes && !builder.detachesContent && builder.additionalSignedAttributes.isEmpty
    }

    private func signerKey(_ publicKey: P256PublicKey?) throws(CMSBuilderError) -> P256PublicKey {
        if let publicKey { return publicKey }
        guard let signerCertificate else {
            throw .certificateRequired("assembling without a public key")
        }
        return try Self.key(of: signerCertificate)
    }

    private static func key(of certificate: Certificate) throws(CMSBuilderError) -> P256PublicKey {
        do {
            return try certificate.p256PublicKey()
        } catch {
            throw .unusableCertificate("\(error)")
        }
    }

    /// Everything up to the signature: identifier, attributes, certificates and the digest.
    private func prepare(_ content: [UInt8], publicKey: P256PublicKey) throws(CMSBuilderError) -> SigningPlan {
        // RFC 5652 5.3: "[signedAttrs] MUST be present if the content type of the
        // EncapsulatedContentInfo value being signed is not id-data."
        if eContentType != .idData && !includesSignedAttributes {
            throw .signedAttributesRequired
        }
        // Attributes asked for would otherwise be dropped without a word.
        if !additionalSignedAttributes.isEmpty && !includesSignedAttributes {
            throw .additionalAttributesNeedSignedAttributes
        }
        if let signerCertificate, try Self.key(of: signerCertificate) != publicKey {
            throw .certificateKeyMismatch
        }

        let sid: SignerIdentifier
        switch signerIdentification {
        case .subjectKeyIdentifier:
            sid = .subjectKeyIdentifier(signerCertificate?.subjectKeyIdentifier ?? publicKey.keyIdentifier)
        case .issuerAndSerialNumber:
            guard let signerCertificate else { throw .certificateRequired("issuerAndSerialNumber identification") }
            do {
                sid = .issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: signerCertificate))
            } catch {
                throw .unusableCertificate("issuer and serial number cannot be read: \(error)")
            }
        }

        var certificates: [DERAny]?
        if embedsSignerCertificate {
            guard let signerCertificate else { throw .certificateRequired("embedding the signer certificate") }
            certificates = [try Self.ownEncoding(signerCertificate.derEncoded)]
        }

        let contentDigest = Digest.sha256(content)
        var signedAttrs: SignedAttributes?
        let digest: [UInt8]
        if includesSignedAttributes {
            let attributes = try signedAttributes(contentDigest: contentDigest)
            signedAttrs = attributes
            // RFC 5652 5.4: the digest covers the DER of the attributes as an EXPLICIT SET OF.
            digest = Digest.sha256(attributes.signedBytes)
        } else {
            digest = contentDigest
        }
        return SigningPlan(
            publicKey: publicKey, sid: sid, signedAttrs: signedAttrs, digest: digest, certificates: certificates,
            encapContentInfo: EncapsulatedContentInfo(eContentType: eContentType,
                                                      eContent: detachesContent ? nil : content))
    }

    /// content-type and message-digest (RFC 5652 11.1, 11.2), plus signing-time (11.3) when set,
    /// and the additional attributes.
    private func signedAttributes(contentDigest: [UInt8]) throws(CMSBuilderError) -> SignedAttributes {
        var attributes = [
            Attribute(attrType: .idContentType, attrValues: [try Self.ownEncoding(DER.encode(eContentType))]),
            Attribute(attrType: .idMessageDigest,
                      attrValues: [try Self.ownEncoding(DER.encode(DEROctetString(contentDigest)))]),
        ]
        if let signingTime {
            attributes.append(Attribute(attrType: .idSigningTime,
                                        attrValues: [try Self.ownEncoding(Self.encodeSigningTime(signingTime))]))
        }
        return SignedAttributes(attributes + additionalSignedAttributes)
    }

    /// RFC 5652 11.3: "Dates between 1 January 1950 and 31 December 2049 (inclusive) MUST be
    /// encoded as UTCTime. Any dates with year values before 1950 or after 2049 MUST be encoded
    /// as GeneralizedTime." Fractions of a second are dropped.
    static func encodeSigningTime(_ date: Date) throws(CMSBuilderError) -> [UInt8] {
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        do {
            if let utc = try? UTCTime(whole) {
                return DER.encode(utc)
            }
            return DER.encode(try GeneralizedTime(whole))
        } catch {
            throw .invalidSigningTime("\(error)")
        }
    }

    /// Wraps bytes this module just encoded (or a certificate OpenSSL already parsed) as `DERAny`.
    static func ownEncoding(_ bytes: [UInt8]) throws(CMSBuilderError) -> DERAny {
        do {
            return try DERAny(encoded: bytes)
        } catch {
            throw .unusableCertificate("not a single DER element: \(error)")
        }
    }
}

/// The parts of a SignedData fixed before the signature exists.
struct SigningPlan {
    let publicKey: P256PublicKey
    let sid: SignerIdentifier
    let signedAttrs: SignedAttributes?
    /// The SHA-256 digest the signature must cover.
    let digest: [UInt8]
    let certificates: [DERAny]?
    let encapContentInfo: EncapsulatedContentInfo

    /// Checks `signature` (strict DER, or raw r‖s converted to DER), verifies it under the key,
    /// and returns the DER ContentInfo.
    func finish(with signature: SignedDataBuilder.ExternalSignature, verifying: Bool = true) throws(CMSBuilderError) -> [UInt8] {
        let der = try Self.checked(signature, digest: digest, verifyingUnder: verifying ? publicKey : nil)
        let signerInfo = SignerInfo(sid: sid, signedAttrs: signedAttrs, signature: der)
        let signedData = SignedData(digestAlgorithms: [.sha256], encapContentInfo: encapContentInfo,
                                    certificates: certificates, signerInfos: [signerInfo])
        return ContentInfo.encode(signedData: signedData)
    }

    /// The DER of `signature` once it is known to be strict DER (raw r‖s converted) and, unless
    /// `publicKey` is `nil`, to verify under `publicKey` over `digest`.
    static func checked(_ signature: SignedDataBuilder.ExternalSignature, digest: [UInt8],
                        verifyingUnder publicKey: P256PublicKey?) throws(CMSBuilderError) -> [UInt8] {
        let der = switch signature {
        case .der(let bytes): bytes
        case .rawRS(let bytes): try ECDSASignatureValue(rawRS: bytes).derEncoded
        }
        try checkDER(der, digest: digest, verifyingUnder: publicKey)
        return der
    }

    // Perf: apart, since wrapping the signature in an ExternalSignature and taking it out again
    // retained and released it for every signature (not measured).
    /// Checks that `der` is a strict DER ECDSA-Sig-Value and, unless `publicKey` is `nil`, that it
    /// verifies under `publicKey` over `digest`: ``checked(_:digest:verifyingUnder:)`` for the
    /// default profile, which signs with a DER signature.
    static func checkDER(_ der: [UInt8], digest: [UInt8],
                         verifyingUnder publicKey: P256PublicKey?) throws(CMSBuilderError) {
        // libcrypto's signatures pass the check on their bytes; anything else is decoded.
        if !ECDSASignatureValue.isShortCanonicalDER(der) {
            let value: ECDSASignatureValue
            do {
                value = try ECDSASignatureValue(derEncoded: der)
            } catch {
                throw .invalidSignatureEncoding("not a DER ECDSA-Sig-Value: \(error)")
            }
            guard value.derEncoded == der else {
                throw .invalidSignatureEncoding("ECDSA-Sig-Value is not in canonical DER")
            }
        }
        if let publicKey, !publicKey.isValidSignature(der, forDigest: digest) {
            throw .signatureDoesNotVerify
        }
    }
}
