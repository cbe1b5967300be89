import Foundation
@testable import HealthSigKit
import Testing

/// `report --json`: the clinical figures from authentic readings only (altered ones at their
/// signed values), checked against the same figures computed here from the list of readings.
@Suite("Clinical figures of report --json")
struct ClinicalFiguresTests {
    typealias Fixture = VerifyRunTests.Fixture

    static func pressure(_ time: String, _ systolic: Int, _ diastolic: Int) -> String {
        let member = { (type: String, value: Int) in
            #"{"type":"HKQuantityTypeIdentifierBloodPressure\#(type)","value":\#(value),"unit":"mmHg","startDate":"\#(time)","endDate":"\#(time)"}"#
        }
        return #"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"\#(time)","endDate":"\#(time)","objects":[\#(member("Systolic", systolic)),\#(member("Diastolic", diastolic))]}"#
    }

    static func quantity(_ type: String, _ value: String, _ unit: String, _ time: String) -> String {
        #"{"type":"HKQuantityTypeIdentifier\#(type)","value":\#(value),"unit":"\#(unit)","startDate":"\#(time)","endDate":"\#(time)"}"#
    }

    /// Signed readings (one blood pressure, one SpO2 stored altered afterwards) and two unsigned.
    static func input(_ fixture: Fixture) throws -> String {
        let signed = [
            pressure("2026-11-01T07:00:00Z", 150, 95),                       // first day: left out
            pressure("2026-11-02T07:00:00Z", 140, 90), pressure("2026-11-02T19:00:00Z", 130, 80),
            pressure("2026-11-03T07:00:00Z", 136, 84), pressure("2026-11-03T19:00:00Z", 120, 70),
            quantity("BloodGlucose", "50", "mg/dL", "2026-11-01T08:00:00Z"), quantity("BloodGlucose", "65", "mg/dL", "2026-11-01T12:00:00Z"),
            quantity("BloodGlucose", "100", "mg/dL", "2026-11-02T08:00:00Z"), quantity("BloodGlucose", "190", "mg/dL", "2026-11-02T12:00:00Z"),
            quantity("BloodGlucose", "260", "mg/dL", "2026-11-03T08:00:00Z"),
            quantity("BloodGlucose", "5.5", "mmol<180.15588000005408>/L", "2026-11-03T12:00:00Z"),
            quantity("OxygenSaturation", "0.97", "%", "2026-11-01T09:00:00Z"), quantity("OxygenSaturation", "0.91", "%", "2026-11-02T09:00:00Z"),
            quantity("OxygenSaturation", "0.95", "%", "2026-11-03T09:00:00Z"),
            quantity("BodyTemperature", "36.6", "degC", "2026-11-01T10:00:00Z"), quantity("BodyTemperature", "38.4", "degC", "2026-11-02T10:00:00Z"),
            quantity("BodyTemperature", "101.3", "degF", "2026-11-03T10:00:00Z"),
        ]
        try fixture.write("figures-readings.jsonl", signed.joined(separator: "\n") + "\n")
        let result = try SignRun.run(inputPath: fixture.path("figures-readings.jsonl"), outputPath: fixture.path("figures-signed.jsonl"),
                                         keyPath: fixture.privateKeyPath, passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        #expect(result.signed == signed.count)
        var lines = try String(contentsOfFile: fixture.path("figures-signed.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        // Stored after signing: 120/70 as 100/60 and SpO2 95 % as 99 %; the signed values count.
        lines[4] = lines[4].replacingOccurrences(of: "\"value\":120", with: "\"value\":100").replacingOccurrences(of: "\"value\":70", with: "\"value\":60")
        lines[13] = lines[13].replacingOccurrences(of: "\"value\":0.95", with: "\"value\":0.99")
        lines.append(pressure("2026-11-03T20:00:00Z", 200, 120))                                      // unsigned
        lines.append(quantity("BloodGlucose", "400", "mg/dL", "2026-11-03T20:00:00Z"))               // unsigned
        return try fixture.write("figures.jsonl", lines.joined(separator: "\n") + "\n")
    }

    static func figures(_ fixture: Fixture) throws -> [String: Any] {
        let input = try input(fixture)
        let json = fixture.path("figures.json")
        let totals = try ClinicianReport.run(inputPath: input, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1,
                                             outputPath: fixture.path("figures.html"), options: ClinicianReport.Options(jsonPath: json))
        #expect(totals.counts[.contentMismatch] == 2 && totals.counts[.unsigned] == 2)
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    }

    static func number(_ object: [String: Any], _ path: String) -> Double? {
        var current: Any? = object
        for key in path.split(separator: ".") { current = (current as? [String: Any])?[String(key)] }
        return (current as? NSNumber)?.doubleValue
    }

    @Test("home blood pressure: means and share at or above 135/85 over the days after the first, the altered reading at its signed 120/70")
    func homeBloodPressure() throws {
        let figures = try Self.figures(try Fixture())
        let used: [(Double, Double)] = [(140, 90), (130, 80), (136, 84), (120, 70)]
        #expect(Self.number(figures, "bloodPressure.home.days") == 3)
        #expect(Self.number(figures, "bloodPressure.home.readings") == 4)
        #expect(Self.number(figures, "bloodPressure.home.systolicMean") == used.map(\.0).reduce(0, +) / 4)
        #expect(Self.number(figures, "bloodPressure.home.diastolicMean") == used.map(\.1).reduce(0, +) / 4)
        #expect(Self.number(figures, "bloodPressure.home.shareAtOrAbove135_85") == Double(used.filter { $0.0 >= 135 || $0.1 >= 85 }.count) / 4)
    }

    @Test("glucose: mean, SD, CV and the AGP shares in mg/dL, a mmol/L reading by the mmol/L cut-offs; unsigned readings left out")
    func glucose() throws {
        let figures = try Self.figures(try Fixture())
        let values = [50, 65, 100, 190, 260, 5.5 * 180.15588000005408 / 10]
        let mean = values.reduce(0, +) / Double(values.count)
        let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
        let round = { (value: Double, places: Double) in (value * pow(10, places)).rounded() / pow(10, places) }
        #expect(Self.number(figures, "glucose.readings") == 6)
        #expect(Self.number(figures, "glucose.mean") == round(mean, 1))
        #expect(Self.number(figures, "glucose.sd") == round(sd, 1))
        #expect(Self.number(figures, "glucose.cv") == round(sd / mean, 4))
        #expect(Self.number(figures, "glucose.shareBelow54") == round(1 / 6, 4))
        #expect(Self.number(figures, "glucose.shareBelow70") == round(2 / 6, 4))
        #expect(Self.number(figures, "glucose.shareInRange70_180") == round(2 / 6, 4))
        #expect(Self.number(figures, "glucose.shareAbove180") == round(2 / 6, 4))
        #expect(Self.number(figures, "glucose.shareAbove250") == round(1 / 6, 4))
    }

    @Test("SpO2 minimum in percent with the altered reading at its signed 95 %, highest temperature in °C, verdicts and the unverified left out")
    func spo2TemperatureAndCounts() throws {
        let figures = try Self.figures(try Fixture())
        #expect(Self.number(figures, "spo2.minimum") == 91)
        #expect(Self.number(figures, "spo2.readingsBelow92") == 1)
        #expect(Self.number(figures, "spo2.readings") == 3)
        #expect(Self.number(figures, "temperature.maximum") == 38.5)
        #expect(Self.number(figures, "temperature.readingsAtOrAbove38") == 2)
        #expect(Self.number(figures, "excludedUnverified") == 2)
        #expect(Self.number(figures, "verdicts.valid") == 15)
        #expect(Self.number(figures, "verdicts.content-mismatch") == 2)
        #expect(Self.number(figures, "verdicts.unsigned") == 2)
        #expect(Self.number(figures, "absentBatchReadings") == 0)
    }

    @Test("the report's visit summary shows the figures with their thresholds and counts, and each altered reading signed → stored in clinical words")
    func visitSummaryOnThePage() throws {
        let fixture = try Fixture()
        _ = try Self.figures(fixture)
        let html = try String(contentsOfFile: fixture.path("figures.html"), encoding: .utf8)
        let summary = try #require(html.range(of: "<h2 id=\"visit-summary\">"))
        let verdicts = try #require(html.range(of: "<h2>Summary</h2>"))
        #expect(summary.lowerBound < verdicts.lowerBound)
        #expect(html.contains("<tr id=\"figure-bp\"><td>Home blood pressure</td><td><strong>mean 131.5/81.0 mmHg</strong></td><td>135/85 mmHg (home)</td>"
            + "<td>4 readings on 2 day(s) after the first (its 1 left out); 50 % at or above 135/85</td></tr>"))
        #expect(html.contains("<tr id=\"figure-spo2\"><td>Oxygen saturation (SpO2)</td><td><strong>lowest 91.0 %</strong></td><td>92 %</td><td>3 readings; 1 below 92 %</td></tr>"))
        #expect(html.contains("<tr id=\"figure-temperature\"><td>Body temperature</td><td><strong>highest 38.5 °C</strong></td>"))
        #expect(html.contains("2 readings that could not be verified (unsigned, not checkable, or altered with no signed value) left out"))
        #expect(html.contains("<li>Blood pressure of 2026-11-03T19:00:00Z: systolic 120 → 100 mmHg, diastolic 70 → 60 mmHg</li>"))
        #expect(html.contains("<li>Oxygen saturation of 2026-11-03T09:00:00Z: value 95 → 99 %</li>"))
    }
}
