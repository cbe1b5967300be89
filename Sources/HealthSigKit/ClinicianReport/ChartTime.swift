import Foundation

/// Times on the charts and in their data tables: calendar fields of an epoch second in the
/// report's zone (UTC), and the part of the day home blood-pressure monitoring tells apart
/// (ESH 2023: morning 04:00–12:00, evening 18:00–24:00).
struct ChartTime: Sendable {
    let zone: TimeZone
    private let calendar: Calendar

    init(zone: TimeZone) {
        self.zone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    /// The zone every chart uses today.
    static let utc = ChartTime(zone: TimeZone(secondsFromGMT: 0) ?? TimeZone.current)

    /// The name of the zone under the axes and in the tables' headers.
    var zoneName: String {
        zone.secondsFromGMT() == 0 && (zone.identifier.hasPrefix("GMT") || zone.identifier == "UTC") ? "UTC" : zone.identifier
    }

    struct Fields {
        let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int
    }

    func fields(_ seconds: Int64) -> Fields {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday],
                                        from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return Fields(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1, hour: c.hour ?? 0,
                      minute: c.minute ?? 0, second: c.second ?? 0, weekday: c.weekday ?? 1)
    }

    /// The midnight that starts the day of `seconds`.
    func startOfDay(_ seconds: Int64) -> Int64 {
        Int64(calendar.startOfDay(for: Date(timeIntervalSince1970: TimeInterval(seconds))).timeIntervalSince1970)
    }

    /// `days` calendar days after `seconds` (a day is not always 86,400 s where a zone changes its offset).
    func adding(days: Int, to seconds: Int64) -> Int64 {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        return Int64((calendar.date(byAdding: .day, value: days, to: date) ?? date.addingTimeInterval(Double(days) * 86_400)).timeIntervalSince1970)
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `3 Nov` (with the year: `3 Nov 2026`).
    func dayLabel(_ seconds: Int64, withYear: Bool = false) -> String {
        let f = fields(seconds)
        return "\(f.day) \(Self.months[max(0, min(11, f.month - 1))])" + (withYear ? " \(f.year)" : "")
    }

    /// `07:30`, the hour and minute of the day.
    func clockLabel(_ seconds: Int64) -> String {
        let f = fields(seconds)
        return String(format: "%02d:%02d", f.hour, f.minute)
    }

    /// `2026-11-03 07:30` (`07:30:15` when the seconds are not zero): a data table's time.
    func tableLabel(_ seconds: Int64) -> String {
        let f = fields(seconds)
        let day = String(format: "%04d-%02d-%02d %02d:%02d", f.year, f.month, f.day, f.hour, f.minute)
        return f.second == 0 ? day : day + String(format: ":%02d", f.second)
    }

    /// The part of the day a reading falls in.
    enum DayPart: String {
        case night, morning, afternoon, evening

        /// In words for the data tables.
        var words: String {
            switch self {
            case .night: "night (00–04)"
            case .morning: "morning (04–12)"
            case .afternoon: "afternoon (12–18)"
            case .evening: "evening (18–24)"
            }
        }
    }

    func dayPart(_ seconds: Int64) -> DayPart {
        switch fields(seconds).hour {
        case 4..<12: .morning
        case 12..<18: .afternoon
        case 18...: .evening
        default: .night
        }
    }
}
