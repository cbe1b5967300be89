import Foundation
import HealthSamples
import SampleIO

/// JSON helpers for the sample-based families (`records`, `samples`): parsing hand-written
/// sample text, editing a member by path, and comparing JSON with decimals compared by value.
package enum VectorSampleJSON {
    /// The parsed JSON of hand-written text (a bug in the generator when it is not JSON).
    package static func parse(_ text: String) throws -> JSONValue {
        do {
            return try JSONParser().parse(text)
        } catch {
            throw VectorInputError("generator JSON does not parse: \(error): \(text)")
        }
    }

    /// The sample a JSON object describes, decoded by SampleIO's JSON sample decoder.
    package static func sample(_ value: JSONValue) throws -> Sample {
        do {
            return try JSONSampleDecoder.decode(value)
        } catch {
            throw VectorInputError("the sample object does not decode: \(error)")
        }
    }

    /// `value` with the member at `path` replaced (nil removes it). Paths are dot-separated
    /// member names with optional array indices: `device.model`, `objects[1].value`,
    /// `metadata.HKDigitalSignature`. Missing objects on the way are created.
    package static func setting(_ value: JSONValue, _ path: String, _ newValue: JSONValue?) -> JSONValue {
        setting(value, path.split(separator: ".").map(String.init)[...], newValue)
    }

    private static func setting(_ value: JSONValue, _ path: ArraySlice<String>, _ newValue: JSONValue?) -> JSONValue {
        guard let head = path.first else { return newValue ?? value }
        var name = head
        var index: Int?
        if let open = head.firstIndex(of: "["), head.hasSuffix("]") {
            name = String(head[..<open])
            index = Int(head[head.index(after: open)..<head.index(before: head.endIndex)])
        }
        var object = value.objectValue ?? JSONObject()
        let rest = path.dropFirst()
        if let index {
            var items = object[name]?.arrayValue ?? []
            guard items.indices.contains(index) else { return value }
            if rest.isEmpty, newValue == nil {
                items.remove(at: index)
            } else {
                items[index] = setting(items[index], rest, newValue)
            }
            object[name] = .array(items)
        } else if rest.isEmpty {
            object[name] = newValue
        } else {
            object[name] = setting(object[name] ?? .object(JSONObject()), rest, newValue)
        }
        return .object(object)
    }

    /// Whether two JSON values are equal, numbers compared as exact decimals and object members
    /// regardless of order.
    package static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            if let dx = x.decimalValue, let dy = y.decimalValue { return dx == dy }
            return x.text == y.text
        case (.object(let x), .object(let y)):
            guard Set(x.keys) == Set(y.keys), x.keys.count == y.keys.count else { return false }
            return x.members.allSatisfy { member in y[member.key].map { equal(member.value, $0) } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default:
            return a == b
        }
    }
}
