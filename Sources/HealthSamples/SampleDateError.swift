/// Why a timestamp could not be read or built, and where.
///
/// Equality compares every field, so tests can assert the exact case and offset.
public struct SampleDateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A calendar or clock field that can be out of range.
    public enum Field: String, Sendable, Hashable {
        /// The four-digit year.
        case year
        /// The month, 01–12.
        case month
        /// The day of the month, 01–28/29/30/31 depending on month and year.
        case day
        /// The hour, 00–23.
        case hour
        /// The minute, 00–59.
        case minute
        /// The second, 00–59 (a leap second is reported as ``Kind/leapSecond``).
        case second
        /// Nanoseconds, 0–999 999 999.
        case nanoseconds
        /// The hours of the UTC offset, 00–23.
        case offsetHours
        /// The minutes of the UTC offset, 00–59.
        case offsetMinutes
        /// A UTC offset given in seconds: must be a whole number of minutes within ±23:59.
        case utcOffset
    }

    /// What was wrong.
    public enum Kind: Sendable, Hashable {
        /// A character other than the one the grammar requires; `expected` names it.
        case unexpectedCharacter(expected: String)
        /// The text ended where the grammar requires `expected`.
        case unexpectedEnd(expected: String)
        /// Characters follow a complete timestamp.
        case trailingCharacters
        /// A field is outside its range (e.g. month 13, February 30, hour 24).
        case fieldOutOfRange(Field, value: Int64)
        /// Second 60: RFC 3339 §5.6 allows a leap second, but neither POSIX time nor
        /// HealthKit can represent one, so it is rejected rather than silently folded.
        case leapSecond
        /// More than nine fractional-second digits: the model keeps nanoseconds exactly,
        /// and rounding would change the signed value.
        case tooManyFractionDigits(count: Int)
        /// The instant (in UTC) falls outside 0000-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z,
        /// the range of a four-digit year (RFC 3339 §5.6 and X.690 GeneralizedTime).
        case instantOutOfRange
    }

    /// The text that was being read (cut to 64 characters), empty when a value was built from numbers.
    public let text: String
    /// Offset of the offending character, counted in Unicode scalars from the start
    /// (equal to the byte offset, since every valid timestamp is ASCII). 0 when built from numbers.
    public let offset: Int
    /// What was wrong.
    public let kind: Kind

    /// Creates an error; the text is cut to 64 characters so an error never holds a huge input.
    public init(text: String, offset: Int, kind: Kind) {
        self.text = String(text.prefix(64))
        self.offset = offset
        self.kind = kind
    }

    /// A one-line explanation naming the offset and the problem.
    public var description: String {
        let what: String
        switch kind {
        case .unexpectedCharacter(let expected): what = "expected \(expected)"
        case .unexpectedEnd(let expected): what = "text ends, expected \(expected)"
        case .trailingCharacters: what = "unexpected characters after the timestamp"
        case .fieldOutOfRange(let field, let value): what = "\(field.rawValue) \(value) is out of range"
        case .leapSecond: what = "leap second 60 is not supported"
        case .tooManyFractionDigits(let count): what = "\(count) fractional-second digits (at most 9)"
        case .instantOutOfRange: what = "instant is outside years 0000–9999 UTC"
        }
        return "invalid timestamp \"\(text)\" at offset \(offset): \(what)"
    }
}
