/// One parsed DER element. Its byte views are slices of the buffer that was parsed, so the
/// indices are offsets into that buffer and signed bytes can be hashed exactly as received.
public struct DERNode: Hashable, Sendable, CustomStringConvertible {
    /// The element's identifier.
    public let tag: DERTag
    /// The whole element: identifier, length and content octets.
    public let encodedBytes: ArraySlice<UInt8>
    /// The content octets only.
    public let content: ArraySlice<UInt8>
    /// The parsed children of a constructed element, in order; empty for primitive elements.
    public let children: [DERNode]

    /// Index of the element's first identifier octet in the parsed buffer.
    public var offset: Int { encodedBytes.startIndex }
    /// Index of the first content octet in the parsed buffer.
    public var contentOffset: Int { content.startIndex }
    /// Whether the element is in constructed form.
    public var isConstructed: Bool { tag.isConstructed }

    init(tag: DERTag, encodedBytes: ArraySlice<UInt8>, content: ArraySlice<UInt8>, children: [DERNode]) {
        self.tag = tag
        self.encodedBytes = encodedBytes
        self.content = content
        self.children = children
    }

    /// A human-readable rendering for messages and logs.
    public var description: String { "\(tag) at \(offset), \(content.count) content bytes" }

    /// Throws `unexpectedTag` unless the node has `expected` as its tag.
    public func expect(_ expected: DERTag, _ what: @autoclosure () -> String = "") throws(DERError) {
        guard tag == expected else {
            let name = what()
            throw DERError(.unexpectedTag, at: offset,
                           "expected \(expected)\(name.isEmpty ? "" : " for \(name)"), found \(tag)")
        }
    }
}
