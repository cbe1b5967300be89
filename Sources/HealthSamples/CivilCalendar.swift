/// Proleptic Gregorian calendar arithmetic on plain integers.
///
/// These are Howard Hinnant's `days_from_civil` / `civil_from_days` algorithms
/// ("chrono-Compatible Low-Level Date Algorithms"). They are exact for every year
/// the toolkit accepts (0000–9999) and avoid `DateFormatter`/`Calendar`, whose
/// results depend on the host's locale, time-zone database and Foundation version.
enum CivilCalendar {
    /// Seconds in one civil day (no leap seconds: RFC 3339 §5.6 allows second 60,
    /// but POSIX time and HealthKit have no representation for it).
    static let secondsPerDay: Int64 = 86_400

    /// Number of days from 1970-01-01 to the given civil date (negative before it).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400                                   // [0, 399]
        let shiftedMonth = month > 2 ? month - 3 : month + 9            // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1          // [0, 365]
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date `days` days after 1970-01-01.
    static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097                                // [0, 146096]
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153                    // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Whether `year` is a Gregorian leap year.
    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Number of days in `month` (1–12) of `year`; 0 for an invalid month.
    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }
}
