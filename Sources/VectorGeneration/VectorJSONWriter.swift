import HealthSigKit
import SampleIO

/// Writes the vector files: pretty-printed, object keys sorted, `/` not escaped — the layout of
/// `JSONSerialization` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (two-space
/// indent, `"key" : value`), but over SampleIO's exact JSON model so numbers keep their literal
/// text. The output depends only on the value, so regenerating unchanged vectors gives
/// byte-identical files.
enum VectorJSONWriter {
    /// The text of `value` followed by a newline.
    static func prettyPrinted(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64 * 1024)
        write(value, indent: 0, into: &output)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(contentsOf: "[\n".utf8)
            for (position, element) in elements.enumerated() {
                pad(indent + 1, &output)
                write(element, indent: indent + 1, into: &output)
                output.append(contentsOf: (position + 1 < elements.count ? ",\n" : "\n").utf8)
            }
            pad(indent, &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.members.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return
            }
            // Sorted by the UTF-8 bytes of the key: the same order for every platform and for
            // Python's json.dumps(sort_keys=True) on ASCII keys.
            let members = object.members.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
            output.append(contentsOf: "{\n".utf8)
            for (position, member) in members.enumerated() {
                pad(indent + 1, &output)
                JSONWriter.writeString(member.key, into: &output)
                output.append(contentsOf: " : ".utf8)
                write(member.value, indent: indent + 1, into: &output)
                output.append(contentsOf: (position + 1 < members.count ? ",\n" : "\n").utf8)
            }
            pad(indent, &output)
            output.append(UInt8(ascii: "}"))
        default:
            JSONWriter.write(value, into: &output)
        }
    }

    private static func pad(_ level: Int, _ output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }
}
