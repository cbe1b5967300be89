/// A BIT STRING: content octets after the unused-bits count.
public struct DERBitString: DERImplicitlyTaggable, Hashable, Sendable {
    /// The universal tag `.bitString`.
    public static var defaultTag: DERTag { .bitString }

    /// The bit string's octets, most significant bit first.
    public let bytes: ArraySlice<UInt8>
    /// Number of unused (zero) bits at the end of the last octet, 0…7.
    public let paddingBits: Int

    /// Creates a bit string; `paddingBits` is clamped to 0…7 and forced to 0 for an empty
    /// string. The unused bits of the last octet are cleared, because X.690 11.2.1 requires
    /// them to be zero in DER and the writer must never produce an encoding the reader refuses.
    public init(bytes: some Collection<UInt8>, paddingBits: Int = 0) {
        var octets = Array(bytes)
        let padding = octets.isEmpty ? 0 : min(max(paddingBits, 0), 7)
        if padding > 0 {
            octets[octets.count - 1] &= ~UInt8((1 << padding) - 1)
        }
        self.bytes = octets[...]
        self.paddingBits = padding
    }

    /// X.690 8.6.2: first octet is the unused-bit count 0…7, and 0 when there are no bits;
    /// 11.2.1: in DER the unused bits are zero.
    public init(derNode: DERNode, withTag tag: DERTag) throws {
        try derNode.expect(tag, "BIT STRING")
        guard !derNode.isConstructed else {
            throw DERError(.invalidConstructedFlag, at: derNode.offset, "BIT STRING must be primitive in DER")
        }
        guard let unused = derNode.content.first else {
            throw DERError(.invalidBitString, at: derNode.offset, "BIT STRING lacks its unused-bits octet")
        }
        let data = derNode.content.dropFirst()
        guard unused <= 7, !(data.isEmpty && unused != 0) else {
            throw DERError(.invalidBitString, at: derNode.offset, "unused-bits octet \(unused) is invalid here")
        }
        if let last = data.last, last & ((1 << unused) - 1) != 0 {
            throw DERError(.invalidBitString, at: derNode.offset, "unused bits are not zero (X.690 11.2.1)")
        }
        bytes = data
        paddingBits = Int(unused)
    }

    /// Writes the value's DER encoding under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag) { out in
            out.append(UInt8(paddingBits))
            out.append(contentsOf: bytes)
        }
    }
}
