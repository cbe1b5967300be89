import DER

/// The hash a time-stamp is about (RFC 3161 2.4.1).
///
/// ```asn1
/// MessageImprint ::= SEQUENCE {
///     hashAlgorithm   AlgorithmIdentifier,
///     hashedMessage   OCTET STRING }
/// ```
///
/// healthsig stamps the SHA-256 of a signature's DER, so the only algorithm it accepts is
/// id-sha256 with parameters absent or NULL (RFC 5754 2), and the hash must be 32 octets.
public struct MessageImprint: DERParseable, DERSerializable, Hashable, Sendable {
    /// The hash algorithm.
    public var hashAlgorithm: AlgorithmIdentifier
    /// The hash value.
    public var hashedMessage: [UInt8]

    /// Creates an imprint.
    public init(hashAlgorithm: AlgorithmIdentifier = .sha256, hashedMessage: [UInt8]) {
        self.hashAlgorithm = hashAlgorithm
        self.hashedMessage = hashedMessage
    }

    /// Decodes the SEQUENCE.
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "MessageImprint") { fields in
            let algorithm = try AlgorithmIdentifier(derNode: fields.read(.sequence, "hashAlgorithm"))
            let hashed = try DEROctetString(derNode: fields.read(.octetString, "hashedMessage"))
            return MessageImprint(hashAlgorithm: algorithm, hashedMessage: Array(hashed.bytes))
        }
    }

    /// Writes the SEQUENCE.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(hashAlgorithm)
            writer.append(DEROctetString(hashedMessage))
        }
    }

    /// Whether this is a SHA-256 imprint (id-sha256, parameters absent or NULL, 32 octets).
    public var isSHA256: Bool {
        hashAlgorithm.algorithm == .idSHA256 && (hashAlgorithm.parametersAbsent || hashAlgorithm.parametersAreNull)
            && hashedMessage.count == 32
    }
}
