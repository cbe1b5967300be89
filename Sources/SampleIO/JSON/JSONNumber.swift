import Foundation
import HealthSamples

/// A JSON number kept as the exact text of its literal (RFC 8259 §6).
///
/// Keeping the text means `36.6` stays `"36.6"`: nothing passes through `Double`, so a value can
/// become a `Decimal` exactly (``decimalValue``) and is written back byte for byte.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal, e.g. `-12.5e3`. Always matches the RFC 8259 `number` production.
    public let text: String

    /// Creates a number from literal text; `nil` unless `text` matches RFC 8259's
    /// `number = [ minus ] int [ frac ] [ exp ]` exactly (no leading `+`, no leading zeros, no
    /// bare `.`, no `NaN`/`Infinity`, no surrounding whitespace).
    public init?(text: String) {
        let bytes = Array(text.utf8)
        let length = bytes.withUnsafeBufferPointer { JSONNumberGrammar.matchLength(in: $0, from: 0) }
        guard let length, length == bytes.count else { return nil }
        self.text = text
    }

    /// Creates a number from already-validated literal text (the parser's fast path).
    init(validatedText: String) {
        self.text = validatedText
    }

    /// Creates the number for an integer, e.g. `72`.
    public init(_ value: Int) {
        self.text = String(value)
    }

    /// Creates the number for a decimal, written in plain positional notation (`36.6`, `-0.004`,
    /// `120`); `nil` for `Decimal.nan`.
    public init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        // Locale-independent positional notation ("36.6", "-0.004").
        guard let number = JSONNumber(text: DecimalText.format(value)) else { return nil }
        self = number
    }

    /// The literal text.
    public var description: String { text }

    /// Whether the literal has neither a fraction nor an exponent part (`72`, `-3`).
    public var isIntegerLiteral: Bool {
        !text.utf8.contains(UInt8(ascii: ".")) && !text.utf8.contains(UInt8(ascii: "e"))
            && !text.utf8.contains(UInt8(ascii: "E"))
    }

    /// The value as an `Int` when the literal is an integer literal within `Int`'s range.
    public var intValue: Int? {
        isIntegerLiteral ? Int(text) : nil
    }

    /// The exact value as a `Decimal`, or `nil` when `Decimal` cannot hold it exactly (more than
    /// 38 significant digits, an exponent outside `Decimal`'s range, or a literal longer than
    /// ``HealthSamples/DecimalText/maximumLength``).
    public var decimalValue: Decimal? {
        try? decimal()
    }

    /// The exact value as a `Decimal`, read by ``HealthSamples/DecimalText`` (digit by digit, never
    /// through `Double`): a value that does not fit is refused, never approximated.
    ///
    /// - Throws: ``HealthSamples/DecimalTextError`` when `Decimal` cannot hold the value exactly.
    public func decimal() throws(DecimalTextError) -> Decimal {
        try DecimalText.parse(text)
    }
}

/// The RFC 8259 §6 number grammar, shared by the parser and ``JSONNumber/init(text:)``.
enum JSONNumberGrammar {
    /// Length of the number literal starting at `start`, or `nil` if none starts there.
    ///
    /// Grammar: `[ "-" ] ( "0" / digit1-9 *digit ) [ "." 1*digit ] [ ( "e" / "E" ) [ "-" / "+" ] 1*digit ]`.
    /// The match stops at the first byte that cannot continue the literal; callers decide
    /// whether what follows is acceptable.
    static func matchLength(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        switch scan(bytes, from: start) {
        case .success(let end): return end - start
        case .failure: return nil
        }
    }

    /// Where a number scan failed: the offset of the offending byte (or `bytes.count` at end).
    struct Failure: Error { let offset: Int }

    /// Scans a number literal; returns the end offset or where it went wrong.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Int, Failure> {
        var index = start
        let count = bytes.count
        @inline(__always) func isDigit(_ i: Int) -> Bool {
            i < count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")
        }
        if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return .failure(Failure(offset: index)) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return .failure(Failure(offset: index)) }
            while isDigit(index) { index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return .failure(Failure(offset: index)) }
            while isDigit(index) { index += 1 }
        }
        return .success(index)
    }
}
