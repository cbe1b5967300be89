import Foundation

extension SampleDate {
    /// The exact number of seconds from `other` to this date (negative when this one is earlier).
    public func seconds(since other: SampleDate) -> Decimal {
        let whole = Decimal(epochSeconds - other.epochSeconds)
        let nanos = Decimal(Int(nanoseconds) - Int(other.nanoseconds))
        return whole + nanos / Decimal(1_000_000_000)
    }

    /// This date moved by an exact number of seconds (at most nine fraction digits), in UTC.
    ///
    /// - Throws: ``SampleDateError`` `.instantOutOfRange` when the result leaves the accepted
    ///   range, `.fieldOutOfRange(.nanoseconds…)` when `seconds` has a finer fraction than a
    ///   nanosecond.
    public func adding(seconds: Decimal) throws(SampleDateError) -> SampleDate {
        // Nanoseconds as an exact integer: refuse anything finer, and anything beyond the
        // accepted range of dates (10,000 years is about 3.2e20 ns, well within Decimal).
        var nanos = seconds * Decimal(1_000_000_000)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &nanos, 0, .plain)
        guard !seconds.isNaN, rounded == nanos else {
            throw SampleDateError(text: DecimalText.format(seconds), offset: 0, kind: .tooManyFractionDigits(count: 10))
        }
        guard abs(rounded) < Decimal(sign: .plus, exponent: 21, significand: 1) else {
            throw SampleDateError(text: DecimalText.format(seconds), offset: 0, kind: .instantOutOfRange)
        }
        let total = rounded + Decimal(Int(nanoseconds))
        // Floor division by 1e9, exact in Decimal.
        var quotient = total / Decimal(1_000_000_000)
        var whole = Decimal()
        NSDecimalRound(&whole, &quotient, 0, .down)
        if whole > quotient { whole -= 1 }
        let remainder = total - whole * Decimal(1_000_000_000)
        let shift = NSDecimalNumber(decimal: whole).int64Value
        let newNanos = Int32(NSDecimalNumber(decimal: remainder).int32Value)
        let (sum, overflow) = epochSeconds.addingReportingOverflow(shift)
        guard !overflow else { throw SampleDateError(text: DecimalText.format(seconds), offset: 0, kind: .instantOutOfRange) }
        return try SampleDate(epochSeconds: sum, nanoseconds: newNanos, utcOffsetSeconds: 0)
    }
}
