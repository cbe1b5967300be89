import Foundation

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
        // Decimal's description is locale-independent positional notation ("36.6", "-0.004").
        guard let number = JSONNumber(text: value.description) else { return nil }
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
    /// 38 significant digits, or an exponent outside `Decimal`'s −128…127 range).
    ///
    /// Built digit by digit instead of through `Decimal(string:)` so that no rounding can happen
    /// silently: a value that does not fit is refused, never approximated.
    public var decimalValue: Decimal? {
        ExactDecimal.parse(text)
    }
}

/// Exact text → `Decimal` conversion shared by JSON numbers and export.xml values.
enum ExactDecimal {
    /// `Decimal`'s mantissa is 128 bits: 38 decimal digits always fit.
    static let maximumSignificantDigits = 38

    /// Parses `[-]digits[.digits][(e|E)[+-]digits]` exactly; also accepts a leading `+` and a
    /// leading `.`-less fraction like `0.5` (export.xml values are plain decimal text).
    static func parse(_ text: String) -> Decimal? {
        let bytes = Array(text.utf8)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var sawDigit = false
        var sawPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                // Leading zeros carry no information; skipping them keeps the digit budget for
                // significant digits.
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) {
                    digits.append(byte - UInt8(ascii: "0"))
                }
                if sawPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var sawExponentDigit = false
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                sawExponentDigit = true
                // Clamp instead of overflowing: anything this large is out of range anyway.
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            guard sawExponentDigit else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        // Trailing zeros of the significand move into the exponent (1200 = 12e2).
        exponent -= fractionDigits
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { return Decimal(0) }
        guard digits.count <= maximumSignificantDigits else { return nil }
        guard exponent >= Int(Int8.min), exponent <= Int(Int8.max) else { return nil }
        var significand = Decimal(0)
        for digit in digits {
            significand = significand * 10 + Decimal(Int(digit))
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand)
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
