/// The ASN.1 NULL value.
public struct DERNull: DERImplicitlyTaggable, Hashable, Sendable {
    /// The universal tag `.null`.
    public static var defaultTag: DERTag { .null }

    /// Creates NULL.
    public init() {}

    /// X.690 8.8.2: NULL has no content octets.
    public init(derNode: DERNode, withTag tag: DERTag) throws {
        try derNode.expect(tag, "NULL")
        guard derNode.content.isEmpty else {
            throw DERError(.invalidNull, at: derNode.offset, "NULL has \(derNode.content.count) content octets")
        }
    }

    /// Writes the value's DER encoding under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag, content: EmptyCollection<UInt8>())
    }
}
