import Foundation
import HealthSamples

/// Which samples a `verify`, `report` or `fhir` run covers (`--type`, `--from`, `--to`,
/// `--source`). A sample left out is neither reported nor counted (only as left out,
/// ``VerificationTotals/leftOut``); input that cannot be read is always reported.
public struct SampleFilter: Sendable {
    /// Full type identifiers; empty: every type.
    public let types: Set<String>
    /// Earliest start included.
    public let from: SampleDate?
    /// First start no longer included.
    public let until: SampleDate?
    /// `--source` values as given; empty: every source.
    public let sources: Set<String>
    /// ``sources`` as ``sourceKey(_:)`` compares them.
    private let sourceKeys: Set<String>

    /// The zone a `YYYY-MM-DD` day of `--from`/`--to` is in, and the summary's times.
    let zone: ReportZone

    /// Whether anything is filtered at all.
    public var isEmpty: Bool { types.isEmpty && from == nil && until == nil && sources.isEmpty }

    /// Reads the command's options.
    ///
    /// - Parameters:
    ///   - types: full identifiers or names without their prefix (`HeartRate`); an unknown one
    ///     is a usage error with a "did you mean" hint.
    ///   - from: an RFC 3339 date-time, or a day `YYYY-MM-DD` (its start in `timeZone`, UTC
    ///     without one): starts from then on.
    ///   - to: the same forms: starts before then; a day counts whole (starts up to its end).
    ///   - sources: export.xml `sourceName` values, matched as the Health app's source list
    ///     finds them (``sourceKey(_:)``): the whole name, in any case.
    ///   - timeZone: `report --time-zone`'s IANA name; an unknown one is a usage error.
    ///
    /// `from` not before `to` selects nothing and is a usage error.
    public init(types: [String] = [], from: String? = nil, to: String? = nil, sources: [String] = [],
                timeZone: String? = nil) throws(ToolError) {
        let zone = try timeZone.map { name throws(ToolError) in try ReportZone.option(name) } ?? .utc
        self.zone = zone
        var identifiers = Set<String>()
        for name in types {
            guard let identifier = Self.identifier(for: name) else {
                let hint = SampleTypeSuggestion.suggestion(for: name).map { "; did you mean \($0)?" } ?? ""
                throw .usage("--type \(name): unknown sample type\(hint)")
            }
            identifiers.insert(identifier)
        }
        self.types = identifiers
        self.from = try from.map { text throws(ToolError) in try Self.date(text, option: "--from", wholeDay: false, zone: zone) }
        self.until = try to.map { text throws(ToolError) in try Self.date(text, option: "--to", wholeDay: true, zone: zone) }
        if let from = self.from, let until = self.until, !(from < until) {
            throw .usage("--from \(zone.rfc3339(from)) is not before --to \(zone.rfc3339(until))"
                         + (to.map { $0.utf8.count == 10 ? " (the end of \($0))" : "" } ?? "")
                         + ": no sample can start in between; swap them?")
        }
        self.sources = Set(sources)
        sourceKeys = Set(sources.map(Self.sourceKey))
    }

    /// A source name as `--source` compares it: the whole name, case folded, with the
    /// typographic apostrophe the Health app writes (`Simon’s iPhone`) equal to the one a
    /// keyboard types (`simon's iphone`), and canonically equivalent spellings equal.
    static func sourceKey(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.replacingOccurrences(of: "\u{2019}", with: "'")
            .lowercased()
    }

    /// Whether `sourceName` is one of ``sources``.
    public func matchesSource(_ sourceName: String) -> Bool {
        sourceKeys.contains(Self.sourceKey(sourceName))
    }

    /// The selection in words, for a report: `type HeartRate; start from 2026-11-21T00:00:00Z,
    /// before 2026-11-22T00:00:00Z; source Health`. Empty when nothing is filtered.
    public var summary: String {
        var parts: [String] = []
        if !types.isEmpty {
            parts.append((types.count == 1 ? "type " : "types ") + types.sorted().map(SampleTypeShortName.of).joined(separator: ", "))
        }
        switch (from, until) {
        case (let from?, let until?): parts.append("start from \(zone.rfc3339(from)), before \(zone.rfc3339(until))")
        case (let from?, nil): parts.append("start from \(zone.rfc3339(from))")
        case (nil, let until?): parts.append("start before \(zone.rfc3339(until))")
        case (nil, nil): break
        }
        if !sources.isEmpty {
            parts.append((sources.count == 1 ? "source " : "sources ") + sources.sorted().joined(separator: ", "))
        }
        return parts.joined(separator: "; ")
    }


    /// Whether the report covers `decided`.
    func includes(_ decided: DecidedSample) -> Bool {
        if !types.isEmpty, !types.contains(decided.entry.type) { return false }
        if !sources.isEmpty, !(decided.exportItem?.sourceName.map(matchesSource) ?? false) { return false }
        if from != nil || until != nil {
            guard let start = decided.sample?.startDate ?? (try? SampleDate(rfc3339: decided.entry.startDate)) else { return false }
            if let from, start < from { return false }
            if let until, !(start < until) { return false }
        }
        return true
    }

    static func identifier(for name: String) -> String? {
        let known = SampleTypeSuggestion.identifiers
        if known.contains(name) { return name }
        return SampleTypeShortName.identifiers(for: name).first { known.contains($0) }
    }

    /// An RFC 3339 date-time, or `YYYY-MM-DD` as that day's start in `zone` (with `wholeDay`,
    /// the next day's start, so the day is included). A local day is 23 or 25 hours long when
    /// daylight saving starts or ends in it: its bounds come from the zone's rules, not from
    /// adding 86,400 seconds.
    static func date(_ text: String, option: String, wholeDay: Bool, zone: ReportZone = .utc) throws(ToolError) -> SampleDate {
        if let instant = try? SampleDate(rfc3339: text) { return instant }
        if text.utf8.count == 10, let day = try? SampleDate(rfc3339: text + "T00:00:00Z"),
           let civil = try? SampleDate(epochSeconds: day.epochSeconds + (wholeDay ? 86_400 : 0)) {
            let c = civil.utcComponents
            if let start = zone.startOfDay(year: c.year, month: c.month, day: c.day) { return start }
        }
        throw .usage("\(option) \(text): not a date; give YYYY-MM-DD or an RFC 3339 date-time such as 2026-11-21T08:00:00Z")
    }
}
