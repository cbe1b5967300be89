import Foundation
import HealthSamples

/// The text alternative of every chart: a table of exactly what the chart draws, row by row —
/// each reading the chart draws one by one (its time, part of the day, result and value, an
/// altered reading at its signed value), each summarised bin as its time slot, result, count and
/// lowest and highest value, each category band as its value, interval and results, each
/// workout bar as its weeks and minutes per result. On screen it is collapsed under its chart
/// (`<details>`); printed, the tables are an appendix at the end of the report. Rows carry
/// their values as data attributes, the same numbers as the cells.
enum ChartDataTable {
    /// The table collapsed under a chart.
    static func details(_ table: (html: String, rows: Int)) -> String {
        "<details class=\"chart-data\"><summary>Data table: what this chart draws (\(table.rows) row\(table.rows == 1 ? "" : "s"))</summary>\n"
            + table.html + "</details>\n"
    }

    /// The appendix of the printed report: every chart's table under its title.
    static func appendix(_ tables: [(title: String, table: (html: String, rows: Int))], axis: ChartTimeAxis) -> String {
        guard !tables.isEmpty else { return "" }
        var html = "<section id=\"chart-data\" class=\"appendix\"><h2>Appendix: what the charts draw</h2>\n"
            + "<p class=\"note\">Each table lists exactly what its chart draws: every reading drawn one by one, or a time slot's readings summarised as their count and lowest and highest value. "
            + "Altered readings are at the value their device signed. Times are in \(HTMLText.escape(axis.time.zoneName)).</p>\n"
        for (title, table) in tables {
            html += "<h3>\(HTMLText.escape(title))</h3>\n" + table.html
        }
        return html + "</section>\n"
    }

    static func table(_ chart: ReportChart, time: ChartTime) -> (html: String, rows: Int) {
        switch chart.series {
        case .values(let unit, let bins):
            return values(bins, unit: ReportChartSVG.unitLabel(unit, type: chart.typeIdentifier), type: chart.typeIdentifier, time: time)
        case .pairs(let unit, let bins):
            return pairs(bins, unit: ReportChartSVG.unitLabel(unit, type: chart.typeIdentifier), type: chart.typeIdentifier, time: time)
        case .bands(let type, let bins):
            return bands(bins, type: type, time: time)
        }
    }

    /// The machine name of a result in the tables' `data-class`.
    static func className(_ readingClass: ReadingClass) -> String {
        switch readingClass {
        case .authentic: "authentic"
        case .altered: "altered"
        case .notChecked: "not-checked"
        case .unsigned: "unsigned"
        }
    }

    /// A value as the tables write it: at most four decimals, trailing zeros dropped (`91` for
    /// HealthKit's `0.91 %` drawn as percent, whose product is not exact in binary).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func rfc3339(_ seconds: Int64) -> String {
        ReportTime.rfc3339(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    private static func head(_ type: String, _ columns: [String]) -> String {
        "<table class=\"chart-data\" data-type=\"\(HTMLText.escape(type))\"><thead><tr>"
            + columns.map { "<th>\(HTMLText.escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
    }

    /// One row of a reading drawn one by one or of a summarised slot, sorted by time then class.
    private struct Row {
        let time: Int64
        let order: Int
        let html: String
    }

    private static func finish(_ rows: [Row]) -> (html: String, rows: Int) {
        (rows.sorted { ($0.time, $0.order) < ($1.time, $1.order) }.map(\.html).joined() + "</tbody></table>\n", rows.count)
    }

    private static func slot(_ earliest: Int64, _ latest: Int64, _ time: ChartTime) -> String {
        earliest == latest ? time.tableLabel(earliest) : "\(time.tableLabel(earliest)) to \(time.tableLabel(latest))"
    }

    static func values(_ bins: TimeBins<ValueBin>, unit: String, type: String, time: ChartTime) -> (html: String, rows: Int) {
        var html = head(type, ["Time (\(time.zoneName))", "Time of day", "Result", "Readings", "Value (\(unit))"])
        var rows: [Row] = []
        for bin in bins.bins.values {
            for readingClass in ReadingClass.allCases {
                let range = bin.ranges[readingClass.rawValue]
                guard range.count > 0 else { continue }
                let result = "<td>\(readingClass.label)</td>"
                if let readings = range.readings {
                    for reading in readings {
                        let value = number(reading.value)
                        rows.append(Row(time: reading.time, order: readingClass.rawValue, html:
                            "<tr data-class=\"\(className(readingClass))\" data-start=\"\(rfc3339(reading.time))\" data-count=\"1\" data-value=\"\(value)\">"
                            + "<td>\(time.tableLabel(reading.time))</td><td>\(time.dayPart(reading.time).words)</td>\(result)<td class=\"num\">1</td><td class=\"num\">\(value)</td></tr>\n"))
                    }
                } else {
                    let low = number(range.low), high = number(range.high)
                    rows.append(Row(time: range.earliest, order: readingClass.rawValue, html:
                        "<tr data-class=\"\(className(readingClass))\" data-start=\"\(rfc3339(range.earliest))\" data-end=\"\(rfc3339(range.latest))\" data-count=\"\(range.count)\" data-low=\"\(low)\" data-high=\"\(high)\">"
                        + "<td>\(slot(range.earliest, range.latest, time))</td><td>—</td>\(result)<td class=\"num\">\(range.count)</td><td class=\"num\">\(low) to \(high) (lowest to highest)</td></tr>\n"))
                }
            }
        }
        let done = finish(rows)
        html += done.html
        return (html, done.rows)
    }

    static func pairs(_ bins: TimeBins<PairBin>, unit: String, type: String, time: ChartTime) -> (html: String, rows: Int) {
        var html = head(type, ["Time (\(time.zoneName))", "Time of day", "Result", "Readings", "Systolic (\(unit))", "Diastolic (\(unit))"])
        var rows: [Row] = []
        for bin in bins.bins.values {
            for readingClass in ReadingClass.allCases {
                let upper = bin.upper[readingClass.rawValue], lower = bin.lower[readingClass.rawValue]
                guard upper.count > 0, lower.count > 0 else { continue }
                let result = "<td>\(readingClass.label)</td>"
                if let systolic = upper.readings, let diastolic = lower.readings, systolic.count == diastolic.count {
                    for (s, d) in zip(systolic, diastolic) {
                        let sv = number(s.value), dv = number(d.value)
                        rows.append(Row(time: s.time, order: readingClass.rawValue, html:
                            "<tr data-class=\"\(className(readingClass))\" data-start=\"\(rfc3339(s.time))\" data-count=\"1\" data-systolic=\"\(sv)\" data-diastolic=\"\(dv)\">"
                            + "<td>\(time.tableLabel(s.time))</td><td>\(time.dayPart(s.time).words)</td>\(result)<td class=\"num\">1</td><td class=\"num\">\(sv)</td><td class=\"num\">\(dv)</td></tr>\n"))
                    }
                } else {
                    let sLow = number(upper.low), sHigh = number(upper.high), dLow = number(lower.low), dHigh = number(lower.high)
                    rows.append(Row(time: upper.earliest, order: readingClass.rawValue, html:
                        "<tr data-class=\"\(className(readingClass))\" data-start=\"\(rfc3339(upper.earliest))\" data-end=\"\(rfc3339(upper.latest))\" data-count=\"\(upper.count)\" "
                        + "data-systolic-low=\"\(sLow)\" data-systolic-high=\"\(sHigh)\" data-diastolic-low=\"\(dLow)\" data-diastolic-high=\"\(dHigh)\">"
                        + "<td>\(slot(upper.earliest, upper.latest, time))</td><td>—</td>\(result)<td class=\"num\">\(upper.count)</td>"
                        + "<td class=\"num\">\(sLow) to \(sHigh)</td><td class=\"num\">\(dLow) to \(dHigh)</td></tr>\n"))
                }
            }
        }
        let done = finish(rows)
        html += done.html
        return (html, done.rows)
    }

    /// A category chart's bands: per value, each run of neighbouring slots holding the same results.
    static func bands(_ bins: TimeBins<BandBin>, type: CategoryType, time: ChartTime) -> (html: String, rows: Int) {
        var html = head(type.identifier, ["Value", "From (\(time.zoneName))", "To (\(time.zoneName))", "Results"])
        var rows: [Row] = []
        let sorted = bins.bins.sorted { $0.key < $1.key }
        for (lane, value) in ReportChartSVG.lanes(bins, type: type).enumerated() {
            var run: (first: Int64, last: Int64, mask: UInt8)?
            func close() {
                guard let run else { return }
                let from = run.first * bins.width, to = (run.last + 1) * bins.width
                let classes = ReadingClass.allCases.filter { run.mask & UInt8(1 << $0.rawValue) != 0 }
                let name = HTMLText.escape(ReportChartSVG.laneName(value, type: type))
                rows.append(Row(time: from, order: lane, html:
                    "<tr data-value=\"\(name)\" data-from=\"\(rfc3339(from))\" data-to=\"\(rfc3339(to))\" data-classes=\"\(classes.map(className).joined(separator: " "))\">"
                    + "<td>\(name)</td><td>\(time.tableLabel(from))</td><td>\(time.tableLabel(to))</td><td>\(classes.map(\.label).joined(separator: "; "))</td></tr>\n"))
            }
            for (index, bin) in sorted {
                guard let mask = bin.classes[value] else { close(); run = nil; continue }
                if let current = run, current.last == index - 1, current.mask == mask {
                    run = (current.first, index, mask)
                } else {
                    close()
                    run = (index, index, mask)
                }
            }
            close()
        }
        let done = finish(rows)
        html += done.html
        return (html, done.rows)
    }

    /// The workout chart's bars: weeks, minutes per result and in all.
    static func weeks(_ weeks: WeeklyDurations, time: ChartTime) -> (html: String, rows: Int) {
        let classes: [ReadingClass] = [.authentic, .altered, .notChecked, .unsigned]
        var html = head(Workout.typeIdentifier, ["Weeks from (\(time.zoneName))", "To"] + classes.map { "Minutes \($0.label)" } + ["Minutes in all"])
        var rows: [Row] = []
        for (index, minutes) in weeks.bars {
            let from = weeks.start(ofBar: index), to = weeks.start(ofBar: index + 1)
            let cells = classes.map { "<td class=\"num\">\(number(minutes[$0.rawValue]))</td>" }.joined()
            rows.append(Row(time: from, order: 0, html:
                "<tr data-from=\"\(rfc3339(from))\" data-to=\"\(rfc3339(to))\" data-minutes=\"\(number(minutes.reduce(0, +)))\">"
                + "<td>\(time.tableLabel(from))</td><td>\(time.tableLabel(to))</td>\(cells)<td class=\"num\">\(number(minutes.reduce(0, +)))</td></tr>\n"))
        }
        let done = finish(rows)
        html += done.html
        return (html, done.rows)
    }
}
