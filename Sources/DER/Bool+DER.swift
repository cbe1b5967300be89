extension Bool: DERImplicitlyTaggable {
    /// The universal tag `.boolean`.
    public static var defaultTag: DERTag { .boolean }

    /// X.690 8.2.1: one content octet; 11.1: DER uses 0xFF for TRUE, so 0x01…0xFE are refused.
    public init(derNode: DERNode, withTag tag: DERTag) throws {
        try derNode.expect(tag, "BOOLEAN")
        guard derNode.content.count == 1, let b = derNode.content.first, b == 0x00 || b == 0xFF else {
            throw DERError(.invalidBoolean, at: derNode.offset, "BOOLEAN must be the single octet 00 or FF")
        }
        self = b == 0xFF
    }

    /// Writes the value's DER encoding under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag, content: [self ? 0xFF : 0x00])
    }
}
