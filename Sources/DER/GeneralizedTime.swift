/// A GeneralizedTime (universal tag 24) in the one form DER allows:
/// `YYYYMMDDHHMMSS[.f+]Z`.
///
/// DER rules enforced when decoding (X.690 11.7):
/// - 11.7.1: the encoding ends with `Z`; local time and `+hhmm`/`-hhmm` offsets are refused;
/// - 11.7.2: the seconds element is always present;
/// - 11.7.3: fractional seconds have no trailing zeros, and a zero fraction is omitted
///   entirely, so `.0`, `.50` and an empty `.` are refused;
/// - 11.7.4: the decimal point is `.`, never `,`;
/// - 11.7.5: midnight is `000000` (hour 24 is refused).
/// Every field must also be a real calendar value (leap years honoured, no 30 February). This
/// toolkit keeps at most 9 fraction digits (nanoseconds) and refuses longer fractions.
public struct GeneralizedTime: DERImplicitlyTaggable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// `.generalizedTime`, universal 24.
    public static var defaultTag: DERTag { .generalizedTime }

    /// Year, 0…9999 (proleptic Gregorian).
    public let year: Int
    /// Month, 1…12.
    public let month: Int
    /// Day of the month, 1…28/29/30/31.
    public let day: Int
    /// Hour, 0…23.
    public let hour: Int
    /// Minute, 0…59.
    public let minute: Int
    /// Second, 0…59.
    public let second: Int
    /// Fraction of the second in nanoseconds, 0…999 999 999.
    public let nanoseconds: Int

    /// Creates a time after checking every field against the calendar.
    public init(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, nanoseconds: Int = 0
    ) throws(DERError) {
        guard (0...9999).contains(year) else {
            throw DERError(.invalidTime, at: 0, "GeneralizedTime years are 0000-9999, not \(year)")
        }
        guard (0..<1_000_000_000).contains(nanoseconds) else {
            throw DERError(.invalidTime, at: 0, "nanoseconds \(nanoseconds) is not 0-999999999")
        }
        try DERCivilCalendar.validate(year: year, month: month, day: day, hour: hour, minute: minute,
                                      second: second, at: 0)
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanoseconds = nanoseconds
    }

    /// Decodes a GeneralizedTime under `tag`; anything but the DER form with a valid date and
    /// time is refused with `.invalidTime`.
    public init(derNode: DERNode, withTag tag: DERTag) throws(DERError) {
        try derNode.expect(tag, "GeneralizedTime")
        guard !derNode.isConstructed else {
            throw DERError(.invalidConstructedFlag, at: derNode.offset, "GeneralizedTime must be primitive in DER (X.690 10.2)")
        }
        let text = derNode.content
        let start = text.startIndex
        func field(_ i: Int, _ count: Int, _ name: String) throws(DERError) -> Int {
            try DERCivilCalendar.digits(text, at: start + i, count: count, field: name, typeName: "GeneralizedTime")
        }
        func octet(_ i: Int) -> UInt8? { start + i < text.endIndex ? text[start + i] : nil }
        let designators: [UInt8] = [UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                                    UInt8(ascii: "."), UInt8(ascii: ",")]

        let year = try field(0, 4, "year")
        let month = try field(4, 2, "month")
        let day = try field(6, 2, "day")
        let hour = try field(8, 2, "hour")
        // X.690 11.7.2 (and DER's single form): minutes and seconds are always present.
        if let b = octet(10), designators.contains(b) {
            throw DERError(.invalidTime, at: start + 10, "GeneralizedTime lacks minutes and seconds (X.690 11.7.2)")
        }
        let minute = try field(10, 2, "minute")
        if let b = octet(12), designators.contains(b) {
            throw DERError(.invalidTime, at: start + 12, "GeneralizedTime lacks its seconds element (X.690 11.7.2)")
        }
        let second = try field(12, 2, "second")

        var index = start + 14
        var nanoseconds = 0
        if octet(14) == UInt8(ascii: ",") {
            throw DERError(.invalidTime, at: index, "GeneralizedTime decimal point must be '.', not ',' (X.690 11.7.4)")
        }
        if octet(14) == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < text.endIndex, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
                index += 1
            }
            let digitCount = index - fractionStart
            guard digitCount > 0 else {
                throw DERError(.invalidTime, at: fractionStart - 1, "GeneralizedTime has a decimal point without digits (X.690 11.7.3)")
            }
            // X.690 11.7.3: no trailing zeros; this also refuses an all-zero fraction, which
            // must be omitted together with its decimal point.
            guard text[index - 1] != UInt8(ascii: "0") else {
                throw DERError(.invalidTime, at: index - 1, "GeneralizedTime fraction has a trailing zero (X.690 11.7.3)")
            }
            guard digitCount <= 9 else {
                throw DERError(.invalidTime, at: fractionStart,
                               "GeneralizedTime fraction has \(digitCount) digits; this toolkit keeps at most 9 (nanoseconds)")
            }
            for i in fractionStart..<index { nanoseconds = nanoseconds * 10 + Int(text[i] - UInt8(ascii: "0")) }
            for _ in digitCount..<9 { nanoseconds *= 10 }
        }
        guard index < text.endIndex else {
            throw DERError(.invalidTime, at: index, "GeneralizedTime is local time; DER requires a final Z (X.690 11.7.1)")
        }
        switch text[index] {
        case UInt8(ascii: "Z"):
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            throw DERError(.invalidTime, at: index, "GeneralizedTime carries a UTC offset; DER requires Z (X.690 11.7.1)")
        default:
            throw DERError(.invalidTime, at: index, "GeneralizedTime has octet 0x\(DERCharacterStrings.hex(text[index])) where Z belongs (X.690 11.7.1)")
        }
        guard index + 1 == text.endIndex else {
            throw DERError(.invalidTime, at: index + 1, "GeneralizedTime has \(text.endIndex - index - 1) octets after Z")
        }
        try DERCivilCalendar.validate(year: year, month: month, day: day, hour: hour, minute: minute,
                                      second: second, at: derNode.offset)
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanoseconds = nanoseconds
    }

    /// Writes the DER text under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitiveInPlace(tag, { appendText(to: &$0) })
    }

    /// The content octets: `YYYYMMDDHHMMSS`, then `.` and the fraction without trailing zeros
    /// when `nanoseconds` is not zero, then `Z` (X.690 11.7).
    public var encodedText: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(25)
        appendText(to: &out)
        return out
    }

    /// Appends ``encodedText`` to `out`.
    func appendText(to out: inout [UInt8]) {
        // At most 25 octets (`YYYYMMDDHHMMSS.fffffffffZ`), assembled on the stack and appended
        // at once: every record has two times, and appending digit by digit cost more than the
        // rest of their entries.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { text in
            Self.putDigits(year, width: 4, at: 0, in: text)
            Self.putDigits(month, width: 2, at: 4, in: text)
            Self.putDigits(day, width: 2, at: 6, in: text)
            Self.putDigits(hour, width: 2, at: 8, in: text)
            Self.putDigits(minute, width: 2, at: 10, in: text)
            Self.putDigits(second, width: 2, at: 12, in: text)
            var count = 14
            if nanoseconds > 0 {
                // `.` and the nine digits without trailing zeros (X.690 11.7.3).
                text.initializeElement(at: 14, to: UInt8(ascii: "."))
                Self.putDigits(nanoseconds, width: 9, at: 15, in: text)
                count = 24
                while text[count - 1] == UInt8(ascii: "0") { count -= 1 }
            }
            text.initializeElement(at: count, to: UInt8(ascii: "Z"))
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[...count]))
        }
    }

    /// Writes `value` (not negative, below 10^`width`) as `width` decimal digits at `start`.
    private static func putDigits(_ value: Int, width: Int, at start: Int, in text: UnsafeMutableBufferPointer<UInt8>) {
        var rest = value
        var index = start + width - 1
        while index >= start {
            text.initializeElement(at: index, to: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
            index -= 1
        }
    }

    /// `.` plus the fraction digits without trailing zeros, or empty for whole seconds.
    var fractionText: String {
        guard nanoseconds > 0 else { return "" }
        var digits = String(nanoseconds).leftPadded(to: 9)
        while digits.last == "0" { digits.removeLast() }
        return "." + digits
    }

    /// ISO 8601 text, e.g. `2025-03-01T12:30:00.25Z`.
    public var description: String {
        "\(String(year).leftPadded(to: 4))-\(DERCivilCalendar.pad2(month))-\(DERCivilCalendar.pad2(day))T"
            + "\(DERCivilCalendar.pad2(hour)):\(DERCivilCalendar.pad2(minute)):\(DERCivilCalendar.pad2(second))"
            + "\(fractionText)Z"
    }

    /// Whole seconds since 1970-01-01T00:00:00Z (negative before 1970); add `nanoseconds` for
    /// the exact instant.
    public var secondsSince1970: Int {
        DERCivilCalendar.daysSinceEpoch(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second
    }

    /// Chronological order.
    public static func < (lhs: GeneralizedTime, rhs: GeneralizedTime) -> Bool {
        if (lhs.year, lhs.month, lhs.day, lhs.hour) != (rhs.year, rhs.month, rhs.day, rhs.hour) {
            return (lhs.year, lhs.month, lhs.day, lhs.hour) < (rhs.year, rhs.month, rhs.day, rhs.hour)
        }
        return (lhs.minute, lhs.second, lhs.nanoseconds) < (rhs.minute, rhs.second, rhs.nanoseconds)
    }
}
