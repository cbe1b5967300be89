import DER

/// An algorithm and its optional parameters (RFC 5280 4.1.1.2, used by RFC 5652 10.1).
///
/// ```asn1
/// AlgorithmIdentifier ::= SEQUENCE {
///     algorithm   OBJECT IDENTIFIER,
///     parameters  ANY DEFINED BY algorithm OPTIONAL }
/// ```
///
/// `parameters` is kept exactly as encoded, so "absent" and "NULL" stay distinguishable: RFC 5754
/// 2 lets SHA-2 digest identifiers carry either, while RFC 5758 3.2 requires ECDSA signature
/// identifiers to omit them.
public struct AlgorithmIdentifier: DERParseable, DERSerializable, Hashable, Sendable, CustomStringConvertible {
    /// The algorithm.
    public var algorithm: DERObjectIdentifier
    /// The parameters as received, or `nil` when the field is absent.
    public var parameters: DERAny?

    /// Creates an identifier.
    public init(algorithm: DERObjectIdentifier, parameters: DERAny? = nil) {
        self.algorithm = algorithm
        self.parameters = parameters
    }

    /// `id-sha256` with parameters absent, as this toolkit writes it.
    public static let sha256 = AlgorithmIdentifier(algorithm: .idSHA256)
    /// `ecdsa-with-SHA256` with parameters absent (RFC 5758 3.2).
    public static let ecdsaWithSHA256 = AlgorithmIdentifier(algorithm: .ecdsaWithSHA256)

    /// Decodes the SEQUENCE.
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "AlgorithmIdentifier") { fields in
            let algorithm = try DERObjectIdentifier(derNode: fields.read(.objectIdentifier, "algorithm"))
            let parameters = fields.isAtEnd ? nil : try DERAny(derNode: fields.read("parameters"))
            return AlgorithmIdentifier(algorithm: algorithm, parameters: parameters)
        }
    }

    /// Writes the SEQUENCE.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(algorithm)
            if let parameters { writer.append(parameters) }
        }
    }

    /// Whether the parameters are absent.
    public var parametersAbsent: Bool { parameters == nil }

    /// Whether the parameters are an ASN.1 NULL (`05 00`).
    public var parametersAreNull: Bool {
        guard let parameters else { return false }
        return parameters.tag == .null && parameters.node.content.isEmpty
    }

    /// The OID (with its name when known) and a note on the parameters.
    public var description: String {
        let params: String
        if parameters == nil {
            params = "parameters absent"
        } else if parametersAreNull {
            params = "parameters NULL"
        } else {
            params = "parameters \(parameters?.tag.description ?? "")"
        }
        return "\(algorithm) (\(params))"
    }
}
