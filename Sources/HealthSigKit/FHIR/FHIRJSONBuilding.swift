import Foundation
import SampleIO

/// Small constructors for FHIR JSON: objects whose absent members are left out.
enum FHIRJSON {
    /// An object of the present members, in the given order.
    static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(JSONObject(members.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } }))
    }

    static func string(_ text: String?) -> JSONValue? {
        guard let text, !text.isEmpty else { return nil }
        return .string(text)
    }

    static func decimal(_ value: Decimal) -> JSONValue? {
        JSONNumber(value).map(JSONValue.number)
    }

    static func array(_ elements: [JSONValue]) -> JSONValue? {
        elements.isEmpty ? nil : .array(elements)
    }

    static func coding(system: String, code: String, display: String? = nil) -> JSONValue {
        object([("system", .string(system)), ("code", .string(code)), ("display", string(display))])
    }

    static func codeableConcept(_ codings: [JSONValue], text: String? = nil) -> JSONValue {
        object([("coding", array(codings)), ("text", string(text))])
    }

    /// A resource's JSON text on one line.
    static func text(_ value: JSONValue) -> String {
        JSONWriter.string(value)
    }
}
