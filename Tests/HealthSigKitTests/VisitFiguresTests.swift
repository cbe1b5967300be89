import Foundation
@testable import HealthSigKit
import HealthSamples
import Testing

/// The visit figures beyond blood pressure, glucose bands, SpO2 and temperature: meal-time glucose
/// means from signed meal times only, GMI only for continuous monitoring, weight change and
/// workout minutes per week, checked against the same figures computed here from the readings.
@Suite("Visit figures: meal times, GMI, weight, workouts")
struct VisitFiguresTests {
    typealias Fixture = VerifyRunTests.Fixture
    typealias Figures = ClinicalFiguresTests

    static func glucose(_ value: Int, _ time: String, mealTime: Int?) -> String {
        let metadata = mealTime.map { #","metadata":{"HKBloodGlucoseMealTime":\#($0)}"# } ?? ""
        return #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":\#(value),"unit":"mg/dL","startDate":"\#(time)","endDate":"\#(time)"\#(metadata)}"#
    }

    static func workout(_ start: String, _ end: String, seconds: Int) -> String {
        #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeWalking","startDate":"\#(start)","endDate":"\#(end)","duration":\#(seconds)}"#
    }

    /// Signed: four glucose readings with signed meal times (one altered after signing: signed
    /// 160, stored 120), one signed without a meal time that is stored with one afterwards
    /// (unsigned context), weights out of order, two workouts, and a last weight two weeks on.
    /// Unsigned: a glucose reading with a meal time, a weight and a workout.
    static func figures(_ fixture: Fixture) throws -> (json: [String: Any], html: String) {
        let signed = [
            glucose(100, "2026-11-02T07:00:00Z", mealTime: 1), glucose(140, "2026-11-03T07:00:00Z", mealTime: 1),
            glucose(200, "2026-11-02T13:00:00Z", mealTime: 2), glucose(160, "2026-11-03T13:00:00Z", mealTime: 2),
            glucose(300, "2026-11-04T13:00:00Z", mealTime: nil),
            Figures.quantity("BodyMass", "80", "kg", "2026-11-01T07:00:00Z"),
            Figures.quantity("BodyMass", "78.5", "kg", "2026-11-15T07:00:00Z"),
            Figures.quantity("BodyMass", "79.2", "kg", "2026-11-08T07:00:00Z"),
            workout("2026-11-03T17:00:00Z", "2026-11-03T17:30:00Z", seconds: 1800),
            workout("2026-11-10T17:00:00Z", "2026-11-10T17:45:00Z", seconds: 2700),
        ]
        try fixture.write("visit-readings.jsonl", signed.joined(separator: "\n") + "\n")
        let result = try SignRun.run(inputPath: fixture.path("visit-readings.jsonl"), outputPath: fixture.path("visit-signed.jsonl"),
                                         keyPath: fixture.privateKeyPath, passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        #expect(result.signed == signed.count)
        var lines = try String(contentsOfFile: fixture.path("visit-signed.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        lines[3] = lines[3].replacingOccurrences(of: "\"value\":160", with: "\"value\":120")
        // A meal time stored beside a record that does not sign it: unsigned context, no meal time.
        lines[4] = lines[4].replacingOccurrences(of: "\"metadata\":{", with: "\"metadata\":{\"HKBloodGlucoseMealTime\":2,")
        lines.append(glucose(40, "2026-11-04T07:00:00Z", mealTime: 1))
        lines.append(Figures.quantity("BodyMass", "90", "kg", "2026-11-16T07:00:00Z"))
        lines.append(workout("2026-11-12T17:00:00Z", "2026-11-12T19:00:00Z", seconds: 7200))
        let input = try fixture.write("visit.jsonl", lines.joined(separator: "\n") + "\n")
        let json = fixture.path("visit.json")
        let totals = try ClinicianReport.run(inputPath: input, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1,
                                             outputPath: fixture.path("visit.html"), options: ClinicianReport.Options(jsonPath: json))
        #expect(totals.counts[.contentMismatch] == 1 && totals.counts[.unsigned] == 3 && totals.counts[.valid] == 9)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        return (object, try String(contentsOfFile: fixture.path("visit.html"), encoding: .utf8))
    }

    @Test("fasting and post-meal glucose means use signed meal times only: the altered reading at its signed value, an unsigned meal time and an unsigned reading left out")
    func mealTimeMeans() throws {
        let (json, html) = try Self.figures(try Fixture())
        #expect(Figures.number(json, "glucose.fastingReadings") == 2)
        #expect(Figures.number(json, "glucose.fastingMean") == (100.0 + 140) / 2)
        #expect(Figures.number(json, "glucose.postMealReadings") == 2)
        #expect(Figures.number(json, "glucose.postMealMean") == (200.0 + 160) / 2)
        #expect(Figures.number(json, "glucose.readings") == 5)
        #expect(html.contains("<tr id=\"figure-glucose-meals\"><td>Glucose, fasting / after a meal</td><td><strong>120.0 mg/dL / 180.0 mg/dL</strong></td>"
            + "<td>80–130 mg/dL fasting, below 180 mg/dL after a meal</td><td>2 readings before and 2 readings after a meal, as signed (meal time)</td></tr>"))
    }

    @Test("GMI is not computed from fingerstick readings, and the visit summary says it needs 14 days of continuous monitoring")
    func gmiNotComputedWithoutContinuousMonitoring() throws {
        let (json, html) = try Self.figures(try Fixture())
        #expect(Figures.number(json, "glucose.continuousMonitoringDays") == 0)
        #expect((json["glucose"] as? [String: Any])?["gmi"] is NSNull)
        #expect(html.contains("<td><strong>not computed — needs ≥ 14 days of continuous monitoring</strong></td>"))
    }

    @Test("weight change runs from the earliest to the latest authentic weight by date, not by input order; workout minutes per week over the period against 150")
    func weightAndWorkouts() throws {
        let (json, html) = try Self.figures(try Fixture())
        #expect(Figures.number(json, "weight.readings") == 3)
        #expect(Figures.number(json, "weight.first") == 80)
        #expect(Figures.number(json, "weight.last") == 78.5)
        #expect(Figures.number(json, "weight.change") == -1.5)
        #expect(Figures.number(json, "weight.changePercent") == (-1.5 / 80 * 100 * 100).rounded() / 100)
        #expect((json["weight"] as? [String: Any])?["lastDate"] as? String == "2026-11-15T07:00:00Z")
        // The period runs from the first reading (2026-11-01T07:00Z) to the last end (the unsigned
        // weight, 2026-11-16T07:00Z): 15 days.
        let weeks = 15.0 / 7
        #expect(Figures.number(json, "workouts.workouts") == 2)
        #expect(Figures.number(json, "workouts.minutes") == 75)
        #expect(Figures.number(json, "workouts.weeks") == (weeks * 100).rounded() / 100)
        #expect(Figures.number(json, "workouts.minutesPerWeek") == (75 / weeks * 10).rounded() / 10)
        #expect(html.contains("<tr id=\"figure-weight\"><td>Weight change</td><td><strong>-1.5 kg (-1.9 %)</strong></td><td>±5 % of the first weight</td>"))
        #expect(html.contains("<tr id=\"figure-workouts\"><td>Workout minutes per week</td><td><strong>35 min</strong></td><td>150 min a week</td>"
            + "<td>2 workout(s), 75 min over 2.1 week(s) of the period</td></tr>"))
    }

    static func glucoseSample(_ mgdl: Double, at seconds: Int64) throws -> Sample {
        let date = try SampleDate(epochSeconds: seconds)
        return .quantity(QuantitySample(type: .bloodGlucose, quantity: Quantity(value: Decimal(mgdl), unit: .milligramsPerDeciliter),
                                        startDate: date, endDate: date))
    }

    /// `days` days from 2026-11-01 of `perDay` readings, every 15 minutes from local midnight.
    static func monitored(days: Int, perDay: Int, value: Double) throws -> ClinicalFigures {
        var figures = ClinicalFigures()
        for day in 0..<days {
            for reading in 0..<perDay {
                figures.add(try glucoseSample(value, at: 1_793_491_200 + Int64(day) * 86_400 + Int64(reading) * 900))
            }
        }
        return figures
    }

    @Test("GMI is 3.31 + 0.02392 × mean mg/dL over 14 days of at least 67 readings a day, and not computed over 13")
    func gmiFromContinuousMonitoring() throws {
        let fourteen = try Self.monitored(days: 14, perDay: 67, value: 154)
        #expect(fourteen.continuousMonitoring.days == 14)
        #expect(fourteen.continuousMonitoring.gmi.map { ($0 * 10).rounded() / 10 } == ((3.31 + 0.02392 * 154) * 10).rounded() / 10)
        #expect(try Self.monitored(days: 13, perDay: 96, value: 154).continuousMonitoring.gmi == nil)
        let sparse = try Self.monitored(days: 20, perDay: 66, value: 154)
        #expect(sparse.continuousMonitoring.days == 0 && sparse.continuousMonitoring.gmi == nil)
    }
}
