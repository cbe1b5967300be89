/// An OCTET STRING; the bytes are a slice of the parsed input when decoded.
public struct DEROctetString: DERImplicitlyTaggable, Hashable, Sendable {
    /// The universal tag `.octetString`.
    public static var defaultTag: DERTag { .octetString }

    /// The string's octets.
    public let bytes: ArraySlice<UInt8>

    /// Wraps octets.
    public init(_ bytes: some Collection<UInt8>) {
        self.bytes = ArraySlice(bytes)
    }

    /// Decodes the value from `derNode`, which must carry `tag`, checking every DER rule of its content.
    public init(derNode: DERNode, withTag tag: DERTag) throws {
        // The primitive-form rule (X.690 10.2) is enforced by the TLV reader for the universal
        // tag; under an implicit tag the constructed form is refused here.
        try derNode.expect(tag, "OCTET STRING")
        guard !derNode.isConstructed else {
            throw DERError(.invalidConstructedFlag, at: derNode.offset, "OCTET STRING must be primitive in DER")
        }
        bytes = derNode.content
    }

    /// Writes the value's DER encoding under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag, content: bytes)
    }
}
