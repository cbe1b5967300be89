/// Why JSON text was rejected, and where: byte offset plus 1-based line and column.
///
/// The column counts Unicode scalars from the start of the line (a multi-byte UTF-8 character
/// is one column), so it matches what an editor shows for UTF-8 text.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the parser was looking for when it found something else.
    public enum Expectation: Sendable, Hashable {
        /// Any JSON value.
        case value
        /// A string starting an object key.
        case objectKey
        /// `:` after a key.
        case colon
        /// `,` or `}`.
        case commaOrEndOfObject
        /// `,` or `]`.
        case commaOrEndOfArray
        /// A decimal digit inside a number.
        case digit
        /// A hexadecimal digit inside `\uXXXX`.
        case hexDigit
        /// The literal `true`, `false` or `null`.
        case literal(String)
        /// Nothing but whitespace after the top-level value.
        case endOfInput
    }

    /// The specific rule that was broken.
    public enum Reason: Sendable, Hashable {
        /// The text ended inside a value (or was empty).
        case unexpectedEndOfInput(expected: Expectation)
        /// A byte that cannot appear here.
        case unexpectedByte(UInt8, expected: Expectation)
        /// `\` followed by a byte that is not one of `" \ / b f n r t u` (RFC 8259 §7).
        case invalidEscape(UInt8)
        /// A `\uD800`–`\uDFFF` escape not forming a surrogate pair.
        case unpairedSurrogate(UInt16)
        /// An unescaped control character (U+0000–U+001F) inside a string (RFC 8259 §7).
        case controlCharacterInString(UInt8)
        /// Bytes that are not well-formed UTF-8 (RFC 8259 §8.1, RFC 3629).
        case invalidUTF8
        /// The same key twice in one object. RFC 8259 §4 says names SHOULD be unique; two
        /// readers could pick different duplicates, which is unacceptable for signed data.
        case duplicateKey(String)
        /// Arrays/objects nested deeper than the parser's limit.
        case nestingTooDeep(limit: Int)
    }

    /// The broken rule.
    public let reason: Reason
    /// Byte offset of the problem in the input (0-based).
    public let offset: Int
    /// 1-based line number.
    public let line: Int
    /// 1-based column in Unicode scalars.
    public let column: Int

    /// Creates an error; line and column are normally computed by the parser.
    public init(reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// A one-line description, e.g. `line 1, column 7: expected ':' but found 'x'`.
    public var description: String {
        "line \(line), column \(column): \(reasonText)"
    }

    /// What is wrong, without the location: `expected ':' but found 'x'`.
    public var reasonText: String {
        switch reason {
        case .unexpectedEndOfInput(let expected): "unexpected end of input, expected \(Self.describe(expected))"
        case .unexpectedByte(let byte, let expected):
            "expected \(Self.describe(expected)) but found \(Self.describe(byte: byte))"
        case .invalidEscape(let byte): "invalid escape sequence \\\(Self.describe(byte: byte))"
        case .unpairedSurrogate(let unit): "unpaired UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true))"
        case .controlCharacterInString(let byte): "unescaped control character 0x\(String(byte, radix: 16)) in string"
        case .invalidUTF8: "invalid UTF-8"
        case .duplicateKey(let key): "duplicate key \"\(key)\""
        case .nestingTooDeep(let limit): "nesting deeper than \(limit) levels"
        }
    }

    static func describe(_ expectation: Expectation) -> String {
        switch expectation {
        case .value: "a value"
        case .objectKey: "a string key"
        case .colon: "':'"
        case .commaOrEndOfObject: "',' or '}'"
        case .commaOrEndOfArray: "',' or ']'"
        case .digit: "a digit"
        case .hexDigit: "a hex digit"
        case .literal(let word): "'\(word)'"
        case .endOfInput: "end of input"
        }
    }

    static func describe(byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
