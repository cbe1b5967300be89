import Foundation
import HealthSamples

/// The report's Workouts section: the minutes-per-week chart and one table per activity type
/// (date, activity, duration, distance, energy, device, result), from a ``WorkoutLog``. The
/// values are the stored ones; what was altered is listed under Problems with the other readings.
struct WorkoutSection {
    let log: WorkoutLog
    /// The report's shared time axis (``ChartTimeAxis``).
    var axis: ChartTimeAxis? = nil

    private func e(_ text: String) -> String { HTMLText.escape(text) }

    func html() -> String {
        guard log.total > 0 else { return "" }
        var html = "<section id=\"workouts\"><h2>Workouts</h2>\n"
        html += "<p class=\"note\">Each workout is one signed reading: its activity, start and end, duration, totals and events are checked together. "
            + "The values shown are the authentic ones: a workout altered after signing is shown with the values its device signed, each altered value followed by the stored one, and is also listed under Problems with each altered field. Times are in UTC on the chart.</p>\n"
        html += figure()
        for key in log.order {
            guard let group = log.groups[key] else { continue }
            html += table(group)
        }
        return html + "</section>\n"
    }

    func figure() -> String {
        var parts: [String] = []
        for readingClass in [ReadingClass.authentic, .altered, .notChecked, .unsigned] where log.counts[readingClass.rawValue] > 0 {
            parts.append("\(log.counts[readingClass.rawValue]) \(readingClass.label)")
        }
        let per = log.weeks.weeksPerBar == 1 ? "week" : "\(log.weeks.weeksPerBar) weeks"
        var caption = "Workout minutes per \(per): \(Self.workouts(log.total)) (\(parts.joined(separator: ", ")))"
        if log.notDrawn > 0 { caption += "; \(log.notDrawn) not drawn (duration not a time)" }
        if log.alteredNotShown > 0 { caption += "; \(log.alteredNotShown) altered with no signed values to show, neither drawn nor listed (see Problems)" }
        return "<figure class=\"chart\" data-type=\"\(Workout.typeIdentifier)\"><figcaption>\(e(caption))</figcaption>\n"
            + (axis.map { WorkoutChartSVG.render(log.weeks, axis: $0) + "\n" } ?? "")
            + (dataTable().map(ChartDataTable.details) ?? "") + "</figure>\n"
    }

    /// The chart's data table (``ChartDataTable``), `nil` when there is no chart.
    func dataTable() -> (html: String, rows: Int)? {
        guard log.total > 0, log.weeks.span != nil, let axis else { return nil }
        return ChartDataTable.weeks(log.weeks, time: axis.time)
    }

    func table(_ group: WorkoutLog.ActivityGroup) -> String {
        let name = ReportWords.activityName(group.activity)
        var html = "<h3 id=\"workouts-\(group.activity.rawValue)\">\(e(name)) (\(group.count))</h3>\n"
        html += "<table class=\"workouts\"><thead><tr><th>Date</th><th>Activity</th><th class=\"num\">Duration</th><th class=\"num\">Distance</th>"
            + "<th class=\"num\">Energy</th><th>Device</th><th>Result</th></tr></thead><tbody>\n"
        for row in group.rows {
            let stored = row.stored
            html += "<tr><td>\(e(row.start.rfc3339String))\(alteredBeside(row.start.rfc3339String, stored?.startDate.rfc3339String, altered: stored != nil))</td><td>\(e(name))</td>"
                + "<td class=\"num\">\(e(Self.duration(row.duration)))\(alteredBeside(Self.duration(row.duration), stored.map { Self.duration($0.duration) }, altered: stored != nil))</td>"
                + "<td class=\"num\">\(e(row.distance.map(\.description) ?? "—"))\(alteredBeside(row.distance.map(\.description) ?? "—", stored.map { $0.totalDistance.map(\.description) ?? "—" }, altered: stored != nil))</td>"
                + "<td class=\"num\">\(e(row.energy.map(\.description) ?? "—"))\(alteredBeside(row.energy.map(\.description) ?? "—", stored.map { $0.totalEnergyBurned.map(\.description) ?? "—" }, altered: stored != nil))</td>"
                + "<td>\(e(row.device ?? "—"))\(alteredBeside(row.device ?? "—", stored.map { $0.device.map(ReportCollector.deviceName) ?? "—" }, altered: stored != nil))</td>"
                + "<td>\(WorkoutChartSVG.mark(ReadingClass(row.verdict)))\(e(ReportWords.verdict(row.verdict)))"
                + (row.unsignedContext.isEmpty ? "" : "<br><span class=\"note unsigned-context\">unsigned context (not covered by the signature): "
                    + row.unsignedContext.map(e).joined(separator: ", ") + "</span>")
                + "</td></tr>\n"
        }
        html += "</tbody></table>\n"
        if group.notListed > 0 {
            html += "<p class=\"note\">\(group.notListed) further \(e(name)) workout(s) are counted and drawn but not listed (the report lists the first \(WorkoutLog.rowLimit) workouts).</p>\n"
        }
        return html
    }

    /// After a signed value of an altered workout, the stored value when it differs: what the
    /// input holds instead, marked so that it is never read as the measurement.
    private func alteredBeside(_ signed: String, _ stored: String?, altered: Bool) -> String {
        guard altered, let stored, stored != signed else { return "" }
        return "<br><span class=\"stored-altered\">stored (altered): \(e(stored))</span>"
    }

    /// `40 min 30 s`, `1 h 05 min`, from the stored duration in any time unit; the stored text
    /// when it is not a time.
    static func duration(_ duration: Quantity) -> String {
        guard let exact = duration.exactSeconds else { return duration.description }
        var rounded = Decimal()
        var value = exact
        NSDecimalRound(&rounded, &value, 0, .plain)
        let seconds = NSDecimalNumber(decimal: rounded).int64Value
        guard seconds >= 0 else { return duration.description }
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        if hours > 0 { return "\(hours) h " + (minutes < 10 ? "0" : "") + "\(minutes) min" }
        if minutes > 0 { return rest > 0 ? "\(minutes) min \(rest) s" : "\(minutes) min" }
        return "\(rest) s"
    }

    /// `1 workout` / `2 workouts`.
    static func workouts(_ count: Int) -> String {
        count == 1 ? "1 workout" : "\(count) workouts"
    }
}
