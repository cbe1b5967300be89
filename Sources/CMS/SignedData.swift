import DER

/// Signed content plus any number of signatures over it (RFC 5652 5.1).
///
/// ```asn1
/// SignedData ::= SEQUENCE {
///     version           CMSVersion,
///     digestAlgorithms  DigestAlgorithmIdentifiers,
///     encapContentInfo  EncapsulatedContentInfo,
///     certificates      [0] IMPLICIT CertificateSet OPTIONAL,
///     crls              [1] IMPLICIT RevocationInfoChoices OPTIONAL,
///     signerInfos       SignerInfos }
///
/// DigestAlgorithmIdentifiers ::= SET OF DigestAlgorithmIdentifier
/// SignerInfos ::= SET OF SignerInfo
/// CertificateSet ::= SET OF CertificateChoices
/// RevocationInfoChoices ::= SET OF RevocationInfoChoice
/// ```
///
/// Certificates and revocation entries are kept as raw DER (`DERAny`): a `CertificateChoices`
/// element that is a SEQUENCE is an X.509 certificate, `[0]`–`[3]` are the other choices
/// (extended, v1/v2 attribute, other). CRLs are parsed (DER order) and kept but never used:
/// the profile has none and this toolkit does not check revocation (see `CMSVerifier`).
public struct SignedData: DERParseable, DERSerializable, Hashable, Sendable {
    /// The identifier of `certificates`: `[0]`, constructed (`A0`).
    public static let certificatesTag = DERTag.contextSpecific(0, constructed: true)
    /// The identifier of `crls`: `[1]`, constructed (`A1`).
    public static let crlsTag = DERTag.contextSpecific(1, constructed: true)

    /// The SignedData version as received.
    public var version: CMSVersion
    /// Digest algorithms used by the signers.
    public var digestAlgorithms: [AlgorithmIdentifier]
    /// The content and its type.
    public var encapContentInfo: EncapsulatedContentInfo
    /// Certificates (raw `CertificateChoices`), or `nil` when the field is absent.
    public var certificates: [DERAny]?
    /// Revocation information (raw `RevocationInfoChoice`), or `nil` when absent.
    public var crls: [DERAny]?
    /// The signers.
    public var signerInfos: [SignerInfo]

    /// Creates a SignedData whose version is computed from the other fields (RFC 5652 5.1).
    public init(
        digestAlgorithms: [AlgorithmIdentifier],
        encapContentInfo: EncapsulatedContentInfo,
        certificates: [DERAny]? = nil,
        crls: [DERAny]? = nil,
        signerInfos: [SignerInfo]
    ) {
        self.init(
            version: SignedData.requiredVersion(encapContentInfo: encapContentInfo, certificates: certificates,
                                                crls: crls, signerInfos: signerInfos),
            digestAlgorithms: digestAlgorithms, encapContentInfo: encapContentInfo, certificates: certificates,
            crls: crls, signerInfos: signerInfos)
    }

    /// Creates a SignedData with an explicit version, e.g. to build deliberately wrong test input.
    public init(
        version: CMSVersion,
        digestAlgorithms: [AlgorithmIdentifier],
        encapContentInfo: EncapsulatedContentInfo,
        certificates: [DERAny]?,
        crls: [DERAny]?,
        signerInfos: [SignerInfo]
    ) {
        self.version = version
        self.digestAlgorithms = digestAlgorithms
        self.encapContentInfo = encapContentInfo
        self.certificates = certificates
        self.crls = crls
        self.signerInfos = signerInfos
    }

    /// Decodes the SEQUENCE; every SET OF must be in DER order (X.690 11.6).
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "SignedData") { fields in
            let version = try CMSVersion(derNode: fields.read(.integer, "SignedData.version"))
            let digestAlgorithms = try DER.setOf(fields.read(.set, "digestAlgorithms"), "digestAlgorithms")
                .map { try AlgorithmIdentifier(derNode: $0) }
            let encap = try EncapsulatedContentInfo(derNode: fields.read(.sequence, "encapContentInfo"))
            let certificates = try fields.readOptional(SignedData.certificatesTag).map { node in
                try DER.setOf(node, tag: SignedData.certificatesTag, "certificates").map { element in
                    try SignedData.expectChoice(element, in: SignedData.certificateChoiceTags, "CertificateChoices")
                    return try DERAny(derNode: element)
                }
            }
            let crls = try fields.readOptional(SignedData.crlsTag).map { node in
                try DER.setOf(node, tag: SignedData.crlsTag, "crls").map { element in
                    try SignedData.expectChoice(element, in: SignedData.revocationInfoChoiceTags, "RevocationInfoChoice")
                    return try DERAny(derNode: element)
                }
            }
            let signerInfos = try DER.setOf(fields.read(.set, "signerInfos"), "signerInfos")
                .map { try SignerInfo(derNode: $0) }
            return SignedData(version: version, digestAlgorithms: digestAlgorithms, encapContentInfo: encap,
                              certificates: certificates, crls: crls, signerInfos: signerInfos)
        }
    }

    /// The alternatives of `CertificateChoices` (RFC 5652 10.2.2): certificate (a SEQUENCE),
    /// extendedCertificate [0], v1AttrCert [1], v2AttrCert [2] and other [3], each IMPLICIT on a
    /// SEQUENCE and so constructed.
    static let certificateChoiceTags: Set<DERTag> = [
        .sequence, .contextSpecific(0, constructed: true), .contextSpecific(1, constructed: true),
        .contextSpecific(2, constructed: true), .contextSpecific(3, constructed: true),
    ]

    /// The alternatives of `RevocationInfoChoice` (RFC 5652 10.2.1): crl (a CertificateList
    /// SEQUENCE) and other [1] IMPLICIT OtherRevocationInfoFormat (constructed).
    static let revocationInfoChoiceTags: Set<DERTag> = [.sequence, .contextSpecific(1, constructed: true)]

    /// Refuses an element of a CHOICE-typed SET OF whose tag names none of the alternatives,
    /// so the version rules of RFC 5652 5.1 see every entry for what it is.
    private static func expectChoice(_ node: DERNode, in tags: Set<DERTag>, _ what: String) throws(DERError) {
        guard tags.contains(node.tag) else {
            throw DERError(.unexpectedTag, at: node.offset, "\(node.tag) is not one of the \(what) alternatives (RFC 5652 10.2)")
        }
    }

    /// Writes the SEQUENCE, every SET OF sorted by encoding.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(version)
            writer.appendSetOf { set in
                for algorithm in digestAlgorithms { set.append(algorithm) }
            }
            writer.append(encapContentInfo)
            if let certificates {
                writer.appendSetOf(SignedData.certificatesTag) { set in
                    for certificate in certificates { set.append(certificate) }
                }
            }
            if let crls {
                writer.appendSetOf(SignedData.crlsTag) { set in
                    for crl in crls { set.append(crl) }
                }
            }
            writer.appendSetOf { set in
                for signerInfo in signerInfos { set.append(signerInfo) }
            }
        }
    }

    /// The X.509 certificates among `certificates` (the `certificate` choice, a SEQUENCE), as DER.
    public var x509Certificates: [[UInt8]] {
        (certificates ?? []).filter { $0.tag == .sequence }.map { Array($0.node.encodedBytes) }
    }

    /// The version RFC 5652 5.1 requires for these fields:
    ///
    /// ```
    /// IF certificates or crls of type other are present THEN 5
    /// ELSE IF version 2 attribute certificates are present THEN 4
    /// ELSE IF version 1 attribute certificates are present OR any SignerInfo is v3
    ///         OR eContentType is not id-data THEN 3
    /// ELSE 1
    /// ```
    public static func requiredVersion(
        encapContentInfo: EncapsulatedContentInfo,
        certificates: [DERAny]?,
        crls: [DERAny]?,
        signerInfos: [SignerInfo]
    ) -> CMSVersion {
        // CertificateChoices: other [3] IMPLICIT; v2AttrCert [2]; v1AttrCert [1] (all constructed).
        // RevocationInfoChoice: other [1] IMPLICIT OtherRevocationInfoFormat.
        // Searched in place: this runs for every signature made.
        func certificatesHave(_ tag: DERTag) -> Bool { certificates?.contains { $0.tag == tag } ?? false }
        if certificatesHave(.contextSpecific(3, constructed: true))
            || (crls?.contains { $0.tag == .contextSpecific(1, constructed: true) } ?? false)
        {
            return .v5
        }
        if certificatesHave(.contextSpecific(2, constructed: true)) {
            return .v4
        }
        if certificatesHave(.contextSpecific(1, constructed: true))
            || signerInfos.contains(where: { $0.version == .v3 })
            || encapContentInfo.eContentType != .idData
        {
            return .v3
        }
        return .v1
    }
}
