/// Why an XML document was rejected, with the 1-based line where the problem was found.
public struct XMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The well-formedness rule (XML 1.0, 5th ed.) that was broken, or the limit that was hit.
    public enum Reason: Sendable, Equatable {
        /// The input ended inside markup, or with elements still open.
        case unexpectedEndOfInput
        /// No root element at all.
        case missingRootElement
        /// A second element after the root element had ended (§2.1 `document` production).
        case multipleRootElements
        /// Non-whitespace character data or CDATA before or after the root element (§2.8).
        case contentOutsideRootElement
        /// `<?xml …?>` somewhere other than the very start (§2.8), or a second DOCTYPE, or a
        /// DOCTYPE after the root element.
        case misplacedDeclaration
        /// The XML declaration names an encoding other than UTF-8 (or its ASCII subset).
        case unsupportedEncoding(String)
        /// `<!` followed by something other than a comment, CDATA section or DOCTYPE.
        case unsupportedMarkup
        /// An element or attribute name that does not start like an XML `Name` (§2.3).
        case invalidName
        /// Two attributes without whitespace between them (§3.1 `STag`).
        case expectedWhitespace
        /// An attribute name not followed by `=`.
        case expectedEquals
        /// An attribute value not enclosed in `"` or `'`.
        case expectedQuote
        /// A tag not closed by `>` or `/>` where it should be.
        case expectedTagEnd
        /// A literal `<` inside an attribute value (§3.1, `AttValue` excludes `<`).
        case lessThanInAttributeValue
        /// The same attribute twice on one element (§3.1, "Unique Att Spec").
        case duplicateAttribute(String)
        /// An end tag that does not match the open element (§3, "Element Type Match").
        case mismatchedEndTag(expected: String, found: String)
        /// An end tag with no element open.
        case unexpectedEndTag(String)
        /// `&name;` for anything but the five predefined entities (§4.6). Entities declared in
        /// the DTD are deliberately never expanded.
        case undefinedEntity(String)
        /// A `&` not starting a well-formed `&name;` or `&#…;` reference.
        case malformedReference
        /// `&#…;` naming a code point that is not an XML character (§4.1, WFC: Legal Character).
        case invalidCharacterReference(String)
        /// Elements nested deeper than the tokenizer's limit.
        case nestingTooDeep(limit: Int)
        /// A single tag longer than the tokenizer's limit.
        case tagTooLong(limit: Int)
        /// Bytes that are not well-formed UTF-8 (§2.2, §4.3.3), starting at `byteOffset` from
        /// the start of the document. They are refused, never replaced.
        case notUTF8(byteOffset: Int)
        /// A NUL byte at `byteOffset`: U+0000 is not an XML character (§2.2 `Char`).
        case nulByte(byteOffset: Int)
    }

    /// The broken rule.
    public let reason: Reason
    /// 1-based line number.
    public let line: Int

    /// Creates an error.
    public init(_ reason: Reason, line: Int) {
        self.reason = reason
        self.line = line
    }

    /// A one-line description, e.g. `line 12: end tag </Foo> does not match <Record>`.
    public var description: String {
        let text: String = switch reason {
        case .unexpectedEndOfInput: "unexpected end of input"
        case .missingRootElement: "no root element"
        case .multipleRootElements: "more than one root element"
        case .contentOutsideRootElement: "character data outside the root element"
        case .misplacedDeclaration: "misplaced XML or DOCTYPE declaration"
        case .unsupportedEncoding(let name): "unsupported encoding \(name) (only UTF-8 is supported)"
        case .unsupportedMarkup: "unsupported markup declaration"
        case .invalidName: "invalid name"
        case .expectedWhitespace: "expected whitespace between attributes"
        case .expectedEquals: "expected '=' after attribute name"
        case .expectedQuote: "expected a quoted attribute value"
        case .expectedTagEnd: "expected '>' or '/>'"
        case .lessThanInAttributeValue: "'<' in attribute value"
        case .duplicateAttribute(let name): "duplicate attribute \(name)"
        case .mismatchedEndTag(let expected, let found): "end tag </\(found)> does not match <\(expected)>"
        case .unexpectedEndTag(let name): "end tag </\(name)> without a start tag"
        case .undefinedEntity(let name): "undefined entity &\(name);"
        case .malformedReference: "malformed entity or character reference"
        case .invalidCharacterReference(let text): "invalid character reference &\(text);"
        case .nestingTooDeep(let limit): "elements nested deeper than \(limit)"
        case .tagTooLong(let limit): "tag longer than \(limit) bytes"
        case .notUTF8(let offset): "bytes that are not UTF-8 at byte offset \(offset)"
        case .nulByte(let offset): "NUL byte (U+0000, not an XML character) at byte offset \(offset)"
        }
        return "line \(line): \(text)"
    }
}
