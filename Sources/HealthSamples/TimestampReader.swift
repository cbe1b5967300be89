/// A cursor over the ASCII bytes of a timestamp, shared by the RFC 3339 and export.xml readers.
///
/// Every valid timestamp is ASCII, so the byte offset of the first bad byte equals its offset in
/// Unicode scalars: everything before it was ASCII.
///
/// It reads the caller's bytes in place (a JSON line's buffer, or a String's UTF-8) and its
/// errors carry no text: ``SampleDate`` adds the text it was reading, so that a date read from a
/// buffer costs no String and no copy unless it fails.
struct TimestampReader {
    /// Which character separates the date from the time.
    enum Separator {
        /// RFC 3339 §5.6: `T`, or `t` per the note in the same section.
        case rfc3339
        /// export.xml: a single space.
        case exportXML
    }

    /// Wall-clock fields that passed their range checks.
    struct LocalFields {
        var year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
    }

    /// A parsed UTC offset and where it started in the text.
    struct Offset {
        var seconds: Int32
        var position: Int
    }

    /// The first ``maximumLength`` bytes of the text.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the text is longer than ``bytes``.
    private let isCut: Bool
    private(set) var position = 0

    /// Bytes looked at: a valid timestamp has at most 35, so a longer input fails at the same
    /// offset either way (and a fraction's digits are counted only this far).
    static let maximumLength = 64

    /// A reader of `utf8`, which must stay valid while the reader is used.
    init(utf8: UnsafeBufferPointer<UInt8>) {
        bytes = UnsafeBufferPointer(rebasing: utf8.prefix(Self.maximumLength))
        isCut = utf8.count > Self.maximumLength
    }

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func advance() { position += 1 }

    /// An error without its text (``SampleDate`` adds it).
    func fail(_ kind: SampleDateError.Kind, at offset: Int? = nil) -> SampleDateError {
        SampleDateError(text: "", offset: offset ?? position, kind: kind)
    }

    /// Consumes `byte` or throws naming `name` as what was expected.
    mutating func expect(_ byte: UInt8, _ name: String) throws(SampleDateError) {
        try expect(where: { $0 == byte }, name)
    }

    private mutating func expect(where matches: (UInt8) -> Bool, _ name: String) throws(SampleDateError) {
        guard let next = peek() else { throw fail(.unexpectedEnd(expected: name)) }
        guard matches(next) else { throw fail(.unexpectedCharacter(expected: name)) }
        advance()
    }

    /// Reads exactly `count` ASCII digits.
    mutating func readDigits(_ count: Int) throws(SampleDateError) -> Int64 {
        var value: Int64 = 0
        for _ in 0 ..< count {
            guard let next = peek() else { throw fail(.unexpectedEnd(expected: "digit")) }
            guard next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") else { throw fail(.unexpectedCharacter(expected: "digit")) }
            value = value * 10 + Int64(next - UInt8(ascii: "0"))
            advance()
        }
        return value
    }

    /// Reads `count` digits and checks them against `range`, reporting `field` at its first digit.
    private mutating func readField(_ count: Int, _ field: SampleDateError.Field, _ range: ClosedRange<Int64>) throws(SampleDateError) -> Int64 {
        let start = position
        let value = try readDigits(count)
        guard range.contains(value) else { throw fail(.fieldOutOfRange(field, value: value), at: start) }
        return value
    }

    /// `yyyy-MM-dd<sep>HH:mm:ss` with every field range-checked (RFC 3339 §5.6 and §5.7).
    mutating func readDateAndTime(separator: Separator) throws(SampleDateError) -> LocalFields {
        if position == 0, let fields = Self.wellFormedDateAndTime(bytes, separator: separator) {
            position = 19
            return fields
        }
        return try readDateAndTimeFieldByField(separator: separator)
    }

    /// The fields of a date and time at the start of `bytes` when every character is where it
    /// belongs and every field in its range, read at fixed offsets; nil for anything else, which
    /// ``readDateAndTimeFieldByField(separator:)`` then reads field by field to name what is wrong.
    /// Every stored sample has two dates, and reading each field through a throwing call per
    /// digit cost more than the rest of making the date.
    static func wellFormedDateAndTime(_ bytes: UnsafeBufferPointer<UInt8>, separator: Separator) -> LocalFields? {
        guard bytes.count >= 19 else { return nil }
        @inline(__always) func digit(_ offset: Int) -> Int64? {
            let value = bytes[offset] &- UInt8(ascii: "0")
            return value < 10 ? Int64(value) : nil
        }
        @inline(__always) func number(_ offset: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for index in offset..<(offset + count) {
                guard let next = digit(index) else { return nil }
                value = value * 10 + next
            }
            return value
        }
        let dateSeparator = bytes[10]
        let separatorIsRight = switch separator {
        case .rfc3339: dateSeparator == UInt8(ascii: "T") || dateSeparator == UInt8(ascii: "t")
        case .exportXML: dateSeparator == UInt8(ascii: " ")
        }
        guard separatorIsRight, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), (1...12).contains(month),
              let day = number(8, 2), day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month),
              let hour = number(11, 2), hour <= 23, let minute = number(14, 2), minute <= 59,
              let second = number(17, 2), second <= 59 else { return nil }
        return LocalFields(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// ``readDateAndTime(separator:)`` field by field, throwing at the first character or field
    /// that is wrong.
    private mutating func readDateAndTimeFieldByField(separator: Separator) throws(SampleDateError) -> LocalFields {
        let year = try readField(4, .year, 0 ... 9999)
        try expect(UInt8(ascii: "-"), "'-'")
        let month = try readField(2, .month, 1 ... 12)
        try expect(UInt8(ascii: "-"), "'-'")
        let dayStart = position
        let day = try readDigits(2)
        guard day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month) else {
            throw fail(.fieldOutOfRange(.day, value: day), at: dayStart)
        }
        switch separator {
        case .rfc3339: try expect(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }, "'T'")
        case .exportXML: try expect(UInt8(ascii: " "), "' '")
        }
        let hour = try readField(2, .hour, 0 ... 23)
        try expect(UInt8(ascii: ":"), "':'")
        let minute = try readField(2, .minute, 0 ... 59)
        try expect(UInt8(ascii: ":"), "':'")
        let secondStart = position
        let second = try readDigits(2)
        if second == 60 { throw fail(.leapSecond, at: secondStart) }
        guard second <= 59 else { throw fail(.fieldOutOfRange(.second, value: second), at: secondStart) }
        return LocalFields(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The digits after a `.` (already consumed): 1–9 digits, scaled to nanoseconds.
    mutating func readFraction() throws(SampleDateError) -> (nanoseconds: Int32, present: Bool) {
        let start = position
        var value: Int64 = 0
        var count = 0
        while let next = peek(), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
            // Keep counting past nine digits only to report how many there were.
            if count < 9 { value = value * 10 + Int64(next - UInt8(ascii: "0")) }
            count += 1
            advance()
        }
        if count == 0 {
            throw peek() == nil ? fail(.unexpectedEnd(expected: "digit")) : fail(.unexpectedCharacter(expected: "digit"))
        }
        if count > 9 { throw fail(.tooManyFractionDigits(count: count), at: start + 9) }
        for _ in count ..< 9 { value *= 10 }
        return (Int32(value), true)
    }

    /// RFC 3339 `time-offset`: `Z` / `z` or `±hh:mm`.
    mutating func readRFC3339Offset() throws(SampleDateError) -> Offset {
        let start = position
        guard let next = peek() else { throw fail(.unexpectedEnd(expected: "'Z', '+' or '-'")) }
        if next == UInt8(ascii: "Z") || next == UInt8(ascii: "z") {
            advance()
            return Offset(seconds: 0, position: start)
        }
        guard next == UInt8(ascii: "+") || next == UInt8(ascii: "-") else {
            throw fail(.unexpectedCharacter(expected: "'Z', '+' or '-'"))
        }
        advance()
        let hours = try readField(2, .offsetHours, 0 ... 23)
        try expect(UInt8(ascii: ":"), "':'")
        let minutes = try readField(2, .offsetMinutes, 0 ... 59)
        let magnitude = Int32(hours * 3600 + minutes * 60)
        return Offset(seconds: next == UInt8(ascii: "-") ? -magnitude : magnitude, position: start)
    }

    /// export.xml offset: `±hhmm`, no colon.
    mutating func readCompactOffset() throws(SampleDateError) -> Offset {
        let start = position
        guard let next = peek() else { throw fail(.unexpectedEnd(expected: "'+' or '-'")) }
        guard next == UInt8(ascii: "+") || next == UInt8(ascii: "-") else {
            throw fail(.unexpectedCharacter(expected: "'+' or '-'"))
        }
        advance()
        let hours = try readField(2, .offsetHours, 0 ... 23)
        let minutes = try readField(2, .offsetMinutes, 0 ... 59)
        let magnitude = Int32(hours * 3600 + minutes * 60)
        return Offset(seconds: next == UInt8(ascii: "-") ? -magnitude : magnitude, position: start)
    }

    /// Throws unless the whole text has been read.
    func expectEnd() throws(SampleDateError) {
        if position < bytes.count || isCut { throw fail(.trailingCharacters) }
    }
}
