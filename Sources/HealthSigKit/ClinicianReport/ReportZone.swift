import Foundation
import HealthSamples

/// A time zone the report shows times in and counts days by (docs/REPORT.md, "Local time"): a
/// reading's signed `HKTimeZone` when it has one, else `--time-zone`, else UTC. Offsets come from
/// the zone's rules at each instant, so a daylight-saving change inside the period moves the
/// readings after it, not those before.
struct ReportZone: Sendable, Hashable {
    /// The IANA name (`Europe/Berlin`), or `UTC`.
    let name: String
    let zone: TimeZone

    static let utc = ReportZone(name: "UTC", zone: TimeZone(secondsFromGMT: 0) ?? .current)

    private init(name: String, zone: TimeZone) {
        self.name = name
        self.zone = zone
    }

    /// The zone of an IANA name, or `nil` when the system's time-zone database does not know it.
    /// Only names of the database count: Foundation also takes abbreviations (`CEST`) and
    /// offsets (`GMT+1`), which name no rules for daylight saving.
    static func named(_ name: String) -> ReportZone? {
        if name == "UTC" { return utc }
        guard known.contains(name), let zone = TimeZone(identifier: name) else { return nil }
        return ReportZone(name: name, zone: zone)
    }

    /// `--time-zone ZONE`: an unknown name is a usage error.
    static func option(_ name: String) throws(ToolError) -> ReportZone {
        guard let zone = named(name) else {
            throw .usage("--time-zone \(name): not an IANA time-zone name known to this system (such as Europe/Berlin, America/New_York or UTC)")
        }
        return zone
    }

    private static let known = Set(TimeZone.knownTimeZoneIdentifiers)

    /// Seconds east of UTC at `date`.
    func offset(at date: SampleDate) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(date.epochSeconds))))
    }

    /// Seconds since the epoch of the local wall clock at `date`: local day and hour follow by division.
    func localSeconds(_ date: SampleDate) -> Int64 { date.epochSeconds + offset(at: date) }

    /// The local day of `date`, as days since 1970-01-01.
    func day(of date: SampleDate) -> Int64 { TimeBins<ValueBin>.floorDiv(localSeconds(date), 86_400) }

    /// The local hour (0–23) of `date`.
    func hour(of date: SampleDate) -> Int {
        let seconds = localSeconds(date)
        return Int((seconds - TimeBins<ValueBin>.floorDiv(seconds, 86_400) * 86_400) / 3_600)
    }

    /// `2026-03-29T08:30:00+02:00`: `date` written with this zone's offset at that instant.
    func rfc3339(_ date: SampleDate) -> String {
        let offset = offset(at: date)
        guard let local = try? SampleDate(epochSeconds: date.epochSeconds, nanoseconds: date.nanoseconds,
                                          utcOffsetSeconds: Int32(clamping: offset), hasFraction: date.hasFraction)
        else { return date.rfc3339String }
        return local.rfc3339String
    }

    /// The instant local midnight starts the day `year-month-day` in this zone (the first
    /// instant of that date: a day starting in a daylight-saving gap starts at the gap's end).
    func startOfDay(year: Int, month: Int, day: Int) -> SampleDate? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        let start = calendar.startOfDay(for: date)
        return try? SampleDate(epochSeconds: Int64(start.timeIntervalSince1970.rounded(.down)))
    }
}
