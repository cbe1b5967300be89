import DER

/// The signed content and its type (RFC 5652 5.2).
///
/// ```asn1
/// EncapsulatedContentInfo ::= SEQUENCE {
///     eContentType  ContentType,
///     eContent      [0] EXPLICIT OCTET STRING OPTIONAL }
///
/// ContentType ::= OBJECT IDENTIFIER
/// ```
///
/// `eContent` absent means detached content: the verifier must be given the content separately.
/// DER requires the OCTET STRING in primitive form (X.690 10.2), which the TLV reader enforces.
public struct EncapsulatedContentInfo: DERParseable, DERSerializable, Hashable, Sendable {
    /// The type of the content, `id-data` for plain octets.
    public var eContentType: DERObjectIdentifier
    /// The content octets, or `nil` for detached content.
    public var eContent: [UInt8]?

    /// Creates the structure.
    public init(eContentType: DERObjectIdentifier = .idData, eContent: [UInt8]?) {
        self.eContentType = eContentType
        self.eContent = eContent
    }

    /// Decodes the SEQUENCE.
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "EncapsulatedContentInfo") { fields in
            let type = try DERObjectIdentifier(derNode: fields.read(.objectIdentifier, "eContentType"))
            let content = try fields.readOptionalExplicit(0).map { try DEROctetString(derNode: $0) }
            return EncapsulatedContentInfo(eContentType: type, eContent: content.map { Array($0.bytes) })
        }
    }

    /// Writes the SEQUENCE.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(eContentType)
            if let eContent { writer.append(DEROctetString(eContent), explicitTag: 0) }
        }
    }
}
