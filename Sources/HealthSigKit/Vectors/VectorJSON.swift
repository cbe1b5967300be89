import Foundation
import SampleIO

/// Small conveniences for building and reading the vector files as `JSONValue`s.
///
/// The files are held in SampleIO's exact JSON model rather than `JSONSerialization` objects:
/// a stored sample's `36.60` must stay `36.60` (its last decimal place decides the tolerance of
/// a unit conversion, docs/VERIFY.md), and `JSONSerialization` would turn it into the `Double`
/// 36.6.
extension JSONValue {
    /// A string value.
    package static func text(_ value: String) -> JSONValue { .string(value) }

    /// An integer value.
    package static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// A number given as its exact literal text (`36.60`); `nil` when the text is not a JSON number.
    package static func decimal(_ literal: String) -> JSONValue? {
        JSONNumber(text: literal).map { .number($0) }
    }

    /// An array of strings.
    package static func texts(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }

    /// An object with members in the given order (the writer sorts them anyway).
    package static func obj(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    /// The string, when this is a string.
    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The integer, when this is an integer literal.
    package var intValue: Int? {
        if case .number(let n) = self { return n.intValue }
        return nil
    }

    /// The object, when this is an object.
    package var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The elements, when this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The strings of an array of strings (nil if any element is not a string).
    package var stringArray: [String]? {
        guard let items = arrayValue else { return nil }
        var out: [String] = []
        for item in items {
            guard let s = item.stringValue else { return nil }
            out.append(s)
        }
        return out
    }
}

extension JSONObject {
    /// The string member `key`.
    package func string(_ key: String) -> String? { self[key]?.stringValue }

    /// The object member `key`.
    package func object(_ key: String) -> JSONObject? { self[key]?.objectValue }
}
