import Foundation
import HealthSamples
import SampleSigning

/// The HTML of the clinician report, from what ``ReportCollector`` kept. Self-contained: inline
/// CSS and SVG, no script, no URL, and a Content-Security-Policy that forbids loading anything.
/// Every text that comes from the input is escaped (``HTMLText``).
struct ReportPage {
    let title: String
    let collector: ReportCollector
    let input: ReportInputFacts
    let trustedKeys: [ReportInputFacts.TrustedKey]
    let checkedAt: String
    /// The selection asked for (`--type`, `--from`, `--to`, `--source`), if any.
    let filter: SampleFilter?
    /// Readings the selection left out.
    let leftOut: Int
    /// The CRLs the check used, one line each (docs/TRUST.md); empty without CRLs.
    var revocationLists: [String] = []
    /// The subjects of the TSAs trusted with `--tsa-trust`.
    var timeStampAuthorities: [String] = []
    /// Who the readings are about, as given on the command line.
    var patient: PatientIdentity? = nil

    /// `default-src 'none'` forbids every fetch (images, fonts, scripts, frames, connections);
    /// inline style elements are allowed, since the page's own CSS is one.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; font-src 'none'; base-uri 'none'; form-action 'none'"

    func write(to output: StagedOutput) throws(ToolError) {
        try output.write(head())
        try output.write(summary())
        try output.write("<section id=\"charts\"><h2>Readings over time</h2>\n")
        try output.write(chartsIntro())
        let axis = chartAxis()
        var tables: [(title: String, table: (html: String, rows: Int))] = []
        for key in collector.chartOrder {
            guard let chart = collector.charts[key] else { continue }
            // A chart none of whose readings could be drawn keeps its caption, which counts them.
            let table = axis.map { ChartDataTable.table(chart, time: $0.time) } ?? (html: "", rows: 0)
            if table.rows > 0 { tables.append((chart.title, table)) }
            try output.write(figure(chart, axis: axis, table: table))
        }
        try output.write("</section>\n")
        let workouts = WorkoutSection(log: collector.workouts, axis: axis)
        try output.write(workouts.html())
        if let table = workouts.dataTable() { tables.append(("Workout minutes per week", table)) }
        try output.write(devices())
        try output.write(problems())
        if let axis { try output.write(ChartDataTable.appendix(tables, axis: axis)) }
        try output.write("</body>\n</html>\n")
    }

    private func e(_ text: String) -> String { HTMLText.escape(text) }

    func head() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(e(title))</title>
        <style>
        \(ReportStyle.css)
        \(pageMargins())
        </style>
        </head>
        <body>
        <h1>\(e(title))</h1>
        \(patientLine())
        \(zoneLine())
        """
    }

    /// The patient under the title, said to be as given: no signature names a patient.
    func patientLine() -> String {
        guard let patient else { return "" }
        return "<p class=\"patient\" id=\"patient\"><strong>Patient:</strong> \(e(patient.summary)) "
            + "<span class=\"note\">(as given to healthsig report; no signature names a patient)</span></p>\n"
    }

    /// The zone the page's times are in and what chose it; readings signed in other zones are
    /// named, since their days and hours are counted in their own zone.
    func zoneLine() -> String {
        let zone = collector.pageZone
        let source = !collector.signedZones.isEmpty ? "the time zone signed with the readings, HKTimeZone"
            : collector.zoneGiven ? "given with --time-zone; no reading signs a time zone" : "no reading signs a time zone and no --time-zone was given"
        var html = "<p class=\"zone\" id=\"time-zone\"><strong>Times:</strong> \(e(zone.name)) <span class=\"note\">(\(e(source)))</span>"
        let others = collector.signedZones.dropFirst()
        if !others.isEmpty || collector.signedZonesNotUsed > 0 {
            var parts = others.map { "\($0.zone.name) (\(ReportWords.readings($0.readings)))" }
            if collector.signedZonesNotUsed > 0 {
                parts.append("\(ReportWords.readings(collector.signedZonesNotUsed)) with a signed zone not used (unknown, or past \(ReportCollector.Limits.signedZones) zones), in \(collector.optionZone.name)")
            }
            html += ". <span class=\"note\">Readings signed in other zones are dated, and their days counted, in their own: \(e(parts.joined(separator: ", "))).</span>"
        }
        return html + "</p>\n"
    }

    /// Every printed page names the report (and the patient) at its top and says which page of
    /// how many it is at its bottom: a loose page is never taken for another patient's.
    func pageMargins() -> String {
        let top = title + (patient.map { " — " + $0.summary } ?? "")
        return "@page { @top-left { content: \(Self.cssString(top)); font: 8pt system-ui, sans-serif; color: #555; } "
            + "@bottom-right { content: \"Page \" counter(page) \" of \" counter(pages); font: 8pt system-ui, sans-serif; color: #555; } }"
    }

    /// A CSS string holding `text` safely inside a style element: every character but ASCII
    /// letters, digits and spaces is a CSS hex escape, so no quote, backslash or `</style>` can
    /// end the string or the element; invisible characters are first made visible, as everywhere.
    static func cssString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if HTMLText.isInvisible(scalar) {
                for visible in HTMLText.visibleEscape(scalar).unicodeScalars { out += "\\" + String(visible.value, radix: 16) + " " }
            } else if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == " " {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return out + "\""
    }

    // MARK: Summary

    func count(_ kind: SampleVerdict.Kind) -> Int { collector.counts[kind, default: 0] }

    var notChecked: Int { count(.untrustedSigner) + count(.badSignature) + count(.malformed) + count(.revoked) }
    var signed: Int { count(.valid) + count(.contentMismatch) + notChecked }

    /// Batch-signed readings absent and batches without a valid signature, as
    /// `verify --require-complete` sees them.
    var absence: BatchAbsence { BatchAbsence(collector.totals ?? VerificationTotals()) }

    /// The headline: everything fine, or what needs attention. Never "all authentic" while a
    /// batch says readings are missing.
    func headline() -> (String, Bool) {
        let altered = count(.contentMismatch)
        let absence = absence
        if altered == 0 && notChecked == 0 && collector.unreadable == 0 && absence.isEmpty {
            if signed == 0 { return ("No signed readings were found: nothing in this file can be shown to be authentic.", true) }
            return ("All \(ReportWords.readings(signed)) that carry a signature are authentic: each was signed by a trusted device and has not been changed since.", false)
        }
        var parts: [String] = []
        if altered > 0 { parts.append("\(ReportWords.readings(altered)) \(altered == 1 ? "was" : "were") altered after signing") }
        if notChecked > 0 { parts.append("\(ReportWords.readings(notChecked)) could not be checked") }
        if collector.unreadable > 0 { parts.append("\(collector.unreadable) part(s) of the file could not be read") }
        if let sentence = absence.sentence { parts.append(sentence) }
        return ("Attention: " + parts.joined(separator: ", ") + ". Details under Problems below.", true)
    }

    func summary() -> String {
        let (headline, bad) = headline()
        var html = "<section id=\"summary\">\n<p class=\"lead\(bad ? " bad" : "")\" id=\"headline\">\(e(headline))</p>\n"
        html += visitSummary()
        html += "<h2>Summary</h2>\n<ul class=\"plain\" id=\"verdicts\">\n"
        html += "<li id=\"authentic\"><strong>\(ReportWords.readings(count(.valid))) authentic</strong>: the signature verifies with a trusted device key and the stored values are the ones the device signed.</li>\n"
        let altered = collector.problems.compactMap { problem -> String? in
            guard let entry = problem.entry, entry.verdict.kind == .contentMismatch else { return nil }
            return "\(ReportWords.typeName(entry.type)) of \(Self.signedStart(entry, zone: problem.zone))"
        }
        html += "<li id=\"altered\"><strong>\(ReportWords.readings(count(.contentMismatch))) altered after signing</strong>: the stored values differ from the signed ones"
            + (altered.isEmpty ? "" : " (" + e(altered.prefix(5).joined(separator: "; ")) + (altered.count > 5 ? "; …" : "") + ")") + ".</li>\n"
        html += "<li id=\"not-checked\"><strong>\(ReportWords.readings(notChecked)) could not be checked</strong>: "
            + "\(count(.untrustedSigner)) signed by an untrusted device key (not among the trusted keys, or its certificate was not valid at the time of the reading), "
            + "\(count(.malformed)) with a damaged signature, "
            + "\(count(.badSignature)) whose signature does not match (the signature or the data was damaged)"
            + (count(.revoked) > 0 ? ", \(count(.revoked)) signed by a device whose certificate is revoked" : "") + ".</li>\n"
        html += "<li id=\"unsigned\"><strong>\(ReportWords.readings(count(.unsigned))) unsigned</strong>: they carry no signature, so nothing shows which device recorded them or that they are unchanged.</li>\n"
        if collector.unreadable > 0 {
            html += "<li id=\"unreadable\"><strong>\(collector.unreadable) part(s) of the file could not be read</strong> as readings (listed under Problems).</li>\n"
        }
        let absence = absence
        html += "<li id=\"absent\"><strong>\(ReportWords.readings(absence.absentReadings)) absent</strong>: signed in a batch (one signature over many readings) but not in the file"
            + (absence.batchesWithoutValidSignature > 0
                ? "; \(absence.batchesWithoutValidSignature) batch(es) without a valid signature, whose absent readings cannot be counted" : "")
            + " (listed under Problems).</li>\n"
        if collector.alteredNotDrawn > 0 {
            html += "<li id=\"altered-not-drawn\">\(ReportWords.readings(collector.alteredNotDrawn)) altered after signing carry no signed value that can be shown (listed under Problems): they are not drawn, since their stored values are not the measurement.</li>\n"
        }
        html += "</ul>\n<dl class=\"facts\">\n"
        let period: String
        if let start = collector.periodStart, let end = collector.periodEnd {
            period = "\(collector.pageZone.rfc3339(start)) to \(collector.pageZone.rfc3339(end))"
        } else {
            period = "no dated readings"
        }
        html += "<dt>Period covered</dt><dd>\(e(period))</dd>\n"
        if let filter, !filter.isEmpty {
            html += "<dt>Readings asked for</dt><dd id=\"selection\">\(e(filter.summary)); \(ReportWords.readings(leftOut)) left out</dd>\n"
        }
        html += "<dt>Input file</dt><dd>\(e(input.name))</dd>\n"
        html += "<dt>Size</dt><dd>\(input.size.map { "\(Self.grouped($0)) bytes" } ?? "not known (read from a pipe)")</dd>\n"
        html += "<dt>SHA-256</dt><dd><span class=\"mono\">\(input.sha256 ?? "not computed (the input was not a regular file)")</span></dd>\n"
        html += "<dt>Trusted keys</dt><dd><ul class=\"plain\">"
        for key in trustedKeys {
            html += "<li><span class=\"mono\">\(e(key.keyIdentifier))</span>"
            if let subject = key.subject { html += " — certificate \(e(subject))" }
            if let notBefore = key.notBefore, let notAfter = key.notAfter {
                html += ", valid \(ReportTime.rfc3339(notBefore)) to \(ReportTime.rfc3339(notAfter))"
            }
            html += "</li>"
        }
        html += "</ul></dd>\n"
        if !revocationLists.isEmpty {
            html += "<dt>Revocation lists</dt><dd><ul class=\"plain\" id=\"revocation-lists\">"
                + revocationLists.map { "<li>\(e($0))</li>" }.joined() + "</ul></dd>\n"
        }
        if !timeStampAuthorities.isEmpty || collector.trustedTimestamps + collector.failedTimestamps > 0 {
            let trusted = timeStampAuthorities.isEmpty ? "no TSA trusted" : "TSAs trusted: " + timeStampAuthorities.joined(separator: "; ")
            html += "<dt>Trusted time</dt><dd id=\"trusted-time\">\(e(trusted)); readings with a trusted RFC 3161 "
                + "timestamp: \(collector.trustedTimestamps), with a timestamp that proves nothing: \(collector.failedTimestamps)</dd>\n"
        }
        html += "<dt>Checked by</dt><dd>healthsig \(ToolVersion.current)</dd>\n<dt>Time of check</dt><dd>\(checkedAt)</dd>\n</dl>\n</section>\n"
        return html
    }

    // MARK: Visit summary

    /// The figures clinicians use in a visit, each with its threshold and the readings it is
    /// computed from (authentic ones only, altered ones at their signed values), then every
    /// altered reading as signed → stored in clinical words.
    func visitSummary() -> String {
        let figures = collector.figures
        var rows: [(String, String, String, String, String)] = []
        let home = figures.homePressure
        if home.days > 0 {
            let value = home.systolicMean.flatMap { s in home.diastolicMean.map { "mean \(Self.fixed(s, 1))/\(Self.fixed($0, 1)) mmHg" } }
                ?? "no mean: readings on one day only"
            rows.append(("bp", "Home blood pressure", value, "135/85 mmHg (home)",
                         "\(ReportWords.readings(home.readings)) on \(home.days - 1) day(s) after the first (its \(home.firstDayReadings) left out)"
                            + (home.shareAtOrAbove135_85.map { "; \(Self.percent($0)) at or above 135/85" } ?? "")))
        }
        if figures.glucoseReadings > 0, let mean = figures.glucoseMean {
            let n = Double(figures.glucoseReadings)
            let bands = figures.glucoseBands.map { Self.percent(Double($0) / n) }
            rows.append(("glucose", "Glucose", "mean \(Self.fixed(mean, 1)) mg/dL" + (figures.glucoseSD.map { ", SD \(Self.fixed($0, 1)), CV \(Self.percent($0 / mean))" } ?? ""),
                         "70–180 mg/dL (3.9–10.0 mmol/L)",
                         "\(ReportWords.readings(figures.glucoseReadings)): \(bands[2]) in range, \(bands[1]) below 70 (\(bands[0]) below 54), \(bands[3]) above 180 (\(bands[4]) above 250)"))
        }
        if home.morning.readings > 0 || home.evening.readings > 0 {
            func mean(_ part: ClinicalFigures.Means) -> String {
                part.readings > 0 ? "\(Self.fixed(part.systolic / Double(part.readings), 1))/\(Self.fixed(part.diastolic / Double(part.readings), 1))" : "—"
            }
            rows.append(("bp-times", "Home blood pressure, morning / evening", "\(mean(home.morning)) / \(mean(home.evening)) mmHg", "135/85 mmHg (home)",
                         "\(ReportWords.readings(home.morning.readings)) 04:00–12:00, \(ReportWords.readings(home.evening.readings)) 18:00–24:00 local time, days after the first"))
        }
        if figures.glucoseReadings > 0 {
            func mean(_ part: ClinicalFigures.DayOfGlucose) -> String {
                ClinicalFigures.mean(part).map { "\(Self.fixed($0, 1)) mg/dL" } ?? "—"
            }
            rows.append(("glucose-meals", "Glucose, fasting / after a meal", "\(mean(figures.fasting)) / \(mean(figures.postMeal))",
                         "80–130 mg/dL fasting, below 180 mg/dL after a meal",
                         "\(ReportWords.readings(figures.fasting.readings)) before and \(ReportWords.readings(figures.postMeal.readings)) after a meal, as signed (meal time)"))
            let monitoring = figures.continuousMonitoring
            rows.append(("gmi", "Glucose management indicator (GMI)",
                         monitoring.gmi.map { "\(Self.fixed($0, 1)) %" } ?? "not computed — needs ≥ \(ClinicalFigures.gmiDays) days of continuous monitoring",
                         "7.0 %", "\(monitoring.days) day(s) of continuous monitoring (≥ \(ClinicalFigures.continuousReadingsPerDay) readings a day)"
                            + (monitoring.gmi == nil ? "" : ", \(ReportWords.readings(monitoring.readings))")))
        }
        if let minimum = figures.spo2Minimum {
            rows.append(("spo2", "Oxygen saturation (SpO2)", "lowest \(Self.fixed(minimum, 1)) %", "92 %",
                         "\(ReportWords.readings(figures.spo2Readings)); \(figures.spo2Below92) below 92 %"))
        }
        if let maximum = figures.temperatureMaximum {
            rows.append(("temperature", "Body temperature", "highest \(Self.fixed(maximum, 1)) °C", "38.0 °C",
                         "\(ReportWords.readings(figures.temperatureReadings)); \(figures.temperatureAtOrAbove38) at or above 38.0 °C"))
        }
        if figures.weightReadings > 0, let first = figures.firstWeight, let last = figures.lastWeight {
            let change = figures.weightChange
            rows.append(("weight", "Weight change", change.map { String(format: "%+.1f kg (%+.1f %%)", $0.kilograms, $0.percent) } ?? "one reading only",
                         "±5 % of the first weight",
                         "\(ReportWords.readings(figures.weightReadings)): \(Self.fixed(first.kilograms, 1)) kg on \(collector.pageZone.rfc3339(first.date)) → \(Self.fixed(last.kilograms, 1)) kg on \(collector.pageZone.rfc3339(last.date))"))
        }
        let period = collector.periodStart.flatMap { start in collector.periodEnd.map { (start: start, end: $0) } }
        if let activity = figures.activity(over: period) {
            rows.append(("workouts", "Workout minutes per week", "\(Self.fixed(activity.minutesPerWeek, 0)) min", "150 min a week",
                         "\(figures.workouts) workout(s), \(Self.fixed(figures.workoutMinutes, 0)) min over \(Self.fixed(activity.weeks, 1)) week(s) of the period"))
        }
        var html = "<h2 id=\"visit-summary\">Visit summary</h2>\n"
        if rows.isEmpty {
            html += "<p>No authentic blood pressure, glucose, SpO2, temperature, weight or workout readings.</p>\n"
        } else {
            html += "<table class=\"figures\"><thead><tr><th>Measure</th><th>Value</th><th>Threshold</th><th>Computed from</th></tr></thead><tbody>\n"
            for (id, name, value, threshold, basis) in rows {
                html += "<tr id=\"figure-\(id)\"><td>\(e(name))</td><td><strong>\(e(value))</strong></td><td>\(e(threshold))</td><td>\(e(basis))</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        html += "<p class=\"note\" id=\"figures-basis\">Computed from authentic readings only (altered readings at the values their device signed); "
            + "\(ReportWords.readings(figures.excludedUnverified)) that could not be verified (unsigned, not checkable, or altered with no signed value) left out. "
            + "Days and hours are local: each reading's signed time zone, else \(e(collector.optionZone.name)).</p>\n"
        let altered = collector.problems.compactMap { problem -> String? in
            guard let entry = problem.entry, entry.verdict.kind == .contentMismatch, !entry.verdict.mismatches.isEmpty else { return nil }
            let record = entry.verdict.record
            let changes = entry.verdict.mismatches.map { mismatch in
                let type = ClinicalUnits.fieldType(mismatch.field, readingType: entry.type, record: record)
                return "\(TableCellText.field(mismatch.field, record: record)) "
                    + Self.change(ClinicalUnits.value(mismatch.signed, type: type), ClinicalUnits.value(mismatch.stored, type: type))
            }
            return "\(ReportWords.typeName(entry.type)) of \(Self.signedStart(entry, zone: problem.zone)): " + changes.joined(separator: ", ")
        }
        if !altered.isEmpty {
            html += "<p id=\"altered-in-summary\"><strong>Altered after signing</strong> (signed → stored; the signed value is the measurement):</p>\n<ul class=\"plain\">\n"
            for line in altered.prefix(20) { html += "<li>\(e(line))</li>\n" }
            if altered.count > 20 { html += "<li>… \(altered.count - 20) more under Problems</li>\n" }
            html += "</ul>\n"
        }
        return html
    }

    /// `182 → 132 mmHg`: signed → stored, the unit written once when both share it.
    static func change(_ signed: String, _ stored: String) -> String {
        if let space = signed.lastIndex(of: " "), signed.first?.isNumber == true || signed.first == "-" {
            let unit = signed[space...]
            if stored.hasSuffix(unit), stored.first?.isNumber == true || stored.first == "-" {
                return "\(signed[..<space]) → \(stored.dropLast(unit.count))\(unit)"
            }
        }
        return "\(signed) → \(stored)"
    }

    /// `131.5`: `places` decimals, `.` as separator.
    static func fixed(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    /// `33 %`: a share as a whole percentage.
    static func percent(_ share: Double) -> String {
        String(format: "%.0f", share * 100) + " %"
    }

    // MARK: Charts

    func chartsIntro() -> String {
        guard !collector.chartOrder.isEmpty else { return "<p>No readings to draw.</p>\n" }
        return "<p class=\"note\">Each mark is a reading; its shape and colour say what the check found. "
            + "Where readings are too many to draw one by one, each column of the chart summarises the readings of its time slot: "
            + "a line from the lowest to the highest value, with a mark at each end, per kind of result, and a badge ×N says how many readings it holds. "
            + "All charts share one time axis (\(e(ChartTime(zone: collector.pageZone.zone).zoneName))). A reading taken in the evening (18:00–24:00) has a dot in the centre of its mark; shaded bands and dashed lines are the targets and thresholds of the visit summary. "
            + "Under each chart, its data table lists exactly what it draws. "
            + "A reading altered after signing is drawn at the value its device signed, which is the measurement; "
            + "the stored (altered) value is never drawn and is listed beside the signed one under Problems.</p>\n"
            + ReportChartSVG.legend() + "\n"
    }

    /// The one time axis of every chart on the page, the workout chart's included.
    func chartAxis() -> ChartTimeAxis? {
        let spans = collector.chartOrder.compactMap { collector.charts[$0]?.timeSpan } + [collector.workouts.weeks.span].compactMap { $0 }
        // The page's zone, as the header and the figures use: midnights, date ticks, the data
        // tables' times and the evening marks are local, so a day that changes its offset is 23 or 25 hours wide.
        return ChartTimeAxis.covering(spans, time: ChartTime(zone: collector.pageZone.zone))
    }

    func figure(_ chart: ReportChart, axis: ChartTimeAxis?, table: (html: String, rows: Int)) -> String {
        var parts: [String] = []
        for readingClass in [ReadingClass.authentic, .altered, .notChecked, .unsigned] where chart.counts[readingClass.rawValue] > 0 {
            parts.append("\(chart.counts[readingClass.rawValue]) \(readingClass.label)")
        }
        let total = chart.counts.reduce(0, +)
        var caption = "\(chart.title): \(ReportWords.readings(total)) (\(parts.joined(separator: ", ")))"
        if chart.notDrawn > 0 { caption += "; \(chart.notDrawn) not drawn (unit not convertible)" }
        return "<figure class=\"chart\" data-type=\"\(e(chart.typeIdentifier))\"><figcaption>\(e(caption))</figcaption>\n"
            + (axis.map { ReportChartSVG.render(chart, axis: $0) + "\n" } ?? "") + (table.rows > 0 ? ChartDataTable.details(table) : "") + "</figure>\n"
    }

    // MARK: Devices

    func devices() -> String {
        var html = "<section id=\"devices\"><h2>Devices and signers</h2>\n<table class=\"devices\">\n<thead><tr><th>Device</th><th>Manufacturer</th><th>Model</th><th>Firmware</th>"
            + "<th class=\"num\">Authentic</th><th class=\"num\">Altered</th><th class=\"num\">Not checked</th><th class=\"num\">Unsigned</th><th>Signed by key</th></tr></thead>\n<tbody>\n"
        for key in collector.deviceOrder {
            guard let row = collector.devices[key] else { continue }
            let c = row.counts
            let notChecked = c[.untrustedSigner, default: 0] + c[.badSignature, default: 0] + c[.malformed, default: 0] + c[.revoked, default: 0]
            let label = row.unsignedContext
                ? "<br><span class=\"note\">unsigned context: stored with authentic readings, not covered by their signature</span>" : ""
            html += "<tr><td>\(e(row.device?.name ?? (row.device == nil ? "(no device named)" : "—")))\(label)</td><td>\(e(row.device?.manufacturer ?? "—"))</td>"
                + "<td>\(e(row.device?.model ?? "—"))</td><td>\(e(row.device?.firmwareVersion ?? "—"))</td>"
                + "<td class=\"num\">\(c[.valid, default: 0])</td><td class=\"num\">\(c[.contentMismatch, default: 0])</td>"
                + "<td class=\"num\">\(notChecked)</td><td class=\"num\">\(c[.unsigned, default: 0])</td>"
                + "<td class=\"mono\">\(row.signers.isEmpty ? "—" : row.signers.map(e).joined(separator: "<br>"))</td></tr>\n"
        }
        html += "</tbody></table>\n"
        if collector.devicesNotListed > 0 {
            html += "<p class=\"note\">\(ReportWords.readings(collector.devicesNotListed)) from further devices are counted above but their devices are not listed (more than \(ReportCollector.Limits.devices) devices).</p>\n"
        }
        return html + "</section>\n"
    }

    // MARK: Problems

    func problems() -> String {
        var html = "<section id=\"problems\"><h2>Problems</h2>\n"
        let altered = collector.problems.filter { $0.entry?.verdict.kind == .contentMismatch }
        let unchecked = collector.problems.filter { $0.entry.map { $0.verdict.kind != .contentMismatch } ?? false }
        let unreadable = collector.problems.filter { $0.entry == nil }
        html += "<h3 id=\"altered-readings\">Altered after signing (\(count(.contentMismatch)))</h3>\n"
        if altered.isEmpty {
            html += "<p>None.</p>\n"
        } else {
            html += "<table><thead><tr><th>#</th><th>Line</th><th>Reading</th><th>Date (as signed)</th><th>Device (as stored)</th><th>Field</th><th>Signed value</th><th>Stored value</th></tr></thead><tbody>\n"
            for problem in altered {
                guard let entry = problem.entry else { continue }
                let mismatches = entry.verdict.mismatches.isEmpty
                    ? [FieldMismatch(field: "—", signed: "—", stored: entry.verdict.reason)] : entry.verdict.mismatches
                let start = Self.signedStart(entry, zone: problem.zone)
                for mismatch in mismatches {
                    html += "<tr><td class=\"num\">\(entry.position)</td><td class=\"num\">\(entry.line.map(String.init) ?? "—")</td>"
                        + "<td>\(e(ReportWords.typeName(entry.type)))</td><td>\(e(start))</td><td>\(e(problem.device ?? "—"))</td>"
                        + Self.alteredFieldCells(mismatch, entry: entry) + "</tr>\n"
                }
                if !problem.unsignedContext.isEmpty {
                    // Stored beside the reading, not covered by its signature: never read as signed.
                    html += "<tr class=\"unsigned-context\"><td class=\"num\">\(entry.position)</td><td colspan=\"7\" class=\"note\">"
                        + "unsigned context (not covered by the signature): \(problem.unsignedContext.map(e).joined(separator: ", "))</td></tr>\n"
                }
            }
            html += "</tbody></table>\n"
        }
        html += "<h3 id=\"unchecked-readings\">Could not be checked (\(notChecked))</h3>\n"
        if unchecked.isEmpty {
            html += "<p>None.</p>\n"
        } else {
            html += "<table><thead><tr><th>#</th><th>Line</th><th>Reading</th><th>Date (as stored)</th><th>Device (as stored)</th><th>Why</th><th>Details</th></tr></thead><tbody>\n"
            for problem in unchecked {
                guard let entry = problem.entry else { continue }
                html += "<tr><td class=\"num\">\(entry.position)</td><td class=\"num\">\(entry.line.map(String.init) ?? "—")</td>"
                    + "<td>\(e(ReportWords.typeName(entry.type)))</td><td>\(e(entry.startDate))</td><td>\(e(problem.device ?? "—"))</td>"
                    + "<td>\(e(ReportWords.verdict(entry.verdict.kind)))</td><td>\(e(entry.verdict.reason))"
                    + (entry.verdict.signer.map { " (key <span class=\"mono\">\(e($0.keyIdentifier))</span>)" } ?? "") + "</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        if !unreadable.isEmpty {
            html += "<h3 id=\"unreadable-input\">Could not be read (\(collector.unreadable))</h3>\n<table><thead><tr><th>Line</th><th>Why</th></tr></thead><tbody>\n"
            for problem in unreadable {
                html += "<tr><td class=\"num\">\(problem.unreadableLine.map(String.init) ?? "whole file")</td><td>\(e(problem.reason))</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        let incomplete = absence.batches
        html += "<h3 id=\"incomplete-batches\">Batches with readings absent or without a valid signature (\(incomplete.count))</h3>\n"
        if incomplete.isEmpty {
            html += "<p>None.</p>\n"
        } else {
            html += "<ul class=\"plain\">\n"
            for batch in incomplete.prefix(ReportCollector.Limits.problems) {
                html += "<li><span class=\"mono\">\(e(BatchStatusText.line(batch)))</span></li>\n"
            }
            html += "</ul>\n"
            if incomplete.count > ReportCollector.Limits.problems {
                html += "<p class=\"note\">\(incomplete.count - ReportCollector.Limits.problems) further batch(es) are counted above but not listed; `healthsig verify` lists every one.</p>\n"
            }
        }
        if collector.problemsNotListed > 0 {
            html += "<p class=\"note\" id=\"problems-not-listed\">\(collector.problemsNotListed) further problem(s) are counted above but not listed (the report lists the first \(ReportCollector.Limits.problems)); `healthsig verify --format ndjson` lists every one.</p>\n"
        }
        html += "<h3 id=\"unsigned-readings\">Unsigned readings (\(count(.unsigned)))</h3>\n"
        if collector.unsignedEnteredByHand > 0 {
            html += "<p id=\"entered-by-hand\"><strong>Entered by hand (unsigned): \(Self.grouped(collector.unsignedEnteredByHand))</strong>"
                + " — marked as typed in by a person (HKWasUserEntered), not measured by a device; no device signs such a reading.</p>\n"
        }
        if collector.unsignedGroupOrder.isEmpty {
            html += "<p>None.</p>\n"
        } else {
            html += "<table><thead><tr><th>Reading</th><th>Source</th><th class=\"num\">Count</th><th>First</th><th>Last</th></tr></thead><tbody>\n"
            for (type, source, enteredByHand) in collector.unsignedGroupOrder {
                guard let group = collector.unsignedGroup(type: type, source: source, enteredByHand: enteredByHand) else { continue }
                let byHand = enteredByHand ? "<br><span class=\"note\">entered by hand (unsigned)</span>" : ""
                html += "<tr\(enteredByHand ? " class=\"entered-by-hand\"" : "")><td>\(e(ReportWords.typeName(type)))\(byHand)</td><td>\(e(source))</td><td class=\"num\">\(Self.grouped(group.count))</td>"
                    + "<td>\(e(group.first?.rfc3339String ?? "—"))</td><td>\(e(group.last?.rfc3339String ?? "—"))</td></tr>\n"
            }
            html += "</tbody></table>\n"
            if collector.unsignedNotGrouped > 0 {
                html += "<p class=\"note\">\(ReportWords.readings(collector.unsignedNotGrouped)) of further types and sources are counted but not listed.</p>\n"
            }
        }
        html += "<h3 id=\"unsigned-context\">Unsigned context: stored with signed readings, not covered by their signature (\(ReportWords.readings(collector.readingsWithUnsignedContext)))</h3>\n"
        if collector.contextGroupOrder.isEmpty {
            html += "<p>None.</p>\n"
        } else {
            html += "<p class=\"note\">These stored details (a meal time, a sensor location, a phone's sync identifier) are not part of what the device signed: "
                + "they may have been added or changed later, and nothing here vouches for them.</p>\n"
            html += "<table><thead><tr><th>Reading</th><th>Stored detail (unsigned)</th><th class=\"num\">Readings</th></tr></thead><tbody>\n"
            for (type, key) in collector.contextGroupOrder {
                html += "<tr><td>\(e(ReportWords.typeName(type)))</td><td>\(e(key))</td><td class=\"num\">\(Self.grouped(collector.contextCount(type: type, key: key)))</td></tr>\n"
            }
            html += "</tbody></table>\n"
            if collector.contextNotGrouped > 0 {
                html += "<p class=\"note\">\(collector.contextNotGrouped) unsigned detail(s) of further types and keys are not listed (more than \(ReportCollector.Limits.contextGroups) type and key pairs).</p>\n"
            }
        }
        return html + "</section>\n"
    }

    /// An altered field in clinical words: `systolic`, `182 mmHg`, `91 %` (HealthKit's fraction
    /// as a percentage), `72 bpm`, with the field's path kept beside the words for whoever
    /// checks the record.
    static func alteredFieldCells(_ mismatch: FieldMismatch, entry: VerificationEntry) -> String {
        let record = entry.verdict.record
        let type = ClinicalUnits.fieldType(mismatch.field, readingType: entry.type, record: record)
        let words = mismatch.field == "—" ? "—" : TableCellText.field(mismatch.field, record: record)
        let path = words == mismatch.field || mismatch.field == "—" ? "" : " <span class=\"note mono\">(\(HTMLText.escape(mismatch.field)))</span>"
        return "<td>\(HTMLText.escape(words))\(path)</td><td>\(HTMLText.escape(ClinicalUnits.value(mismatch.signed, type: type)))</td>"
            + "<td>\(HTMLText.escape(ClinicalUnits.value(mismatch.stored, type: type)))</td>"
    }

    /// An altered reading's start as its device signed it (the stored one may be what was
    /// altered); the stored start when no signed record is known.
    static func signedStart(_ entry: VerificationEntry, zone: ReportZone = .utc) -> String {
        entry.verdict.record.map { zone.rfc3339($0.startDate) } ?? entry.startDate
    }

    /// `1 234 567`: thousands grouped with thin spaces, the same in every locale.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "\u{2009}" }
            out.append(digit)
        }
        return out
    }
}
