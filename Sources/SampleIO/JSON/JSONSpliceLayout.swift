/// One object member as ``JSONParser/parseForSplicing(_:)`` notes it: its nesting depth (1 for
/// the top-level object's members), its decoded key and the spans of key and value.
struct JSONMemberSpan {
    var depth: Int
    var key: String
    var keySpan: Range<Int>
    var valueSpan: Range<Int>
}

/// Where things are in the text of one JSON object: the spans of its members and, when its
/// `metadata` member is an object, of that object's members. Enough to splice a metadata entry
/// into the text (``insertingMetadataValue(key:stringValueUTF8:into:layout:)``) with every other
/// byte left as it was.
public struct JSONSpliceLayout: Sendable, Hashable {
    /// A member with the spans of its key (quotes included) and of its value.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var keySpan: Range<Int>
        public var valueSpan: Range<Int>
    }

    /// The kind of the top-level value (``JSONValue/kindName``); only an `object` has members.
    public var rootKind: String
    /// The span of the top-level value.
    public var rootSpan: Range<Int>
    /// The top-level object's members, in order.
    public var members: [Member]
    /// The kind of the `metadata` member's value, when there is that member.
    public var metadataKind: String?
    /// The members of the `metadata` object, in order (empty unless it is an object).
    public var metadataMembers: [Member]

    /// The layout of the text whose node tree is `root`.
    public init(root: JSONNode) {
        rootKind = root.value.kindName
        rootSpan = root.span
        let topMembers = root.objectMembers ?? []
        members = topMembers.map { Member(key: $0.key, keySpan: $0.keySpan, valueSpan: $0.value.span) }
        let metadata = topMembers.first { $0.key == "metadata" }
        metadataKind = metadata?.value.value.kindName
        metadataMembers = (metadata?.value.objectMembers ?? []).map {
            Member(key: $0.key, keySpan: $0.keySpan, valueSpan: $0.value.span)
        }
    }

    /// The layout from the parser's member log of `bytes`, a complete JSON text. Members of
    /// depth 2 are logged before the depth-1 member whose value holds them.
    init(log: [JSONMemberSpan], bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0A || bytes[start] == 0x0D {
            start += 1
        }
        var end = bytes.count
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D {
            end -= 1
        }
        rootSpan = start..<end
        rootKind = start < end ? Self.kind(of: bytes[start]) : "null"
        members = []
        metadataKind = nil
        metadataMembers = []
        guard rootKind == "object" else { return }
        members.reserveCapacity(log.count)
        // The depth-2 members since the last other member are those of this member's value;
        // only the metadata object's are kept (a device's are skipped, not copied).
        var nestedStart = 0
        for (index, entry) in log.enumerated() {
            if entry.depth == 2 { continue }
            members.append(Member(key: entry.key, keySpan: entry.keySpan, valueSpan: entry.valueSpan))
            if entry.key == "metadata", metadataKind == nil {
                metadataKind = Self.kind(of: bytes[entry.valueSpan.lowerBound])
                metadataMembers = log[nestedStart..<index].map {
                    Member(key: $0.key, keySpan: $0.keySpan, valueSpan: $0.valueSpan)
                }
            }
            nestedStart = index + 1
        }
    }

    /// The layout of a top-level object spanning `objectSpan`, from its members and, when it
    /// has a `metadata` object, that object's members, as a reader that noted them itself has
    /// them (``JSONSampleFastDecoder``).
    init(objectSpan: Range<Int>, members: [Member], metadataMembers: [Member]?) {
        rootKind = "object"
        rootSpan = objectSpan
        self.members = members
        metadataKind = metadataMembers == nil ? nil : "object"
        self.metadataMembers = metadataMembers ?? []
    }

    /// The kind of the JSON value whose text starts with `byte`.
    static func kind(of byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): "object"
        case UInt8(ascii: "["): "array"
        case UInt8(ascii: "\""): "string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "boolean"
        case UInt8(ascii: "n"): "null"
        default: "number"
        }
    }
}
