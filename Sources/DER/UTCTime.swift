/// A UTCTime (universal tag 23) in the one form DER allows: `YYMMDDHHMMSSZ`.
///
/// DER rules enforced when decoding (X.690 11.8):
/// - 11.8.1: the encoding ends with `Z`, so local times and `+hhmm`/`-hhmm` offsets are refused;
/// - 11.8.2: the seconds element is always present (`YYMMDDHHMMZ` is refused);
/// - 11.8.3: midnight is `000000`, so hour 24 is refused; and every field must be a real
///   calendar value (no 30 February, leap years honoured, minute and second below 60).
/// No fractional seconds exist in UTCTime. The two-digit year follows RFC 5280 4.1.2.5.1:
/// `50`–`99` are 1950–1999 and `00`–`49` are 2000–2049, so only those years can be represented.
public struct UTCTime: DERImplicitlyTaggable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// `.utcTime`, universal 23.
    public static var defaultTag: DERTag { .utcTime }

    /// Full year, 1950…2049.
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

    /// Creates a time after checking the calendar and the 1950…2049 year window that the
    /// two-digit year can express (RFC 5280 4.1.2.5.1).
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) throws(DERError) {
        guard (1950...2049).contains(year) else {
            throw DERError(.invalidTime, at: 0, "UTCTime can only hold years 1950-2049 (RFC 5280 4.1.2.5.1), not \(year)")
        }
        try DERCivilCalendar.validate(year: year, month: month, day: day, hour: hour, minute: minute,
                                      second: second, at: 0)
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Decodes a UTCTime under `tag`; anything but `YYMMDDHHMMSSZ` with a valid date and time
    /// is refused with `.invalidTime`.
    public init(derNode: DERNode, withTag tag: DERTag) throws(DERError) {
        try derNode.expect(tag, "UTCTime")
        guard !derNode.isConstructed else {
            throw DERError(.invalidConstructedFlag, at: derNode.offset, "UTCTime must be primitive in DER (X.690 10.2)")
        }
        let text = derNode.content
        let start = text.startIndex
        func field(_ i: Int, _ name: String) throws(DERError) -> Int {
            try DERCivilCalendar.digits(text, at: start + i, count: 2, field: name, typeName: "UTCTime")
        }
        let yy = try field(0, "year")
        let month = try field(2, "month")
        let day = try field(4, "day")
        let hour = try field(6, "hour")
        let minute = try field(8, "minute")
        // X.690 11.8.2: seconds are mandatory; say so rather than "non-digit" when they are absent.
        if start + 10 < text.endIndex, [UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(text[start + 10]) {
            throw DERError(.invalidTime, at: start + 10, "UTCTime lacks its seconds element (X.690 11.8.2)")
        }
        let second = try field(10, "second")
        guard start + 12 < text.endIndex else {
            throw DERError(.invalidTime, at: text.endIndex, "UTCTime does not end with Z (X.690 11.8.1)")
        }
        switch text[start + 12] {
        case UInt8(ascii: "Z"):
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            throw DERError(.invalidTime, at: start + 12, "UTCTime carries a UTC offset; DER requires Z (X.690 11.8.1)")
        case UInt8(ascii: "."), UInt8(ascii: ","):
            throw DERError(.invalidTime, at: start + 12, "UTCTime has no fractional seconds")
        default:
            throw DERError(.invalidTime, at: start + 12, "UTCTime does not end with Z (X.690 11.8.1)")
        }
        guard text.count == 13 else {
            throw DERError(.invalidTime, at: start + 13, "UTCTime has \(text.count - 13) octets after Z")
        }
        // RFC 5280 4.1.2.5.1: YY >= 50 is 19YY, YY < 50 is 20YY.
        let year = yy >= 50 ? 1900 + yy : 2000 + yy
        try DERCivilCalendar.validate(year: year, month: month, day: day, hour: hour, minute: minute,
                                      second: second, at: derNode.offset)
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Writes `YYMMDDHHMMSSZ` under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag, content: encodedText)
    }

    /// The 13 content octets `YYMMDDHHMMSSZ`.
    public var encodedText: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(13)
        for (value, width) in [(year % 100, 2), (month, 2), (day, 2), (hour, 2), (minute, 2), (second, 2)] {
            DERCivilCalendar.appendDigits(value, width: width, to: &out)
        }
        out.append(UInt8(ascii: "Z"))
        return out
    }

    /// ISO 8601 text, e.g. `2025-03-01T12:30:00Z`.
    public var description: String {
        "\(String(year))-\(DERCivilCalendar.pad2(month))-\(DERCivilCalendar.pad2(day))T"
            + "\(DERCivilCalendar.pad2(hour)):\(DERCivilCalendar.pad2(minute)):\(DERCivilCalendar.pad2(second))Z"
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Int {
        DERCivilCalendar.daysSinceEpoch(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second
    }

    /// Chronological order.
    public static func < (lhs: UTCTime, rhs: UTCTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }
}
