import DER

/// One signer's signature and the information needed to check it (RFC 5652 5.3).
///
/// ```asn1
/// SignerInfo ::= SEQUENCE {
///     version             CMSVersion,
///     sid                 SignerIdentifier,
///     digestAlgorithm     DigestAlgorithmIdentifier,
///     signedAttrs         [0] IMPLICIT SignedAttributes OPTIONAL,
///     signatureAlgorithm  SignatureAlgorithmIdentifier,
///     signature           SignatureValue,
///     unsignedAttrs       [1] IMPLICIT UnsignedAttributes OPTIONAL }
///
/// SignatureValue ::= OCTET STRING
/// UnsignedAttributes ::= SET SIZE (1..MAX) OF Attribute
/// ```
///
/// Parsing checks DER only; the version/sid rule (v1 ⇔ issuerAndSerialNumber, v3 ⇔
/// subjectKeyIdentifier) is checked by `CMSVerifier`, so a broken message can still be shown by
/// `CMSSignedDataView`. The memberwise initializer derives the version from `sid`.
public struct SignerInfo: DERParseable, DERSerializable, Hashable, Sendable {
    /// The identifier of `unsignedAttrs`: `[1]`, constructed (`A1`).
    public static let unsignedAttrsTag = DERTag.contextSpecific(1, constructed: true)

    /// The SignerInfo version as received.
    public var version: CMSVersion
    /// Names the signer's key or certificate.
    public var sid: SignerIdentifier
    /// The digest algorithm for the content (and the signed attributes).
    public var digestAlgorithm: AlgorithmIdentifier
    /// The signed attributes, with their received encoding.
    public var signedAttrs: SignedAttributes?
    /// The signature algorithm.
    public var signatureAlgorithm: AlgorithmIdentifier
    /// The signature value (for ECDSA a DER `ECDSA-Sig-Value`), as received.
    public var signature: [UInt8]
    /// Attributes outside the signature, or `nil` when absent.
    public var unsignedAttrs: [Attribute]?

    /// Creates a SignerInfo whose version follows from `sid` (RFC 5652 5.3), so a builder
    /// cannot get it wrong.
    public init(
        sid: SignerIdentifier,
        digestAlgorithm: AlgorithmIdentifier = .sha256,
        signedAttrs: SignedAttributes? = nil,
        signatureAlgorithm: AlgorithmIdentifier = .ecdsaWithSHA256,
        signature: [UInt8],
        unsignedAttrs: [Attribute]? = nil
    ) {
        self.init(version: sid.requiredSignerInfoVersion, sid: sid, digestAlgorithm: digestAlgorithm,
                  signedAttrs: signedAttrs, signatureAlgorithm: signatureAlgorithm, signature: signature,
                  unsignedAttrs: unsignedAttrs)
    }

    /// Creates a SignerInfo with an explicit version, e.g. to build deliberately wrong test input.
    public init(
        version: CMSVersion,
        sid: SignerIdentifier,
        digestAlgorithm: AlgorithmIdentifier,
        signedAttrs: SignedAttributes?,
        signatureAlgorithm: AlgorithmIdentifier,
        signature: [UInt8],
        unsignedAttrs: [Attribute]?
    ) {
        self.version = version
        self.sid = sid
        self.digestAlgorithm = digestAlgorithm
        self.signedAttrs = signedAttrs
        self.signatureAlgorithm = signatureAlgorithm
        self.signature = signature
        self.unsignedAttrs = unsignedAttrs
    }

    /// Decodes the SEQUENCE; both attribute sets must be DER-ordered and non-empty.
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "SignerInfo") { fields in
            let version = try CMSVersion(derNode: fields.read(.integer, "SignerInfo.version"))
            let sid = try SignerIdentifier(derNode: fields.read("sid"))
            let digestAlgorithm = try AlgorithmIdentifier(derNode: fields.read(.sequence, "digestAlgorithm"))
            let signedAttrs = try fields.readOptional(SignedAttributes.tag).map { try SignedAttributes(derNode: $0) }
            let signatureAlgorithm = try AlgorithmIdentifier(derNode: fields.read(.sequence, "signatureAlgorithm"))
            let signature = try DEROctetString(derNode: fields.read(.octetString, "signature"))
            var unsignedAttrs: [Attribute]?
            if let node = fields.readOptional(SignerInfo.unsignedAttrsTag) {
                let elements = try DER.setOf(node, tag: SignerInfo.unsignedAttrsTag, "unsignedAttrs")
                guard !elements.isEmpty else {
                    throw DERError(.invalidValue, at: node.offset,
                                   "unsignedAttrs must hold at least one attribute (RFC 5652 5.3)")
                }
                unsignedAttrs = try elements.map { try Attribute(derNode: $0) }
            }
            return SignerInfo(version: version, sid: sid, digestAlgorithm: digestAlgorithm, signedAttrs: signedAttrs,
                              signatureAlgorithm: signatureAlgorithm, signature: Array(signature.bytes),
                              unsignedAttrs: unsignedAttrs)
        }
    }

    /// Writes the SEQUENCE; `signedAttrs` goes out exactly as kept, `unsignedAttrs` sorted.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(version)
            writer.append(sid)
            writer.append(digestAlgorithm)
            if let signedAttrs { writer.append(signedAttrs) }
            writer.append(signatureAlgorithm)
            writer.append(DEROctetString(signature))
            if let unsignedAttrs {
                writer.appendSetOf(SignerInfo.unsignedAttrsTag) { set in
                    for attribute in unsignedAttrs { set.append(attribute) }
                }
            }
        }
    }
}
