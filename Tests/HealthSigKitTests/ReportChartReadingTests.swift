import CMS
import Foundation
@testable import HealthSigKit
import HealthSamples
import SampleSigning
import Testing

/// Charts a clinician reads: one time axis with date ticks across the report, round value ticks,
/// the reference bands and thresholds, morning and evening told apart by shape, repeated readings
/// kept visible, and a data table of exactly what each chart draws (collapsed under the chart,
/// printed in an appendix), which is how these tests read what was drawn.
@Suite("Report charts and their data tables")
struct ReportChartReadingTests {
    typealias Fixture = VerifyRunTests.Fixture

    static func pressure(_ systolic: Int, _ diastolic: Int, at time: String) -> String {
        let member = { (kind: String, value: Int) in
            "{\"type\":\"HKQuantityTypeIdentifierBloodPressure\(kind)\",\"value\":\(value),\"unit\":\"mmHg\",\"startDate\":\"\(time)\",\"endDate\":\"\(time)\"}"
        }
        return "{\"type\":\"HKCorrelationTypeIdentifierBloodPressure\",\"startDate\":\"\(time)\",\"endDate\":\"\(time)\",\"objects\":["
            + member("Systolic", systolic) + "," + member("Diastolic", diastolic) + "],\"device\":{\"name\":\"Cuff\"}}"
    }

    static func quantity(_ type: String, _ value: String, _ unit: String, at time: String) -> String {
        "{\"type\":\"HKQuantityTypeIdentifier\(type)\",\"value\":\(value),\"unit\":\"\(unit)\",\"startDate\":\"\(time)\",\"endDate\":\"\(time)\",\"device\":{\"name\":\"Meter\"}}"
    }

    /// Two morning readings a minute apart with the same values, an evening one, a morning one the
    /// next day signed as 182/106 and stored as 132/84, a glucose, an SpO2 and a temperature.
    static let lines = [
        pressure(150, 95, at: "2026-11-03T07:00:00Z"), pressure(150, 95, at: "2026-11-03T07:01:00Z"),
        pressure(140, 88, at: "2026-11-03T21:00:00Z"), pressure(182, 106, at: "2026-11-04T07:00:00Z"),
        quantity("BloodGlucose", "230", "mg/dL", at: "2026-11-05T13:00:00Z"),
        quantity("OxygenSaturation", "0.91", "%", at: "2026-11-05T08:00:00Z"),
        quantity("BodyTemperature", "37.2", "degC", at: "2026-11-05T08:05:00Z"),
    ]

    /// The report of ``lines``, signed, with the 182/106 reading stored as 132/84.
    static func report() throws -> String {
        let fixture = try Fixture()
        let input = try fixture.write("readings.jsonl", lines.joined(separator: "\n") + "\n")
        let signedPath = fixture.path("signed.jsonl")
        let result = try SignRun.run(inputPath: input, outputPath: signedPath, keyPath: fixture.privateKeyPath,
                                         passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        #expect(result.signed == lines.count)
        let signed = try String(contentsOfFile: signedPath, encoding: .utf8)
        let altered = signed.replacingOccurrences(of: "\"value\":182,", with: "\"value\":132,").replacingOccurrences(of: "\"value\":106,", with: "\"value\":84,")
        #expect(altered != signed)
        let tampered = try fixture.write("tampered.jsonl", altered)
        let output = fixture.path("report.html")
        try ClinicianReport.run(inputPath: tampered, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1, outputPath: output)
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    /// The figure of a chart, by type.
    static func figure(_ html: String, _ type: String) throws -> String {
        let start = try #require(html.range(of: "<figure class=\"chart\" data-type=\"\(type)\""))
        return String(html[start.lowerBound...]).components(separatedBy: "</figure>")[0]
    }

    /// The rows of every data table of a type, as attribute dictionaries, per table.
    static func tables(_ html: String, _ type: String) -> [[[String: String]]] {
        html.components(separatedBy: "<table class=\"chart-data\" data-type=\"\(type)\">").dropFirst().map { table in
            let body = table.components(separatedBy: "</table>")[0]
            return body.components(separatedBy: "<tr ").dropFirst().map { row in
                let tag = row.components(separatedBy: ">")[0]
                var attributes: [String: String] = [:]
                let regex = try? NSRegularExpression(pattern: #"([a-z-]+)="([^"]*)""#)
                for match in regex?.matches(in: tag, range: NSRange(tag.startIndex..., in: tag)) ?? [] {
                    if let name = Range(match.range(at: 1), in: tag), let value = Range(match.range(at: 2), in: tag) {
                        attributes[String(tag[name])] = String(tag[value])
                    }
                }
                return attributes
            }
        }
    }

    static func matches(_ text: String, _ pattern: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test("each chart's data table lists every reading it draws, the altered one at its signed value and nowhere at its stored one")
    func dataTableListsWhatIsDrawn() throws {
        let html = try Self.report()
        let copies = Self.tables(html, "HKCorrelationTypeIdentifierBloodPressure")
        #expect(copies.count == 2)
        let rows = try #require(copies.first)
        let listed = rows.map { "\($0["data-start"] ?? "") \($0["data-class"] ?? "") \($0["data-systolic"] ?? "")/\($0["data-diastolic"] ?? "")" }
        #expect(listed == ["2026-11-03T07:00:00Z authentic 150/95", "2026-11-03T07:01:00Z authentic 150/95",
                           "2026-11-03T21:00:00Z authentic 140/88", "2026-11-04T07:00:00Z altered 182/106"])
        #expect(!html.contains("data-systolic=\"132\"") && !html.contains("data-diastolic=\"84\""))
        let spo2 = try #require(Self.tables(html, "HKQuantityTypeIdentifierOxygenSaturation").first)
        #expect(spo2.map { $0["data-value"] } == ["91"])
        let glucose = try #require(Self.tables(html, "HKQuantityTypeIdentifierBloodGlucose").first)
        #expect(glucose.map { $0["data-value"] } == ["230"])
        #expect(html.contains("<td>2026-11-03 21:00</td><td>evening (18–24)</td><td>authentic (signature verified)</td><td class=\"num\">1</td><td class=\"num\">140</td><td class=\"num\">88</td>"))
    }

    @Test("on screen each table is collapsed under its chart; printed, the same tables are an appendix at the end")
    func tablesCollapsedOnScreenAndPrintedInAnAppendix() throws {
        let html = try Self.report()
        let figure = try Self.figure(html, "HKCorrelationTypeIdentifierBloodPressure")
        #expect(figure.contains("<details class=\"chart-data\"><summary>Data table: what this chart draws (4 rows)</summary>"))
        let appendix = try #require(html.components(separatedBy: "<section id=\"chart-data\" class=\"appendix\">").last)
        #expect(appendix.contains("<h2>Appendix: what the charts draw</h2>"))
        let appendixStart = try #require(html.range(of: "<section id=\"chart-data\"")), problemsStart = try #require(html.range(of: "<section id=\"problems\""))
        #expect(html.hasSuffix("</section>\n</body>\n</html>\n") && appendixStart.lowerBound > problemsStart.lowerBound)
        for type in ["HKCorrelationTypeIdentifierBloodPressure", "HKQuantityTypeIdentifierBloodGlucose", "HKQuantityTypeIdentifierBodyTemperature"] {
            let copies = Self.tables(html, type)
            #expect(copies.count == 2 && copies[0] == copies[1], "\(type)")
        }
        #expect(ReportStyle.css.contains("section.appendix { display: none; }"))
        let print = try #require(ReportStyle.css.components(separatedBy: "@media print").last)
        #expect(print.contains("details.chart-data { display: none; }") && print.contains("section.appendix { display: block; }"))
    }

    @Test("readings a minute apart with the same values are drawn side by side, not one over the other")
    func repeatedReadingsStayVisible() throws {
        let figure = try Self.figure(try Self.report(), "HKCorrelationTypeIdentifierBloodPressure")
        let xs = Self.matches(figure, ##"<circle cx="([0-9.]+)" cy="[0-9.]+" r="3.2" fill="#0072B2"/>"##).compactMap(Double.init)
        // Three authentic readings, a mark at each end: three places, the two of 07:00 and 07:01 apart.
        let places = Set(xs).sorted()
        #expect(places.count == 3, "\(xs)")
        #expect(places.count == 3 && places[1] - places[0] >= ReportChartSVG.closeness - 0.01)
    }

    @Test("more than four readings in one place are a line from lowest to highest with a count badge, tabled as their count and range")
    func manyReadingsInOnePlaceAreCounted() throws {
        var bins = TimeBins<ValueBin>()
        for second in 0..<6 {
            // Six readings within one minute: one bin of the chart's summary.
            let time = Int64(1_793_000_000 - 1_793_000_000 % 60 + second * 5)
            bins.update(from: time, to: time) { $0.ranges[ReadingClass.authentic.rawValue].add(Double(70 + second), at: time) }
        }
        let axis = try #require(ChartTimeAxis.covering([(1_793_000_000, 1_793_000_050)]))
        let svg = ReportChartSVG.values(bins, unit: .countPerMinute, title: "Heart rate", type: "HKQuantityTypeIdentifierHeartRate", axis: axis)
        #expect(svg.contains(">×6</text>"))
        let table = ChartDataTable.values(bins, unit: "bpm", type: "HKQuantityTypeIdentifierHeartRate", time: .utc)
        #expect(table.rows == 1)
        #expect(table.html.contains("data-count=\"6\" data-low=\"70\" data-high=\"75\""))
        #expect(table.html.contains("<td class=\"num\">70 to 75 (lowest to highest)</td>"))
        // Four readings are still kept one by one.
        var few = ValueRange()
        for index in 0..<4 { few.add(Double(index), at: Int64(index)) }
        #expect(few.readings?.count == 4)
        few.add(9, at: 9)
        #expect(few.readings == nil && few.count == 5 && few.low == 0 && few.high == 9)
    }

    @Test("an evening reading's mark carries a centre dot, a morning one none, and the legend says so")
    func eveningAndMorningDifferInShape() throws {
        let html = try Self.report()
        let figure = try Self.figure(html, "HKCorrelationTypeIdentifierBloodPressure")
        // The 21:00 reading: a dot in its systolic and its diastolic mark; the three morning ones none.
        #expect(figure.components(separatedBy: "class=\"evening\"").count - 1 == 2)
        #expect(html.contains("evening (18–24): centre dot</text>"))
        #expect(ChartTime.utc.dayPart(1_793_000_000 - 1_793_000_000 % 86_400 + 4 * 3_600) == .morning)
        #expect(ChartTime.utc.dayPart(1_793_000_000 - 1_793_000_000 % 86_400 + 18 * 3_600) == .evening)
        #expect(ChartTime.utc.dayPart(1_793_000_000 - 1_793_000_000 % 86_400 + 12 * 3_600) == .afternoon)
    }

    @Test("every chart of a report shares one time axis with date ticks")
    func chartsShareOneTimeAxis() throws {
        let html = try Self.report()
        var axes: [[String]] = []
        for type in ["HKCorrelationTypeIdentifierBloodPressure", "HKQuantityTypeIdentifierBloodGlucose", "HKQuantityTypeIdentifierOxygenSaturation"] {
            let figure = try Self.figure(html, type)
            axes.append(Self.matches(figure, #"class="tick date">([^<]*)</text>"#) + Self.matches(figure, #"class="tick">([0-9-]+ to [0-9-]+ \(UTC\))</text>"#))
        }
        #expect(axes[0] == ["3 Nov", "4 Nov", "5 Nov", "6 Nov", "2026-11-03 to 2026-11-06 (UTC)"], "\(axes)")
        #expect(axes.allSatisfy { $0 == axes[0] })
    }

    @Test("value ticks are round steps of 1, 2 or 5 times a power of ten covering the range")
    func valueTicksAreRound() {
        for (low, high) in [(78.0, 182.0), (36.4, 38.6), (0.0, 150.0), (3.9, 13.2), (91.0, 97.0), (94.6, 96.3), (5.0, 5.0)] {
            let ticks = ValueTicks(covering: low, high)
            let exponent = floor(log10(ticks.step))
            let mantissa = (ticks.step / pow(10, exponent) * 1000).rounded() / 1000
            #expect([1, 2, 5].contains(mantissa), "\(low)–\(high): step \(ticks.step)")
            #expect(ticks.low <= low && ticks.high >= high && ticks.values.count >= 2 && ticks.values.count <= 11, "\(low)–\(high)")
            for value in ticks.values {
                let quotient = value / ticks.step
                #expect(abs(quotient - quotient.rounded()) < 1e-6)
            }
        }
        #expect(ValueTicks(covering: 78, 182).values == [50, 100, 150, 200])
        // Values at the ends of the Double range give finite ticks and labels, never a trap.
        for (low, high) in [(-1.7e308, 1.7e308), (Double.leastNonzeroMagnitude, 2 * Double.leastNonzeroMagnitude), (0.0, 1e308)] {
            let ticks = ValueTicks(covering: low, high)
            #expect(!ticks.values.isEmpty && ticks.values.allSatisfy(\.isFinite), "\(low)–\(high)")
            #expect(ticks.values.allSatisfy { !ticks.label($0).isEmpty })
        }
        #expect(ValueTicks(covering: 36.4, 38.6).label(37.5) == "37.5")
    }

    @Test("reference bands and thresholds: 135/85 mmHg, 70–180 mg/dL or 3.9–10.0 mmol/L, SpO2 92 %, 38 °C, in the chart's unit")
    func referenceBandsAndThresholds() throws {
        let html = try Self.report()
        #expect(try Self.figure(html, "HKCorrelationTypeIdentifierBloodPressure").contains(">135 home</text>"))
        #expect(try Self.figure(html, "HKCorrelationTypeIdentifierBloodPressure").contains(">85 home</text>"))
        #expect(try Self.figure(html, "HKQuantityTypeIdentifierBloodGlucose").contains(">70–180</text>"))
        #expect(try Self.figure(html, "HKQuantityTypeIdentifierOxygenSaturation").contains(">92 %</text>"))
        #expect(try Self.figure(html, "HKQuantityTypeIdentifierBodyTemperature").contains(">38 °C</text>"))
        let mmol = try HealthUnit("mmol<180.15588000005408>/L")
        let glucose = ChartReference.of(type: "HKQuantityTypeIdentifierBloodGlucose", unit: mmol)
        #expect(glucose.bands.map { [$0.low, $0.high] } == [[3.9, 10.0]])
        #expect(ChartReference.of(type: "HKQuantityTypeIdentifierBodyTemperature", unit: .degreeFahrenheit).lines.map(\.value) == [100.4])
        #expect(ChartReference.of(type: "HKCorrelationTypeIdentifierBloodPressure", unit: .millimetersOfMercury).lines.map(\.value) == [135, 85])
        // The temperature axis reaches 38 °C though every reading is 37.2: the threshold is always on the chart.
        let temperature = try Self.figure(html, "HKQuantityTypeIdentifierBodyTemperature")
        #expect(temperature.contains("class=\"tick\">38.0</text>") || temperature.contains("class=\"tick\">38</text>"))
    }
}
