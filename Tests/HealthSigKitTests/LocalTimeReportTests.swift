import Foundation
@testable import HealthSigKit
import Testing

/// The report's local time: the signed `HKTimeZone`, else `--time-zone`, else UTC, named in the
/// header; local days, morning and evening across the start of daylight saving in Europe/Berlin
/// (2026-03-29, 02:00 CET → 03:00 CEST, 01:00 UTC).
@Suite("Report in local time")
struct LocalTimeReportTests {
    typealias Fixture = VerifyRunTests.Fixture
    typealias Figures = ClinicalFiguresTests

    static func pressure(_ time: String, _ systolic: Int, _ diastolic: Int, zone: String?) -> String {
        let reading = Figures.pressure(time, systolic, diastolic)
        guard let zone else { return reading }
        return String(reading.dropLast()) + #","metadata":{"HKTimeZone":"\#(zone)"}}"#
    }

    /// Five readings around the change: 00:30 CET and 07:30 CET on the 28th, 18:30 CEST on the
    /// 29th (17:30 at the winter offset), 00:30 CEST on the 30th (22:30 UTC on the 29th) and 07:30
    /// CEST on the 30th; the 18:30 one stored altered after signing (signed 140/90).
    static func report(_ fixture: Fixture, signedZone: String?, option: String?) throws -> (json: [String: Any], html: String) {
        let signed = [
            pressure("2026-03-27T23:30:00Z", 150, 95, zone: signedZone),
            pressure("2026-03-28T06:30:00Z", 150, 95, zone: signedZone),
            pressure("2026-03-29T16:30:00Z", 140, 90, zone: signedZone),
            pressure("2026-03-29T22:30:00Z", 130, 80, zone: signedZone),
            pressure("2026-03-30T05:30:00Z", 120, 70, zone: signedZone),
        ]
        try fixture.write("dst-readings.jsonl", signed.joined(separator: "\n") + "\n")
        _ = try SignRun.run(inputPath: fixture.path("dst-readings.jsonl"), outputPath: fixture.path("dst-signed.jsonl"),
                                keyPath: fixture.privateKeyPath, passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        var lines = try String(contentsOfFile: fixture.path("dst-signed.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "\"value\":140", with: "\"value\":110")
        let input = try fixture.write("dst.jsonl", lines.joined(separator: "\n") + "\n")
        let json = fixture.path("dst.json")
        try ClinicianReport.run(inputPath: input, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1, outputPath: fixture.path("dst.html"),
                                options: ClinicianReport.Options(jsonPath: json, timeZone: option))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        return (object, try String(contentsOfFile: fixture.path("dst.html"), encoding: .utf8))
    }

    /// What Europe/Berlin's days and hours make of the readings, whichever way the zone is known.
    static func expectBerlin(_ json: [String: Any]) {
        #expect(Figures.number(json, "bloodPressure.home.days") == 3)                    // 28th, 29th, 30th
        #expect(Figures.number(json, "bloodPressure.home.firstDayReadingsLeftOut") == 2)  // both on the 28th
        #expect(Figures.number(json, "bloodPressure.home.readings") == 3)
        #expect(Figures.number(json, "bloodPressure.home.eveningReadings") == 1)          // 18:30 CEST, signed 140/90
        #expect(Figures.number(json, "bloodPressure.home.eveningSystolicMean") == 140)
        #expect(Figures.number(json, "bloodPressure.home.morningReadings") == 1)          // 07:30 CEST on the 30th
        #expect(Figures.number(json, "bloodPressure.home.morningSystolicMean") == 120)
    }

    @Test("a signed HKTimeZone sets the days, morning and evening across the start of daylight saving, and the header names it")
    func signedZoneAcrossDaylightSaving() throws {
        let (json, html) = try Self.report(try Fixture(), signedZone: "Europe/Berlin", option: nil)
        Self.expectBerlin(json)
        #expect(html.contains("<p class=\"zone\" id=\"time-zone\"><strong>Times:</strong> Europe/Berlin <span class=\"note\">(the time zone signed with the readings, HKTimeZone)</span></p>"))
        // The altered reading is dated at its signed instant with the summer offset in force then.
        #expect(html.contains("<li>Blood pressure of 2026-03-29T18:30:00+02:00: systolic 140 → 110 mmHg</li>"))
        #expect(html.contains("2026-03-28T00:30:00+01:00 to 2026-03-30T07:30:00+02:00"))
    }

    @Test("--time-zone dates readings that sign no zone, with the same days as a signed zone")
    func optionZone() throws {
        let (json, html) = try Self.report(try Fixture(), signedZone: nil, option: "Europe/Berlin")
        Self.expectBerlin(json)
        #expect(html.contains("<strong>Times:</strong> Europe/Berlin <span class=\"note\">(given with --time-zone; no reading signs a time zone)</span>"))
    }

    @Test("a signed HKTimeZone wins over --time-zone for the readings that sign it")
    func signedZoneWinsOverOption() throws {
        let (json, html) = try Self.report(try Fixture(), signedZone: "Europe/Berlin", option: "America/New_York")
        Self.expectBerlin(json)
        #expect(html.contains("<strong>Times:</strong> Europe/Berlin"))
    }

    @Test("without a signed zone or --time-zone, days and hours are UTC ones and the header says UTC")
    func utcWithoutZone() throws {
        let (json, html) = try Self.report(try Fixture(), signedZone: nil, option: nil)
        #expect(Figures.number(json, "bloodPressure.home.days") == 4)                     // 27th to 30th
        #expect(Figures.number(json, "bloodPressure.home.firstDayReadingsLeftOut") == 1)
        #expect(Figures.number(json, "bloodPressure.home.eveningReadings") == 1)          // 22:30 UTC
        #expect(Figures.number(json, "bloodPressure.home.eveningSystolicMean") == 130)
        #expect(html.contains("<strong>Times:</strong> UTC <span class=\"note\">(no reading signs a time zone and no --time-zone was given)</span>"))
        #expect(html.contains("<li>Blood pressure of 2026-03-29T16:30:00Z: systolic 140 → 110 mmHg</li>"))
    }

    @Test("the charts' axis, data tables and evening marks are in the page's zone across the start of daylight saving")
    func chartsInZoneAcrossDaylightSaving() throws {
        let (_, html) = try Self.report(try Fixture(), signedZone: "Europe/Berlin", option: nil)
        // Local midnights of the 28th to the 31st; UTC's would start on the 27th.
        #expect(html.contains("class=\"tick date\">28 Mar</text>") && html.contains("class=\"tick date\">31 Mar</text>"))
        #expect(!html.contains("27 Mar"))
        #expect(html.contains("2026-03-28 to 2026-03-31 (Europe/Berlin)</text>"))
        #expect(html.contains("All charts share one time axis (Europe/Berlin)."))
        #expect(html.contains("<th>Time (Europe/Berlin)</th>"))
        // 16:30 UTC is 18:30 summer time, an evening reading; 22:30 UTC is 00:30 on the next local day.
        #expect(html.contains("<td>2026-03-28 00:30</td><td>night (00–04)</td>"))
        #expect(html.contains("<td>2026-03-29 18:30</td><td>evening (18–24)</td>"))
        #expect(html.contains("<td>2026-03-30 00:30</td><td>night (00–04)</td>"))
        #expect(html.contains("<td>2026-03-30 07:30</td><td>morning (04–12)</td>"))
        #expect(html.components(separatedBy: "class=\"evening\"").count - 1 == 3)  // the 18:30 reading's two marks and the legend's

        // The day the clocks go forward is 23 hours wide on the axis.
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let axis = try #require(ChartTimeAxis.covering([(1_774_654_200, 1_774_848_600)], time: ChartTime(zone: berlin)))
        #expect(axis.ticks.map(\.0) == [1_774_652_400, 1_774_738_800, 1_774_821_600, 1_774_908_000])
    }

    @Test("--from and --to days are local days of --time-zone: the day daylight saving starts is 23 hours long")
    func fromAndToDaysInZone() throws {
        let filter = try SampleFilter(from: "2026-03-29", to: "2026-03-29", timeZone: "Europe/Berlin")
        #expect(filter.from?.rfc3339String == "2026-03-28T23:00:00Z")
        #expect(filter.until?.rfc3339String == "2026-03-29T22:00:00Z")
        #expect(filter.summary == "start from 2026-03-29T00:00:00+01:00, before 2026-03-30T00:00:00+02:00")
        let utc = try SampleFilter(from: "2026-03-29", to: "2026-03-29")
        #expect(utc.from?.rfc3339String == "2026-03-29T00:00:00Z" && utc.until?.rfc3339String == "2026-03-30T00:00:00Z")
    }

    @Test("an unknown --time-zone name, an abbreviation or an offset is a usage error naming it")
    func unknownZoneIsUsageError() throws {
        for name in ["Mars/Olympus_Mons", "CEST", "GMT+1", ""] {
            #expect {
                _ = try SampleFilter(timeZone: name)
            } throws: { error in
                guard case ToolError.usage(let message) = error else { return false }
                return message == "--time-zone \(name): not an IANA time-zone name known to this system (such as Europe/Berlin, America/New_York or UTC)"
            }
        }
    }
}
