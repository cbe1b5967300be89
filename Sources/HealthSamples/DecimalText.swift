import Foundation

/// Strict, locale-independent reading and writing of decimal numbers as `Decimal`.
///
/// `Decimal(string:)` is lenient (it reads "12abc" as 12 and honours the locale's separator),
/// which would let a malformed value slip into a signed record. This reader accepts exactly
/// `["-"|"+"] 1*DIGIT ["." 1*DIGIT] [("e"|"E") ["-"|"+"] 1*DIGIT]` — also `.5` and `5.` as JSON
/// writers and export files never produce them, they are rejected.
public enum DecimalText {
    /// Most significant digits a `Decimal` holds exactly (its mantissa is 128 bits; 38 digits always fit).
    public static let maximumSignificantDigits = 38
    /// Longest accepted text; real values are far shorter.
    public static let maximumLength = 128

    /// Reads a decimal number exactly.
    /// - Throws: ``DecimalTextError`` with the offset of the offending character.
    public static func parse(_ text: String) throws(DecimalTextError) -> Decimal {
        try parseExactly(text).value
    }

    // Perf: getting the parts back out of a `Decimal` goes through `NSDecimalNumber` (Linux
    // Foundation hides its fields), about a thousand instructions a quantity (measured when written).
    /// A decimal read from text together with its ``IntegerParts`` when the significand fits in
    /// 64 bits, as the parser had them before making the `Decimal`.
    public struct ExactDecimal: Sendable {
        /// The value.
        public let value: Decimal
        /// `value` as sign, integer significand and power of ten, or nil when the significand
        /// needs more than 64 bits.
        public let integerParts: IntegerParts?
    }

    /// A decimal as sign, integer significand and power of ten: the value is
    /// `(negative ? -1 : 1) × significand × 10^exponent`.
    public typealias IntegerParts = (negative: Bool, significand: UInt64, exponent: Int)

    /// ``parse(_:)``, keeping the integer parts it computed.
    /// - Throws: ``DecimalTextError`` with the offset of the offending character.
    public static func parseExactly(_ text: String) throws(DecimalTextError) -> ExactDecimal {
        var contiguous = text
        if let exact = contiguous.withUTF8(shortSignificand) { return exact }
        return try parseExactlyInGeneral(text)
    }

    /// ``parseExactly(_:)`` of any text, with its errors: the reading that decides whatever
    /// ``shortSignificand(_:)`` leaves (an error, a significand past 64 bits).
    static func parseExactlyInGeneral(_ text: String) throws(DecimalTextError) -> ExactDecimal {
        // Copied from the contiguous UTF-8 in one go, not byte by byte through the UTF-8 view.
        var contiguous = text
        let bytes = contiguous.withUTF8 { Array(UnsafeBufferPointer(rebasing: $0.prefix(maximumLength + 1))) }
        guard bytes.count <= maximumLength else { throw DecimalTextError(text: text, offset: maximumLength, kind: .tooLong) }
        guard !bytes.isEmpty else { throw DecimalTextError(text: text, offset: 0, kind: .empty) }
        var position = 0
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        func fail(_ expected: String) -> DecimalTextError {
            DecimalTextError(text: text, offset: position,
                             kind: position < bytes.count ? .unexpectedCharacter(expected: expected) : .unexpectedEnd(expected: expected))
        }

        var negative = false
        if bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        // Collect significant digits (leading zeros dropped) and the decimal exponent.
        var digits: [UInt8] = []
        var exponent = 0
        guard isDigit(position) else { throw fail("digit") }
        while isDigit(position) {
            if !(digits.isEmpty && bytes[position] == UInt8(ascii: "0")) { digits.append(bytes[position] - UInt8(ascii: "0")) }
            position += 1
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else { throw fail("digit") }
            while isDigit(position) {
                if !(digits.isEmpty && bytes[position] == UInt8(ascii: "0")) { digits.append(bytes[position] - UInt8(ascii: "0")) }
                exponent -= 1
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard isDigit(position) else { throw fail("exponent digit") }
            var written = 0
            while isDigit(position) {
                written = min(written * 10 + Int(bytes[position] - UInt8(ascii: "0")), 100_000)
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }
        guard position == bytes.count else { throw fail("digit, '.', 'e' or end of number") }

        // Trailing zeros of the significand only move the exponent.
        while digits.count > 1, digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        guard digits.count <= maximumSignificantDigits else {
            throw DecimalTextError(text: text, offset: 0, kind: .tooManyDigits(count: digits.count))
        }
        if digits.isEmpty { return ExactDecimal(value: Decimal(0), integerParts: (false, 0, 0)) }
        // Decimal's exponent is an Int8 (−128 … 127) applied to the integer significand.
        guard exponent >= -128, exponent <= 127 else {
            throw DecimalTextError(text: text, offset: 0, kind: .exponentOutOfRange)
        }
        // Accumulate in UInt64 chunks of up to 19 digits (10¹⁹ < 2⁶⁴): Decimal arithmetic is
        // slow, and values with more than 19 significant digits are rare.
        var significand = Decimal(0)
        var firstPart: UInt64 = 0
        var index = 0
        while index < digits.count {
            let chunk = digits[index ..< min(index + 19, digits.count)]
            var part: UInt64 = 0
            for digit in chunk { part = part * 10 + UInt64(digit) }
            if index == 0 { firstPart = part }
            significand = index == 0 ? Decimal(part) : significand * Decimal(sign: .plus, exponent: chunk.count, significand: 1) + Decimal(part)
            index += chunk.count
        }
        return ExactDecimal(value: Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand),
                            integerParts: digits.count <= 19 ? (negative, firstPart, exponent) : nil)
    }

    /// ``parseExactly(_:)`` of the UTF-8 bytes of a text, read in place: the usual number (at
    /// most 19 significant digits) costs no String, no copy and no array.
    public static func parseExactly(utf8 text: UnsafeBufferPointer<UInt8>) throws(DecimalTextError) -> ExactDecimal {
        if let exact = shortSignificand(text) { return exact }
        return try parseExactly(String(decoding: text, as: UTF8.self))
    }

    /// ``parseExactly(_:)`` of a valid number whose significand has at most 19 digits (so it
    /// fits in a UInt64), accumulated as it is read; nil for anything else, which the general
    /// reading then decides (with its errors). It gives the same value and parts as that reading:
    /// leading zeros dropped, trailing zeros of the significand moved into the exponent.
    private static func shortSignificand(_ bytes: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        let count = bytes.count
        guard count > 0, count <= maximumLength else { return nil }
        var position = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            position = 1
        }
        var significand: UInt64 = 0
        var significantDigits = 0
        // Zeros after the last non-zero digit: part of the significand only if another non-zero
        // digit follows, otherwise they move into the exponent.
        var pendingZeros = 0
        var exponent = 0
        var digitsSeen = 0
        var inFraction = false
        while position < count {
            let byte = bytes[position]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let digit = byte - UInt8(ascii: "0")
                if digit == 0 {
                    if significantDigits > 0 { pendingZeros += 1 }
                } else {
                    guard significantDigits + pendingZeros < 19 else { return nil }
                    for _ in 0..<pendingZeros { significand *= 10 }
                    significand = significand * 10 + UInt64(digit)
                    significantDigits += pendingZeros + 1
                    pendingZeros = 0
                }
                if inFraction { exponent -= 1 }
                digitsSeen += 1
                position += 1
            } else if byte == UInt8(ascii: "."), !inFraction, digitsSeen > 0 {
                inFraction = true
                digitsSeen = 0
                position += 1
            } else {
                break
            }
        }
        guard digitsSeen > 0 else { return nil }
        if position < count {
            guard bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") else { return nil }
            position += 1
            var exponentNegative = false
            if position < count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            var written = 0
            let exponentStart = position
            while position < count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                written = min(written * 10 + Int(bytes[position] - UInt8(ascii: "0")), 100_000)
                position += 1
            }
            guard position > exponentStart, position == count else { return nil }
            exponent += exponentNegative ? -written : written
        }
        if significantDigits == 0 { return ExactDecimal(value: Decimal(0), integerParts: (false, 0, 0)) }
        exponent += pendingZeros
        guard exponent >= -128, exponent <= 127 else { return nil }
        return ExactDecimal(value: Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand)),
                            integerParts: (negative, significand, exponent))
    }

    /// ``fractionDigits(of:)`` of the UTF-8 bytes of a number's text.
    public static func fractionDigits(utf8 text: UnsafeBufferPointer<UInt8>) -> Int {
        // Digits after the point, when there is no exponent (the usual case); the rest as text.
        var point: Int?
        for (index, byte) in text.enumerated() {
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") else {
                return fractionDigits(of: String(decoding: text, as: UTF8.self))
            }
            if byte == UInt8(ascii: "."), point == nil { point = index }
        }
        return point.map { text.count - $0 - 1 } ?? 0
    }

    /// How many decimal places number text shows: `98.0` → 1, `98` → 0, `9.80e1` → 1, `5e-3` → 3.
    public static func fractionDigits(of text: String) -> Int {
        // Digits after the point, less a positive exponent (`9.80e1` shows 98.0: one place).
        // Printable ASCII (every number that reaches here) is measured on its bytes, one byte a
        // character: this runs for every quantity read.
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let mark = utf8.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            let mantissa = utf8[..<(mark ?? utf8.endIndex)]
            let digits = mantissa.firstIndex(of: UInt8(ascii: ".")).map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
            guard let mark else { return max(0, digits) }
            return max(0, digits - saturatedExponent(Substring(utf8[utf8.index(after: mark)...])))
        }
        let lower = text.lowercased()
        let mantissa = lower.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = mantissa[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = fraction.count == 2 ? fraction[1].count : 0
        // Saturated: `0e-9223372036854775808` (or an exponent beyond Int) is a valid zero, and
        // `digits - Int.min` would trap; a huge negative exponent means many places, not none.
        let exponent = mantissa.count == 2 ? saturatedExponent(mantissa[1]) : 0
        return max(0, digits - exponent)
    }

    /// An exponent's text as an Int within ±1,000,000.
    private static func saturatedExponent(_ text: Substring) -> Int {
        Int(text).map { min(max($0, -1_000_000), 1_000_000) } ?? (text.hasPrefix("-") ? -1_000_000 : 1_000_000)
    }

    /// Writes a decimal in plain notation with `.` as separator, e.g. `36.6`, `-0.004`, `120`:
    /// the text of `Decimal`'s `description`, which is locale-independent.
    public static func format(_ value: Decimal) -> String {
        // `description` divides the 128-bit mantissa digit by digit and costs about a
        // microsecond; every signed reading formats its values, and they fit in 64 bits.
        guard let parts = integerParts(of: value) else { return value.description }
        return format(parts)
    }

    /// ``format(_:)`` of a value given as its integer parts: written into one buffer by
    /// ``writePlain(_:to:)`` and made into a String once.
    static func format(_ parts: IntegerParts) -> String {
        String(unsafeUninitializedCapacity: plainByteCount(parts)) { buffer in
            writePlain(parts, to: buffer.baseAddress!)
        }
    }

    /// The Double nearest to the decimal (correctly rounded, as reading the decimal text would).
    public static func doubleValue(of value: Decimal) -> Double {
        doubleValue(of: value, integerParts: integerParts(of: value))
    }

    /// ``doubleValue(of:)`` with the value's ``IntegerParts`` already known (nil when they do
    /// not fit in 64 bits).
    public static func doubleValue(of value: Decimal, integerParts parts: IntegerParts?) -> Double {
        if value.isNaN { return .nan }
        // A significand below 2⁵³ and a power of ten below 10²³ are both exact Doubles, so one
        // multiplication or division rounds correctly (Clinger's fast path).
        if let parts, parts.significand <= 1 << 53, abs(parts.exponent) <= 22 {
            let significand = Double(parts.significand)
            let scale = exactPowersOfTen[abs(parts.exponent)]
            let magnitude = parts.exponent >= 0 ? significand * scale : significand / scale
            return parts.negative ? -magnitude : magnitude
        }
        return Double(value.description) ?? .nan
    }

    /// 10⁰ … 10²², every one exact in a Double.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// `value` as sign, integer significand and power of ten, when the significand fits in 64
    /// bits (every reading does); `nil` for NaN and for wider significands.
    public static func integerParts(of value: Decimal) -> IntegerParts? {
        guard !value.isNaN else { return nil }
        let significand = value.significand
        // Linux Foundation hides a Decimal's fields, and reading the significand through
        // `NSDecimalNumber` allocates one for every value formatted. The low 64 bits of the
        // mantissa as Foundation lays it out are tried first; the comparison with the
        // significand makes the result right whatever the layout is (a wrong guess only falls
        // back to the slower reading).
        let guess = withUnsafeBytes(of: value) { raw -> UInt64? in
            guard raw.count == 20 else { return nil }
            var mantissa: UInt64 = 0
            for word in (0..<4).reversed() {
                mantissa = mantissa << 16 | UInt64(raw.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self))
            }
            return mantissa
        }
        let integer: UInt64
        if let guess, Decimal(guess) == significand {
            integer = guess
        } else {
            integer = NSDecimalNumber(decimal: significand).uint64Value
            guard Decimal(integer) == significand else { return nil }
        }
        return (value.sign == .minus, integer, value.exponent)
    }
}

/// Why a decimal number could not be read, and where.
public struct DecimalTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Hashable {
        /// The text is empty.
        case empty
        /// A character the grammar does not allow here.
        case unexpectedCharacter(expected: String)
        /// The text ends where `expected` is required.
        case unexpectedEnd(expected: String)
        /// More significant digits than a `Decimal` holds exactly (at most 38).
        case tooManyDigits(count: Int)
        /// The power of ten is outside what a `Decimal` represents.
        case exponentOutOfRange
        /// Longer than ``DecimalText/maximumLength`` bytes.
        case tooLong
    }

    /// The text that was being read (cut to 64 characters).
    public let text: String
    /// Offset of the offending character in UTF-8 bytes (equal to characters up to that point).
    public let offset: Int
    /// What was wrong.
    public let kind: Kind

    /// Creates an error; the text is cut to 64 characters.
    public init(text: String, offset: Int, kind: Kind) {
        self.text = String(text.prefix(64))
        self.offset = offset
        self.kind = kind
    }

    /// Names the offset and the problem.
    public var description: String {
        let what: String
        switch kind {
        case .empty: what = "empty number"
        case .unexpectedCharacter(let expected): what = "expected \(expected)"
        case .unexpectedEnd(let expected): what = "text ends, expected \(expected)"
        case .tooManyDigits(let count): what = "\(count) significant digits (at most 38)"
        case .exponentOutOfRange: what = "exponent out of range"
        case .tooLong: what = "number too long"
        }
        return "invalid number \"\(text)\" at offset \(offset): \(what)"
    }
}
