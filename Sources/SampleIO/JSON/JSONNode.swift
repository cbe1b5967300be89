/// A JSON value together with the byte offsets it occupies in the parsed text.
///
/// Spans are what make exact edits possible: ``insertingMetadataValue(key:stringValue:into:)``
/// changes a line by splicing bytes at these offsets, so every other byte stays as it was.
public struct JSONNode: Sendable, Hashable {
    /// The value's content, with spans for nested values.
    public enum Content: Sendable, Hashable {
        /// `null`.
        case null
        /// `true` / `false`.
        case bool(Bool)
        /// A number literal.
        case number(JSONNumber)
        /// A string.
        case string(String)
        /// An array of nodes.
        case array([JSONNode])
        /// An object's members, in order.
        case object([Member])
    }

    /// An object member with the span of its key (including the quotes) and its value node.
    public struct Member: Sendable, Hashable {
        /// The decoded key.
        public var key: String
        /// Byte range of the key's string literal, quotes included.
        public var keySpan: Range<Int>
        /// The member's value.
        public var value: JSONNode
    }

    /// What the value is.
    public var content: Content
    /// Byte range of the value's text in the input: for strings it includes the quotes, for
    /// objects and arrays it runs from the opening to the closing bracket inclusive.
    public var span: Range<Int>

    /// The plain value without spans.
    public var value: JSONValue {
        switch content {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .array(let elements): .array(elements.map(\.value))
        case .object(let members): .object(JSONObject(members.map { JSONMember(key: $0.key, value: $0.value.value) }))
        }
    }

    /// The members when this is an object, else `nil`.
    public var objectMembers: [Member]? {
        if case .object(let members) = content { return members }
        return nil
    }
}
