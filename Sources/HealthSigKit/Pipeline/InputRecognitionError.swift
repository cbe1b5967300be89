/// Why a `verify` input cannot be JSON, export.xml or export.zip, found from its first bytes:
/// the input is given up on rather than read to an end that may never come (`/dev/zero`, an
/// endless pipe).
public enum InputRecognitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first byte after whitespace and byte order mark starts none of the forms.
    case unrecognisedStart(input: String, byte: UInt8, offset: Int)
    /// Only whitespace within the first `bound` bytes.
    case onlyWhitespace(input: String, bound: Int)
    /// A zip archive with no files in it (it starts with the end-of-central-directory record).
    case emptyZipArchive(input: String)
    /// UTF-16 text (a byte order mark, or a zero byte beside the first character): the readers
    /// take UTF-8, which is what the Health app and JSON (RFC 8259 §8.1) use.
    case utf16Text(input: String, bigEndian: Bool)

    public var description: String {
        switch self {
        case .unrecognisedStart(let input, let byte, let offset):
            let shown = (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))' (0x\(hex(byte)))" : "0x\(hex(byte))"
            return "\(input): neither JSON, export.xml nor export.zip: byte \(shown) at offset \(offset) starts none of them "
                + "(JSON starts with '{' or '[', XML with '<', a zip archive with 'PK')"
        case .onlyWhitespace(let input, let bound):
            return "\(input): neither JSON nor XML within the first \(bound) bytes (only whitespace); the rest is not read"
        case .emptyZipArchive(let input):
            return "\(input): an empty zip archive (it holds no files); the Health app's export.zip holds "
                + "apple_health_export/export.xml"
        case .utf16Text(let input, let bigEndian):
            return "\(input): UTF-16 text (\(bigEndian ? "big" : "little")-endian); JSON and export.xml are read as UTF-8, "
                + "as the Health app writes them: convert it first, e.g. iconv -f UTF-16 -t UTF-8"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
