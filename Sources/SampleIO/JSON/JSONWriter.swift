import OwnedMemory

/// Writes compact JSON (RFC 8259): no whitespace, object members in their given order, numbers
/// as their literal text, strings escaped minimally.
///
/// Minimal escaping means only what RFC 8259 §7 requires: `"`, `\` and U+0000–U+001F (as `\b`,
/// `\f`, `\n`, `\r`, `\t` or `\u00XX`). `/` and all non-ASCII characters are written as they are
/// (UTF-8), so the output is as close to the input text as possible.
public enum JSONWriter {
    /// Appends the compact JSON text of `value` to `output`.
    public static func write(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.text.utf8)
        case .string(let string): writeString(string, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                write(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The compact JSON text of `value`.
    public static func string(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        write(value, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `string` as a JSON string literal (quotes included), escaped minimally.
    public static func writeString(_ string: String, into output: inout [UInt8]) {
        var text = string
        text.withUTF8 { writeString(utf8: $0, into: &output) }
    }

    /// Whether any byte of `bytes` is `"`, `\` or a control character (below 0x20).
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteScan.contains(.jsonEscaped, in: bytes)
    }

    /// Appends the text whose UTF-8 is `bytes` as a JSON string literal (quotes included),
    /// escaped minimally.
    public static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings (keys, identifiers, dates, base64 signatures) need no escape: one scan of
        // the contiguous UTF-8, one copy.
        if !needsEscape(bytes) {
            output.append(contentsOf: bytes)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                           hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
