import Foundation

/// An exact instant, together with the notation it was written in.
///
/// HealthKit stores `Date` (a Double), but what a device signs and what an export shows are
/// text timestamps with an offset: `2024-03-01T08:15:00.250+01:00` (RFC 3339, JSON records)
/// or `2019-05-14 18:52:09 -0400` (the Health app's export.xml). `SampleDate` keeps the
/// instant exactly (whole seconds plus nanoseconds since the Unix epoch, no floating point)
/// and remembers the UTC offset and whether fractional seconds were written, so the text
/// can be written back the way it came.
///
/// Equality, hashing and ordering use the instant only: `08:00Z` and `09:00+01:00` are equal.
/// Use ``isIdentical(to:)`` to compare the notation as well.
///
/// The accepted range is the four-digit-year range of RFC 3339 and X.690 GeneralizedTime:
/// 0000-01-01T00:00:00Z through 9999-12-31T23:59:59.999999999Z, both as an instant in UTC and
/// as the local time written.
public struct SampleDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before it).
    public let epochSeconds: Int64
    /// Nanoseconds past `epochSeconds`, 0 ..< 1 000 000 000.
    public let nanoseconds: Int32
    /// The UTC offset the timestamp was written with, in seconds east of UTC (a whole number of minutes).
    public let utcOffsetSeconds: Int32
    /// Whether the original notation had fractional seconds (`…:05.0` has them, `…:05` does not).
    public let hasFraction: Bool

    /// The smallest accepted instant, 0000-01-01T00:00:00Z.
    static let minimumEpochSeconds: Int64 = CivilCalendar.daysFromCivil(year: 0, month: 1, day: 1) * CivilCalendar.secondsPerDay
    /// The largest accepted whole second, 9999-12-31T23:59:59Z.
    static let maximumEpochSeconds: Int64 =
        CivilCalendar.daysFromCivil(year: 9999, month: 12, day: 31) * CivilCalendar.secondsPerDay + CivilCalendar.secondsPerDay - 1
    /// The largest offset a `±hh:mm` field can carry, 23:59.
    static let maximumOffsetSeconds: Int32 = 23 * 3600 + 59 * 60

    /// Creates a date from its exact parts, checking every range.
    ///
    /// - Parameters:
    ///   - epochSeconds: whole seconds since 1970-01-01T00:00:00Z.
    ///   - nanoseconds: 0 ..< 1 000 000 000.
    ///   - utcOffsetSeconds: offset to write it with, a whole number of minutes within ±23:59.
    ///   - hasFraction: whether to write fractional seconds; defaults to `nanoseconds != 0`.
    ///     When `nanoseconds != 0` it is forced to `true`, since the fraction cannot be dropped silently.
    /// - Throws: ``SampleDateError`` with offset 0 when a part is out of range.
    public init(epochSeconds: Int64, nanoseconds: Int32 = 0, utcOffsetSeconds: Int32 = 0, hasFraction: Bool? = nil) throws(SampleDateError) {
        guard (0 ..< 1_000_000_000).contains(nanoseconds) else {
            throw SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.nanoseconds, value: Int64(nanoseconds)))
        }
        guard abs(utcOffsetSeconds) <= Self.maximumOffsetSeconds, utcOffsetSeconds % 60 == 0 else {
            throw SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.utcOffset, value: Int64(utcOffsetSeconds)))
        }
        // Check both the UTC instant and the local wall-clock time, so that formatting
        // either of them always yields a four-digit year.
        let local = epochSeconds.addingReportingOverflow(Int64(utcOffsetSeconds))
        guard (Self.minimumEpochSeconds ... Self.maximumEpochSeconds).contains(epochSeconds),
              !local.overflow, (Self.minimumEpochSeconds ... Self.maximumEpochSeconds).contains(local.partialValue) else {
            throw SampleDateError(text: "", offset: 0, kind: .instantOutOfRange)
        }
        self.epochSeconds = epochSeconds
        self.nanoseconds = nanoseconds
        self.utcOffsetSeconds = utcOffsetSeconds
        self.hasFraction = (hasFraction ?? false) || nanoseconds != 0
    }

    /// Creates a UTC date (offset `Z`) from calendar fields, e.g. when decoding a DER GeneralizedTime.
    ///
    /// `hasFraction` is set when `nanoseconds` is not zero.
    /// - Throws: ``SampleDateError`` `.fieldOutOfRange` (offset 0) for an invalid field such as
    ///   month 13, February 30 or hour 24, and `.leapSecond` for second 60.
    public init(utcYear year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, nanoseconds: Int = 0) throws(SampleDateError) {
        let fields: [(SampleDateError.Field, Int, ClosedRange<Int>)] = [
            (.year, year, 0 ... 9999), (.month, month, 1 ... 12), (.hour, hour, 0 ... 23),
            (.minute, minute, 0 ... 59), (.nanoseconds, nanoseconds, 0 ... 999_999_999),
        ]
        for (field, value, range) in fields where !range.contains(value) {
            throw SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(field, value: Int64(value)))
        }
        let daysInMonth = CivilCalendar.daysInMonth(year: Int64(year), month: Int64(month))
        guard day >= 1, Int64(day) <= daysInMonth else {
            throw SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.day, value: Int64(day)))
        }
        if second == 60 { throw SampleDateError(text: "", offset: 0, kind: .leapSecond) }
        guard (0 ... 59).contains(second) else {
            throw SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.second, value: Int64(second)))
        }
        let days = CivilCalendar.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = days * CivilCalendar.secondsPerDay + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
        try self.init(epochSeconds: seconds, nanoseconds: Int32(nanoseconds), utcOffsetSeconds: 0)
    }

    /// Reads an RFC 3339 §5.6 `date-time`: `yyyy-MM-ddTHH:mm:ss[.f…](Z|±hh:mm)`.
    ///
    /// Exactly the RFC grammar: `T` and `Z` may be lower case (RFC 3339 §5.6 note), fractional
    /// seconds have 1–9 digits, the offset needs its colon (`-0400` is rejected), and `-00:00`
    /// reads as offset zero. Ranges are checked, including the day against the month and leap
    /// years (RFC 3339 §5.7); hour 24 and leap second 60 are rejected.
    /// - Throws: ``SampleDateError`` naming the first offending character.
    public init(rfc3339 text: String) throws(SampleDateError) {
        self = try Self.reading(text, with: Self.readRFC3339)
    }

    /// ``init(rfc3339:)`` of the UTF-8 bytes of a text, read in place: a reader that has the
    /// bytes (a JSON line) makes no String for a date that reads, and the same error for one
    /// that does not.
    public init(rfc3339UTF8 utf8: UnsafeBufferPointer<UInt8>) throws(SampleDateError) {
        do {
            self = try Self.readRFC3339(utf8)
        } catch {
            throw SampleDateError(text: String(decoding: utf8, as: UTF8.self), offset: error.offset, kind: error.kind)
        }
    }

    /// Reads the Health app export form `yyyy-MM-dd HH:mm:ss ±hhmm` (docs/EXPORT-XML.md §3):
    /// single spaces, whole seconds only, and a four-digit offset without a colon.
    /// - Throws: ``SampleDateError`` naming the first offending character.
    public init(exportXML text: String) throws(SampleDateError) {
        self = try Self.reading(text, with: Self.readExportXML)
    }

    /// `read` applied to the UTF-8 of `text`, its error given the text.
    private static func reading(_ text: String,
                                with read: (UnsafeBufferPointer<UInt8>) throws(SampleDateError) -> SampleDate) throws(SampleDateError) -> SampleDate {
        var contiguous = text
        let result = contiguous.withUTF8 { utf8 in
            Result { () throws(SampleDateError) -> SampleDate in try read(utf8) }
        }
        switch result {
        case .success(let date): return date
        case .failure(let error): throw SampleDateError(text: text, offset: error.offset, kind: error.kind)
        }
    }

    /// The RFC 3339 grammar of ``init(rfc3339:)``; errors without their text.
    private static func readRFC3339(_ utf8: UnsafeBufferPointer<UInt8>) throws(SampleDateError) -> SampleDate {
        var reader = TimestampReader(utf8: utf8)
        let local = try reader.readDateAndTime(separator: .rfc3339)
        var fraction: (nanoseconds: Int32, present: Bool) = (0, false)
        if reader.peek() == UInt8(ascii: ".") {
            reader.advance()
            fraction = try reader.readFraction()
        }
        let offset = try reader.readRFC3339Offset()
        try reader.expectEnd()
        return try SampleDate(local: local, nanoseconds: fraction.nanoseconds, hasFraction: fraction.present, offset: offset)
    }

    /// The export.xml grammar of ``init(exportXML:)``; errors without their text.
    private static func readExportXML(_ utf8: UnsafeBufferPointer<UInt8>) throws(SampleDateError) -> SampleDate {
        var reader = TimestampReader(utf8: utf8)
        let local = try reader.readDateAndTime(separator: .exportXML)
        try reader.expect(UInt8(ascii: " "), "' '")
        let offset = try reader.readCompactOffset()
        try reader.expectEnd()
        return try SampleDate(local: local, nanoseconds: 0, hasFraction: false, offset: offset)
    }

    /// Shared tail of the two text readers: converts checked local fields to an instant.
    init(local: TimestampReader.LocalFields, nanoseconds: Int32, hasFraction: Bool,
                 offset: TimestampReader.Offset) throws(SampleDateError) {
        let days = CivilCalendar.daysFromCivil(year: local.year, month: local.month, day: local.day)
        let localSeconds = days * CivilCalendar.secondsPerDay + local.hour * 3600 + local.minute * 60 + local.second
        do {
            try self.init(epochSeconds: localSeconds - Int64(offset.seconds), nanoseconds: nanoseconds,
                          utcOffsetSeconds: offset.seconds, hasFraction: hasFraction)
        } catch {
            // Only the UTC instant can be out of range here (every field was checked while reading);
            // point at the offset, which is what pushed it over the edge.
            throw SampleDateError(text: "", offset: offset.position, kind: error.kind)
        }
    }

    // MARK: - Views

    /// Calendar and clock fields of a date, as used for DER GeneralizedTime (X.690 §11.7).
    public struct Components: Sendable, Hashable {
        /// Four-digit year, 0–9999.
        public let year: Int
        /// Month, 1–12.
        public let month: Int
        /// Day of the month, 1–31.
        public let day: Int
        /// Hour, 0–23.
        public let hour: Int
        /// Minute, 0–59.
        public let minute: Int
        /// Second, 0–59.
        public let second: Int
        /// Nanoseconds, 0–999 999 999.
        public let nanoseconds: Int
    }

    /// The instant's fields in UTC.
    public var utcComponents: Components { Self.components(seconds: epochSeconds, nanoseconds: nanoseconds) }

    /// The wall-clock fields in the offset the date was written with.
    public var localComponents: Components {
        Self.components(seconds: epochSeconds + Int64(utcOffsetSeconds), nanoseconds: nanoseconds)
    }

    private static func components(seconds: Int64, nanoseconds: Int32) -> Components {
        // Floor division, so instants before 1970 land on the right day.
        var days = seconds / CivilCalendar.secondsPerDay
        var secondOfDay = seconds % CivilCalendar.secondsPerDay
        if secondOfDay < 0 {
            secondOfDay += CivilCalendar.secondsPerDay
            days -= 1
        }
        let civil = CivilCalendar.civilFromDays(days)
        return Components(year: Int(civil.year), month: Int(civil.month), day: Int(civil.day),
                          hour: Int(secondOfDay / 3600), minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60),
                          nanoseconds: Int(nanoseconds))
    }

    /// The RFC 3339 text in the original offset: `yyyy-MM-ddTHH:mm:ss[.f…](Z|±hh:mm)`.
    ///
    /// Fractional seconds are written only when ``hasFraction`` is set, with trailing zeros
    /// removed but at least one digit kept (`.250` → `.25`, `.000` → `.0`). Offset zero is written
    /// as `Z` (so `+00:00` and `-00:00` do not survive a round trip).
    public var rfc3339String: String {
        // Every field within its width (always, for dates read from RFC 3339 or export.xml):
        // written straight into the String's storage, at most 35 bytes, without the array and
        // the copy of ``paddedRFC3339String(_:)``; this runs twice for every reported sample.
        var fits = true
        let text = String(unsafeUninitializedCapacity: Self.rfc3339MaximumByteCount) { out in
            guard let count = writeRFC3339(to: out.baseAddress!) else {
                fits = false
                return 0
            }
            return count
        }
        return fits ? text : paddedRFC3339String(localComponents)
    }

    /// ``rfc3339String`` for any components, each written in at least its width.
    private func paddedRFC3339String(_ c: Components) -> String {
        // Written as UTF-8 bytes into one buffer: concatenating a dozen small Strings cost more
        // than the calendar arithmetic.
        var text: [UInt8] = []
        text.reserveCapacity(40)
        Self.appendPadded(c.year, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        Self.appendPadded(c.month, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        Self.appendPadded(c.day, 2, to: &text)
        text.append(UInt8(ascii: "T"))
        Self.appendPadded(c.hour, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.appendPadded(c.minute, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.appendPadded(c.second, 2, to: &text)
        if hasFraction {
            text.append(UInt8(ascii: "."))
            let fractionStart = text.count
            Self.appendPadded(c.nanoseconds, 9, to: &text)
            while text.count > fractionStart + 1, text.last == UInt8(ascii: "0") { text.removeLast() }
        }
        if utcOffsetSeconds == 0 {
            text.append(UInt8(ascii: "Z"))
        } else {
            let magnitude = Int(abs(utcOffsetSeconds))
            text.append(utcOffsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            Self.appendPadded(magnitude / 3600, 2, to: &text)
            text.append(UInt8(ascii: ":"))
            Self.appendPadded(magnitude / 60 % 60, 2, to: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The export.xml text `yyyy-MM-dd HH:mm:ss ±hhmm` in the original offset.
    ///
    /// That form has whole seconds only, so any fraction is truncated (dropped, not rounded),
    /// just as the Health app does.
    public var exportXMLString: String {
        let c = localComponents
        let magnitude = Int(abs(utcOffsetSeconds))
        return Self.pad(c.year, 4) + "-" + Self.pad(c.month, 2) + "-" + Self.pad(c.day, 2) + " "
            + Self.pad(c.hour, 2) + ":" + Self.pad(c.minute, 2) + ":" + Self.pad(c.second, 2) + " "
            + (utcOffsetSeconds < 0 ? "-" : "+") + Self.pad(magnitude / 3600, 2) + Self.pad(magnitude / 60 % 60, 2)
    }

    /// The same instant as a Foundation `Date` (a Double: sub-microsecond precision may be lost).
    public var date: Date {
        Date(timeIntervalSince1970: Double(epochSeconds) + Double(nanoseconds) / 1_000_000_000)
    }

    /// The RFC 3339 text.
    public var description: String { rfc3339String }

    /// Whether both the instant and the notation (offset, presence of a fraction) are the same.
    public func isIdentical(to other: SampleDate) -> Bool {
        self == other && utcOffsetSeconds == other.utcOffsetSeconds && hasFraction == other.hasFraction
    }

    /// ``pad(_:_:)`` appended as UTF-8 bytes.
    private static func appendPadded(_ value: Int, _ width: Int, to text: inout [UInt8]) {
        guard value >= 0 else {
            text.append(contentsOf: pad(value, width).utf8)
            return
        }
        var digits = 1
        var power = 10
        while digits < 19, value >= power {
            digits += 1
            power = power.multipliedReportingOverflow(by: 10).overflow ? Int.max : power * 10
        }
        if digits < width { text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits)) }
        let end = text.count + digits
        text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var rest = value
        var index = end - 1
        while index >= end - digits {
            text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// Zero-padded decimal of a non-negative value.
    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    // MARK: - Equality and order by instant

    /// Equal when both denote the same instant, whatever offset they were written with.
    public static func == (lhs: SampleDate, rhs: SampleDate) -> Bool {
        lhs.epochSeconds == rhs.epochSeconds && lhs.nanoseconds == rhs.nanoseconds
    }

    /// Hashes the instant only, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(epochSeconds)
        hasher.combine(nanoseconds)
    }

    /// Earlier instants sort first.
    public static func < (lhs: SampleDate, rhs: SampleDate) -> Bool {
        (lhs.epochSeconds, lhs.nanoseconds) < (rhs.epochSeconds, rhs.nanoseconds)
    }
}
