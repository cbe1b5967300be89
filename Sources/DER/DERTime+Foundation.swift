#if canImport(Foundation)
import Foundation

// Conversions between the DER time types and `Foundation.Date`. Kept apart so the core types
// stay free of Foundation; the calendar arithmetic is the exact integer code in
// `DERCivilCalendar`, not `Calendar`.

extension UTCTime {
    /// Creates a UTCTime from `date`, dropping any fraction of a second (rounding toward the
    /// past). Throws `.invalidTime` outside 1950…2049, which UTCTime cannot express.
    public init(_ date: Date) throws(DERError) {
        let parts = try DERTimeParts(date)
        try self.init(year: parts.year, month: parts.month, day: parts.day, hour: parts.hour,
                      minute: parts.minute, second: parts.second)
    }

    /// The instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }
}

extension GeneralizedTime {
    /// Creates a GeneralizedTime from `date`, keeping the fraction rounded to whole
    /// microseconds (a `Date` is a `Double` and carries no more real precision than that for
    /// present-day instants). Throws `.invalidTime` outside years 0000…9999 or for a
    /// non-finite date.
    public init(_ date: Date) throws(DERError) {
        let parts = try DERTimeParts(date)
        try self.init(year: parts.year, month: parts.month, day: parts.day, hour: parts.hour,
                      minute: parts.minute, second: parts.second, nanoseconds: parts.microseconds * 1000)
    }

    /// The instant as a `Date` (sub-microsecond precision may be lost to `Double`).
    public var date: Date {
        Date(timeIntervalSince1970: TimeInterval(secondsSince1970) + TimeInterval(nanoseconds) / 1e9)
    }
}

/// UTC calendar fields of a `Date`, computed with integer arithmetic.
private struct DERTimeParts {
    var year, month, day, hour, minute, second, microseconds: Int

    init(_ date: Date) throws(DERError) {
        let interval = date.timeIntervalSince1970
        // About ±10,000 years around 1970: covers every GeneralizedTime year (0000-9999) while
        // keeping `interval * 1e6` far below Int.max (9.2e18), so the conversion cannot trap.
        guard interval.isFinite, abs(interval) < 3.2e11 else {
            throw DERError(.invalidTime, at: 0, "date \(interval) s since 1970 is outside the representable range")
        }
        var totalMicros = Int((interval * 1_000_000).rounded())
        // Floor division so instants before 1970 land in the right second and day.
        var seconds = totalMicros / 1_000_000
        totalMicros -= seconds * 1_000_000
        if totalMicros < 0 {
            totalMicros += 1_000_000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds - days * 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        (year, month, day) = DERCivilCalendar.civilDate(daysSinceEpoch: days)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        microseconds = totalMicros
    }
}
#endif
