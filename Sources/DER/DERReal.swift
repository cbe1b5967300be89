/// An ASN.1 REAL (universal tag 9), restricted to base-10 values in the single encoding DER
/// allows for them, plus the special values.
///
/// ## The encoding this type reads and writes
/// Clause numbers are those of X.690 (08/2015); older editions number the REAL clauses one
/// lower (decimal encoding was 8.5.7 there).
/// - Plus zero: no content octets at all (8.5.2).
/// - Other finite values: decimal encoding (8.5.6 b, bits 8–7 = 00) with first content octet
///   0x03, the ISO 6093 NR3 form (8.5.8, 11.3.2.1), then NR3 text in the canonical form of
///   11.3.2:
///   - no SPACE anywhere (11.3.2.2);
///   - a MINUS SIGN first for a negative value, otherwise a digit, so never `+` (11.3.2.3);
///   - the mantissa is an integer whose first and last digits are not `0` (11.3.2.4), so
///     trailing zeros move into the exponent;
///   - the last mantissa digit is immediately followed by `.E` (11.3.2.5);
///   - the exponent is `+0` when zero, otherwise has no leading zero and no `+` (11.3.2.6).
///
///   Examples: 36.6 → `366.E-1`, 120 → `12.E1`, −0.5 → `-5.E-1`, 1 → `1.E+0`,
///   0.001 → `1.E-3`, 1000 → `1.E3`.
/// - Special values (8.5.9), exactly one content octet: 0x40 PLUS-INFINITY,
///   0x41 MINUS-INFINITY, 0x42 NOT-A-NUMBER, 0x43 minus zero. They are decoded and exposed
///   through `specialValue`, and written back unchanged when re-encoded, but no public
///   initializer creates them: values built by this toolkit are always finite decimals.
///
/// Refused with `.invalidReal`: binary encodings (bit 8 = 1, bases 2/8/16 of 8.5.7) — valid
/// DER in general, but this toolkit only accepts the decimal form; NR1 and NR2 forms (DER
/// requires NR3, 11.3.2.1); reserved first octets; any NR3 text that is not canonical; and,
/// as a toolkit limit, exponents beyond ±`maximumExponentMagnitude`.
///
/// Values are exact: the mantissa is kept as its decimal digits, never as floating point.
/// Because the fields are always normalized, `==` compares values (`36.60` == `36.6`).
public struct DERReal: DERImplicitlyTaggable, Hashable, Sendable, CustomStringConvertible {
    /// `.real`, universal 9.
    public static var defaultTag: DERTag { .real }

    /// Sign of a REAL value.
    public enum Sign: Sendable, Hashable {
        /// Zero or positive.
        case plus
        /// Negative.
        case minus
    }

    /// The X.690 8.5.9 special values, with their content octet as raw value.
    public enum SpecialValue: UInt8, Sendable, Hashable, CaseIterable {
        /// PLUS-INFINITY, content octet 0x40.
        case plusInfinity = 0x40
        /// MINUS-INFINITY, content octet 0x41.
        case minusInfinity = 0x41
        /// NOT-A-NUMBER, content octet 0x42.
        case notANumber = 0x42
        /// Minus zero, content octet 0x43.
        case minusZero = 0x43
    }

    /// Largest exponent magnitude accepted (a toolkit limit, not a DER rule): keeps every
    /// exponent computation far from `Int` overflow.
    public static let maximumExponentMagnitude = Int(Int32.max)

    /// The sign; `.plus` for zero and NOT-A-NUMBER.
    public let sign: Sign
    /// Mantissa digits without leading or trailing zeros (`"366"` for 36.6); `"0"` for zero
    /// and for the special values.
    public let digits: String
    /// Power of ten applied to `digits` (−1 for 36.6); 0 for zero and the special values.
    public let exponent: Int
    /// The special value, or nil for a finite number.
    public let specialValue: SpecialValue?

    /// The value zero.
    public static let zero = DERReal(sign: .plus, normalizedDigits: "0", exponent: 0)

    private init(sign: Sign, normalizedDigits: String, exponent: Int, special: SpecialValue? = nil) {
        self.sign = sign
        self.digits = normalizedDigits
        self.exponent = exponent
        self.specialValue = special
    }

    private init(special: SpecialValue) {
        let sign: Sign = special == .minusInfinity || special == .minusZero ? .minus : .plus
        self.init(sign: sign, normalizedDigits: "0", exponent: 0, special: special)
    }

    /// Whether the value is finite (not a special value).
    public var isFinite: Bool { specialValue == nil }
    /// Whether the value is (plus) zero.
    public var isZero: Bool { specialValue == nil && digits == "0" }

    // MARK: - Creating values

    /// Creates the value of plain decimal or scientific text, exactly (no floating point).
    ///
    /// Accepted: an optional `+`/`-`, digits with at most one `.` (at least one digit in
    /// all), and an optional exponent `e`/`E` with optional sign and digits, e.g. `36.6`,
    /// `-0.5`, `120`, `1e-3`, `.5`, `2.`, `0.4971749504535062`, `6.02E+23`. Spaces, `,`,
    /// `inf`/`nan` and empty text are refused with `.invalidReal`; `-0` is zero. The offset in
    /// an error is a character index into `decimalText`.
    public init(decimalText: String) throws(DERError) {
        let text = Array(decimalText.utf8)
        var i = 0
        var negative = false
        if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: [UInt8] = []
        var fractionDigits = 0
        var sawPoint = false
        while i < text.count {
            let c = text[i]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                mantissa.append(c)
                if sawPoint { fractionDigits += 1 }
            } else if c == UInt8(ascii: ".") && !sawPoint {
                sawPoint = true
            } else {
                break
            }
            i += 1
        }
        guard !mantissa.isEmpty else {
            throw DERError(.invalidReal, at: i, "'\(decimalText)' has no digits before its exponent or end")
        }
        var writtenExponent = 0
        if i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            var exponentNegative = false
            if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            let exponentStart = i
            while i < text.count, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") {
                writtenExponent = writtenExponent * 10 + Int(text[i] - UInt8(ascii: "0"))
                guard writtenExponent <= DERReal.maximumExponentMagnitude else {
                    throw DERError(.invalidReal, at: exponentStart, "exponent of '\(decimalText)' is beyond this toolkit's limit")
                }
                i += 1
            }
            guard i > exponentStart else {
                throw DERError(.invalidReal, at: i, "'\(decimalText)' has an exponent mark without digits")
            }
            if exponentNegative { writtenExponent = -writtenExponent }
        }
        guard i == text.count else {
            throw DERError(.invalidReal, at: i, "'\(decimalText)' is not decimal text (unexpected character at \(i))")
        }
        self = try DERReal.normalized(negative: negative, digits: mantissa, exponent: writtenExponent - fractionDigits, at: 0)
    }

    /// Creates `mantissa` × 10^`exponent`, normalized. Throws only when the exponent is beyond
    /// `maximumExponentMagnitude`.
    public init(mantissa: Int, exponent: Int = 0) throws(DERError) {
        self = try DERReal.normalized(negative: mantissa < 0, digits: Array(String(mantissa.magnitude).utf8),
                                      exponent: exponent, at: 0)
    }

    /// Creates the value of the shortest decimal text that round-trips `value` (Swift's
    /// `description`, e.g. 0.1 → 0.1 rather than the binary expansion). Minus zero becomes
    /// zero. Infinities and NaN are refused with `.invalidReal`: this toolkit only writes
    /// finite decimals.
    public init(_ value: Double) throws(DERError) {
        guard value.isFinite else {
            throw DERError(.invalidReal, at: 0, "\(value) is not finite; only finite decimals are written")
        }
        try self.init(decimalText: value.description)
    }

    /// Strips leading zeros (value-neutral) and moves trailing zeros into the exponent so the
    /// fields are canonical (X.690 11.3.2.4).
    private static func normalized(negative: Bool, digits: [UInt8], exponent: Int, at offset: Int) throws(DERError) -> DERReal {
        guard let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }) else { return .zero }
        // Bound the exponent before any arithmetic on it, so no caller value can overflow.
        guard exponent.magnitude <= UInt(maximumExponentMagnitude) else {
            throw DERError(.invalidReal, at: offset, "exponent \(exponent) is beyond this toolkit's limit of ±\(maximumExponentMagnitude)")
        }
        var last = digits.count - 1
        while digits[last] == UInt8(ascii: "0") { last -= 1 }
        let e = exponent + (digits.count - 1 - last)
        guard e.magnitude <= UInt(maximumExponentMagnitude) else {
            throw DERError(.invalidReal, at: offset, "exponent \(e) is beyond this toolkit's limit of ±\(maximumExponentMagnitude)")
        }
        return DERReal(sign: negative ? .minus : .plus,
                       normalizedDigits: String(decoding: digits[first...last], as: UTF8.self), exponent: e)
    }

    // MARK: - DER

    /// Decodes a REAL under `tag`, accepting only the forms listed in the type documentation.
    public init(derNode: DERNode, withTag tag: DERTag) throws(DERError) {
        try derNode.expect(tag, "REAL")
        // X.690 8.5.1: the encoding of a real value is primitive.
        guard !derNode.isConstructed else {
            throw DERError(.invalidConstructedFlag, at: derNode.offset, "REAL must be primitive (X.690 8.5.1)")
        }
        let content = derNode.content
        // X.690 8.5.2: plus zero has no content octets.
        guard let first = content.first else {
            self = .zero
            return
        }
        let at = content.startIndex
        if first & 0x80 != 0 {
            throw DERError(.invalidReal, at: at,
                           "binary REAL encoding (X.690 8.5.7, base 2/8/16) is valid DER, but this toolkit accepts only the decimal NR3 form")
        }
        if first & 0x40 != 0 {
            // X.690 8.5.9: exactly one content octet; values other than 0x40...0x43 are reserved.
            guard let special = SpecialValue(rawValue: first) else {
                throw DERError(.invalidReal, at: at, "REAL special-value octet 0x\(DERCharacterStrings.hex(first)) is reserved (X.690 8.5.9)")
            }
            guard content.count == 1 else {
                throw DERError(.invalidReal, at: at, "REAL special value must be the only content octet (X.690 8.5.9)")
            }
            self.init(special: special)
            return
        }
        switch first {
        case 0x03:
            break
        case 0x01, 0x02:
            throw DERError(.invalidReal, at: at,
                           "REAL uses ISO 6093 NR\(first) form; DER requires NR3 (X.690 11.3.2.1)")
        default:
            throw DERError(.invalidReal, at: at, "REAL decimal form 0x\(DERCharacterStrings.hex(first)) is reserved (X.690 8.5.8)")
        }
        self = try DERReal.parseCanonicalNR3(content.dropFirst())
    }

    /// Reads NR3 text that must already be in the X.690 11.3.2 canonical form.
    private static func parseCanonicalNR3(_ text: ArraySlice<UInt8>) throws(DERError) -> DERReal {
        var i = text.startIndex
        func at(_ index: Int) -> UInt8? { index < text.endIndex ? text[index] : nil }
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
        if let space = text.firstIndex(of: UInt8(ascii: " ")) {
            throw DERError(.invalidReal, at: space, "REAL NR3 text contains a SPACE (X.690 11.3.2.2)")
        }
        var negative = false
        switch at(i) {
        case UInt8(ascii: "-"):
            negative = true
            i += 1
        case UInt8(ascii: "+"):
            throw DERError(.invalidReal, at: i, "REAL NR3 text begins with PLUS SIGN; a non-negative value begins with a digit (X.690 11.3.2.3)")
        default:
            break
        }
        let mantissaStart = i
        while isDigit(at(i)) { i += 1 }
        let mantissaEnd = i
        guard mantissaEnd > mantissaStart else {
            throw DERError(.invalidReal, at: i, "REAL NR3 text has no mantissa digits")
        }
        // X.690 11.3.2.4 (and 8.5.2 for the value zero, which has no content octets at all).
        guard text[mantissaStart] != UInt8(ascii: "0") else {
            throw DERError(.invalidReal, at: mantissaStart,
                           "REAL mantissa begins with 0 (X.690 11.3.2.4; zero itself has no content octets, 8.5.2)")
        }
        guard text[i - 1] != UInt8(ascii: "0") else {
            throw DERError(.invalidReal, at: i - 1, "REAL mantissa ends with 0; trailing zeros belong in the exponent (X.690 11.3.2.4)")
        }
        // X.690 11.3.2.5: the last mantissa digit is immediately followed by ".E".
        guard at(i) == UInt8(ascii: "."), at(i + 1) == UInt8(ascii: "E") else {
            throw DERError(.invalidReal, at: i, "REAL mantissa must be an integer followed by \".E\" (X.690 11.3.2.5)")
        }
        i += 2
        // X.690 11.3.2.6: "+0" for a zero exponent, otherwise no PLUS SIGN and no leading zero.
        var exponent = 0
        if at(i) == UInt8(ascii: "+") {
            guard at(i + 1) == UInt8(ascii: "0"), i + 2 == text.endIndex else {
                throw DERError(.invalidReal, at: i, "REAL exponent uses PLUS SIGN; only a zero exponent is written \"+0\" (X.690 11.3.2.6)")
            }
        } else {
            var exponentNegative = false
            if at(i) == UInt8(ascii: "-") {
                exponentNegative = true
                i += 1
            }
            let exponentStart = i
            while isDigit(at(i)) {
                exponent = exponent * 10 + Int(text[i] - UInt8(ascii: "0"))
                guard exponent <= maximumExponentMagnitude else {
                    throw DERError(.invalidReal, at: exponentStart, "REAL exponent is beyond this toolkit's limit of ±\(maximumExponentMagnitude)")
                }
                i += 1
            }
            guard i > exponentStart else {
                throw DERError(.invalidReal, at: i, "REAL exponent has no digits")
            }
            guard text[exponentStart] != UInt8(ascii: "0") else {
                throw DERError(.invalidReal, at: exponentStart,
                               "REAL exponent has a leading zero; zero is written \"+0\" (X.690 11.3.2.6)")
            }
            guard i == text.endIndex else {
                throw DERError(.invalidReal, at: i, "REAL NR3 text has octets after its exponent")
            }
            if exponentNegative { exponent = -exponent }
        }
        return DERReal(sign: negative ? .minus : .plus,
                       normalizedDigits: String(decoding: text[mantissaStart..<mantissaEnd], as: UTF8.self),
                       exponent: exponent)
    }

    /// Writes the value under `tag` in the form described in the type documentation.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitiveInPlace(tag, { appendContent(to: &$0) })
    }

    /// The content octets: empty for zero, one octet for a special value, else 0x03 followed
    /// by the canonical NR3 text.
    public var encodedContent: [UInt8] {
        var content: [UInt8] = []
        content.reserveCapacity(digits.utf8.count + 16)
        appendContent(to: &content)
        return content
    }

    /// Appends ``encodedContent`` to `content`.
    func appendContent(to content: inout [UInt8]) {
        if let specialValue {
            content.append(specialValue.rawValue)
            return
        }
        if isZero { return }
        content.append(0x03)
        if sign == .minus { content.append(UInt8(ascii: "-")) }
        content.append(contentsOf: digits.utf8)
        Self.appendExponent(exponent, to: &content)
    }

    /// `.E` and the exponent as X.690 11.3.2.5–6 write it: `+0` for zero, else no `+` and no
    /// leading zero.
    private static func appendExponent(_ exponent: Int, to content: inout [UInt8]) {
        content.append(UInt8(ascii: "."))
        content.append(UInt8(ascii: "E"))
        if exponent == 0 {
            content.append(UInt8(ascii: "+"))
            content.append(UInt8(ascii: "0"))
        } else {
            if exponent < 0 { content.append(UInt8(ascii: "-")) }
            appendDecimalDigits(of: exponent.magnitude, to: &content)
        }
    }

    /// The decimal digits of `value`, most significant first, without leading zeros ("0" for 0).
    private static func appendDecimalDigits(of value: UInt, to content: inout [UInt8]) {
        let start = content.count
        var n = value
        repeat {
            content.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n % 10))
            n /= 10
        } while n > 0
        content[start...].reverse()
    }

    /// Writes `±magnitude × 10^exponent` under `tag` exactly as
    /// `DERReal(mantissa:exponent:)` followed by ``serialize(into:withTag:)`` would, without
    /// making the value.
    ///
    /// - Throws: `.invalidReal` when the normalized exponent is beyond
    ///   ``maximumExponentMagnitude``, as the initializer does.
    public static func serialize(negative: Bool, magnitude: UInt64, exponent: Int, into writer: inout DERWriter,
                                 withTag tag: DERTag = defaultTag) throws(DERError) {
        // Perf: a signed record writes a REAL for every quantity, and making the value's digit
        // string cost allocations the encoding does not need (not measured).
        var mantissa = magnitude
        var e = exponent
        if mantissa != 0 {
            guard exponent.magnitude <= UInt(maximumExponentMagnitude) else {
                throw DERError(.invalidReal, at: 0, "exponent \(exponent) is beyond this toolkit's limit of ±\(maximumExponentMagnitude)")
            }
            // X.690 11.3.2.4: trailing zeros of the mantissa belong in the exponent.
            while mantissa % 10 == 0 {
                mantissa /= 10
                e += 1
            }
            guard e.magnitude <= UInt(maximumExponentMagnitude) else {
                throw DERError(.invalidReal, at: 0, "exponent \(e) is beyond this toolkit's limit of ±\(maximumExponentMagnitude)")
            }
        }
        writer.appendPrimitiveInPlace(tag, { content in
            // X.690 8.5.2: zero (of either sign, as the initializer makes it) has no content octets.
            guard mantissa != 0 else { return }
            // At most 45 octets (0x03, sign, 20 digits, `.E`, sign, 20 digits), assembled on the
            // stack from the last octet back and appended at once: appending digit by digit
            // and reversing them cost more than the rest of the value's entry.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { text in
                var start = 48
                func put(_ octet: UInt8) {
                    start -= 1
                    text.initializeElement(at: start, to: octet)
                }
                func putDigits(_ value: UInt) {
                    var rest = value
                    repeat {
                        put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
                        rest /= 10
                    } while rest > 0
                }
                // X.690 11.3.2.6: `+0` for a zero exponent, else no `+` and no leading zero.
                if e == 0 {
                    put(UInt8(ascii: "0"))
                    put(UInt8(ascii: "+"))
                } else {
                    putDigits(e.magnitude)
                    if e < 0 { put(UInt8(ascii: "-")) }
                }
                put(UInt8(ascii: "E"))
                put(UInt8(ascii: "."))
                putDigits(UInt(mantissa))
                if negative { put(UInt8(ascii: "-")) }
                put(0x03)
                content.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
            }
        })
    }

    /// The canonical NR3 text of a finite non-zero value, e.g. `366.E-1`.
    var nr3Text: String {
        (sign == .minus ? "-" : "") + digits + ".E" + (exponent == 0 ? "+0" : String(exponent))
    }

    // MARK: - Reading values

    /// Plain decimal text of the exact value: `36.6`, `120`, `-0.5`, `0.001`, `0`. Values that
    /// would need more than 21 padding zeros use scientific notation instead, e.g. `1.5E+100`
    /// or `-2E-30`. Special values read `PLUS-INFINITY`, `MINUS-INFINITY`, `NOT-A-NUMBER` and
    /// `-0`. Finite results parse back with `init(decimalText:)` to an equal value.
    public var decimalText: String {
        switch specialValue {
        case .plusInfinity?: return "PLUS-INFINITY"
        case .minusInfinity?: return "MINUS-INFINITY"
        case .notANumber?: return "NOT-A-NUMBER"
        case .minusZero?: return "-0"
        case nil: break
        }
        if isZero { return "0" }
        let signText = sign == .minus ? "-" : ""
        let n = digits.count
        let paddingLimit = 21
        if exponent >= 0 {
            if exponent <= paddingLimit { return signText + digits + String(repeating: "0", count: exponent) }
        } else {
            let integerDigits = n + exponent
            if integerDigits > 0 {
                let split = digits.index(digits.startIndex, offsetBy: integerDigits)
                return signText + digits[..<split] + "." + digits[split...]
            }
            if -integerDigits <= paddingLimit {
                return signText + "0." + String(repeating: "0", count: -integerDigits) + digits
            }
        }
        // Scientific: one digit before the point.
        let scientificExponent = exponent + n - 1
        let head = digits.prefix(1)
        let tail = digits.dropFirst()
        return signText + head + (tail.isEmpty ? "" : "." + tail) + "E" + (scientificExponent >= 0 ? "+" : "")
            + String(scientificExponent)
    }

    /// The nearest `Double` (special values map to ±infinity, NaN and −0.0).
    public var doubleValue: Double {
        switch specialValue {
        case .plusInfinity?: return .infinity
        case .minusInfinity?: return -.infinity
        case .notANumber?: return .nan
        case .minusZero?: return -0.0
        case nil: return Double(decimalText) ?? .nan
        }
    }

    /// Same as `decimalText`.
    public var description: String { decimalText }
}
