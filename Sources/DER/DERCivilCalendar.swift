/// Proleptic Gregorian calendar arithmetic shared by `UTCTime` and `GeneralizedTime`, and the
/// digit reading both time parsers use. No Foundation: the rules are small and exact.
enum DERCivilCalendar {
    /// Gregorian leap year rule: every 4th year, except centuries not divisible by 400.
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Days in `month` (1…12) of `year`; 0 for an invalid month.
    static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Checks the calendar fields shared by both time types; `offset` is where the error points.
    /// Seconds stop at 59: DER times are UTC and X.680 allows no leap second here that a
    /// verifier could interpret reliably.
    static func validate(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, at offset: Int
    ) throws(DERError) {
        guard (1...12).contains(month) else {
            throw DERError(.invalidTime, at: offset, "month \(month) is not 1-12")
        }
        let days = daysInMonth(month, of: year)
        guard (1...days).contains(day) else {
            throw DERError(.invalidTime, at: offset, "day \(day) does not exist in \(year)-\(pad2(month)) (\(days) days)")
        }
        // X.690 11.7.5 / 11.8.3: midnight is 00, never 24.
        guard (0..<24).contains(hour) else {
            throw DERError(.invalidTime, at: offset, "hour \(hour) is not 0-23")
        }
        guard (0..<60).contains(minute) else {
            throw DERError(.invalidTime, at: offset, "minute \(minute) is not 0-59")
        }
        guard (0..<60).contains(second) else {
            throw DERError(.invalidTime, at: offset, "second \(second) is not 0-59")
        }
    }

    /// Days since 1970-01-01 for a valid civil date (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Reads `count` ASCII digits starting at `index`, or throws `.invalidTime` naming `field`.
    static func digits(
        _ text: ArraySlice<UInt8>, at index: Int, count: Int, field: String, typeName: String
    ) throws(DERError) -> Int {
        guard index + count <= text.endIndex else {
            throw DERError(.invalidTime, at: index, "\(typeName) ends before its \(field)")
        }
        var value = 0
        for i in index..<(index + count) {
            let b = text[i]
            guard b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") else {
                throw DERError(.invalidTime, at: i, "\(typeName) \(field) holds a non-digit octet 0x\(DERCharacterStrings.hex(b))")
            }
            value = value * 10 + Int(b - UInt8(ascii: "0"))
        }
        return value
    }

    static func pad2(_ n: Int) -> String { String(n).leftPadded(to: 2) }

    static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
        // Written in place, most significant digit first: every signed record has two dates.
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
        var n = value
        for i in stride(from: start + width - 1, through: start, by: -1) {
            out[i] = UInt8(ascii: "0") + UInt8(n % 10)
            n /= 10
        }
    }
}
