/// What ``JSONParserCore`` builds from what it reads: nodes with byte spans (``JSONNode``), or
/// plain values (``JSONValue``). One grammar, one set of checks, two kinds of result.
protocol JSONTreeBuilding {
    associatedtype Value
    associatedtype Member
    static func scalar(_ value: JSONScalar, span: Range<Int>) -> Value
    static func array(_ elements: [Value], span: Range<Int>) -> Value
    static func object(_ members: [Member], span: Range<Int>) -> Value
    static func member(key: String, keySpan: Range<Int>, value: Value) -> Member
    static func key(of member: Member) -> String
}

/// A value that is neither an array nor an object, as the parser reads it.
enum JSONScalar {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
}

/// Builds ``JSONNode``s.
enum JSONNodeTree: JSONTreeBuilding {
    static func scalar(_ value: JSONScalar, span: Range<Int>) -> JSONNode {
        switch value {
        case .null: JSONNode(content: .null, span: span)
        case .bool(let flag): JSONNode(content: .bool(flag), span: span)
        case .number(let number): JSONNode(content: .number(number), span: span)
        case .string(let string): JSONNode(content: .string(string), span: span)
        }
    }
    static func array(_ elements: [JSONNode], span: Range<Int>) -> JSONNode { JSONNode(content: .array(elements), span: span) }
    static func object(_ members: [JSONNode.Member], span: Range<Int>) -> JSONNode { JSONNode(content: .object(members), span: span) }
    static func member(key: String, keySpan: Range<Int>, value: JSONNode) -> JSONNode.Member {
        JSONNode.Member(key: key, keySpan: keySpan, value: value)
    }
    static func key(of member: JSONNode.Member) -> String { member.key }
}

/// Builds ``JSONValue``s.
enum JSONValueTree: JSONTreeBuilding {
    static func scalar(_ value: JSONScalar, span: Range<Int>) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        }
    }
    static func array(_ elements: [JSONValue], span: Range<Int>) -> JSONValue { .array(elements) }
    static func object(_ members: [JSONMember], span: Range<Int>) -> JSONValue { .object(JSONObject(members)) }
    static func member(key: String, keySpan: Range<Int>, value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
    static func key(of member: JSONMember) -> String { member.key }
}
