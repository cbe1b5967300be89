/// A parsed JSON value (RFC 8259). Numbers keep their literal text and objects keep their
/// members in document order.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its exact literal text.
    case number(JSONNumber)
    /// A string, with escapes decoded.
    case string(String)
    /// An array, in document order.
    case array([JSONValue])
    /// An object, with members in document order.
    case object(JSONObject)

    /// A short name of the value's kind, used in error messages ("string", "object", …).
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member name, with escapes decoded.
    public var key: String
    /// The member value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object whose members keep their document order (RFC 8259 §4 leaves order to the
/// application; keeping it lets a writer reproduce the input layout).
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The members in order. Objects produced by ``JSONParser`` never hold duplicate keys.
    public var members: [JSONMember]

    /// Creates an object from members in the given order.
    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// Creates an object from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.members = elements.map { JSONMember(key: $0.0, value: $0.1) }
    }

    /// The value of the first member named `key`, or `nil`. Setting appends a new member or
    /// replaces the first existing one in place; setting `nil` removes every member named `key`.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let newValue {
                if let index = members.firstIndex(where: { $0.key == key }) {
                    members[index].value = newValue
                } else {
                    members.append(JSONMember(key: key, value: newValue))
                }
            } else {
                members.removeAll { $0.key == key }
            }
        }
    }

    /// The member names in order.
    public var keys: [String] { members.map(\.key) }
}
