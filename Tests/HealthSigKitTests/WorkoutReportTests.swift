import Foundation
@testable import HealthSigKit
import HealthSamples
import Testing

/// Workouts in the clinician report: a table per activity type with the stored values and the
/// result, the minutes-per-week chart, escaping, and the bounds that keep memory flat.
@Suite("Clinician report: workouts")
struct WorkoutReportTests {
    typealias Fixture = VerifyRunTests.Fixture

    static let stairs = #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeStairClimbing","startDate":"2026-11-10T18:00:00Z","endDate":"2026-11-10T19:30:00Z","duration":3900,"totalEnergyBurned":{"value":190,"unit":"kcal"},"totalFlightsClimbed":{"value":42,"unit":"count"}}"#

    /// The report of the signed examples (one authentic run), the run with its distance and
    /// device name altered, and an unsigned stair-climbing workout a week and a half earlier.
    static func report(_ fixture: Fixture) throws -> String {
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8)
        let run = try #require(signed.split(separator: "\n").first { $0.contains("HKWorkoutTypeIdentifier") })
        let altered = run.replacingOccurrences(of: "\"value\":6.21,", with: "\"value\":6.5,")
            .replacingOccurrences(of: "Acme Treadmill", with: "Acme <b>&Treadmill")
        #expect(altered != String(run))
        try fixture.write("input.jsonl", signed + altered + "\n" + stairs + "\n")
        let output = fixture.path("report.html")
        let totals = try ClinicianReport.run(inputPath: fixture.path("input.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]),
                                             jobs: 2, outputPath: output, options: ClinicianReport.Options())
        #expect(totals.countsLine.hasPrefix("valid=8 unsigned=1 "))
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    static func section(_ html: String) throws -> String {
        let start = try #require(html.range(of: "<section id=\"workouts\">"))
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("each workout is a row of its activity's table with date, duration, distance, energy, device and the result with its mark; an altered one at its signed values with the stored ones beside")
    func rowsPerActivity() throws {
        let fixture = try Fixture()
        let section = try Self.section(try Self.report(fixture))
        #expect(section.contains("<h3 id=\"workouts-37\">Running (2)</h3>"))
        #expect(section.contains("<h3 id=\"workouts-44\">Stair climbing (1)</h3>"))
        let authentic = "<tr><td>2026-11-20T07:00:00+01:00</td><td>Running</td><td class=\"num\">40 min 30 s</td><td class=\"num\">6.21 km</td>"
            + "<td class=\"num\">412 kcal</td><td>Acme Treadmill</td><td>\(WorkoutChartSVG.mark(.authentic))authentic</td></tr>"
        #expect(section.contains(authentic))
        // The altered run is shown as its device signed it, each altered value followed by the stored one.
        let altered = "<td class=\"num\">40 min 30 s</td><td class=\"num\">6.21 km<br><span class=\"stored-altered\">stored (altered): 6.5 km</span></td>"
            + "<td class=\"num\">412 kcal</td>"
            + "<td>Acme Treadmill<br><span class=\"stored-altered\">stored (altered): Acme &lt;b&gt;&amp;Treadmill</span></td><td>\(WorkoutChartSVG.mark(.altered))altered after signing</td></tr>"
        #expect(section.contains(altered))
        let unsigned = "<tr><td>2026-11-10T18:00:00Z</td><td>Stair climbing</td><td class=\"num\">1 h 05 min</td><td class=\"num\">—</td>"
            + "<td class=\"num\">190 kcal</td><td>—</td><td>\(WorkoutChartSVG.mark(.unsigned))unsigned</td></tr>"
        #expect(section.contains(unsigned))
        // The marks are the chart's shapes and colours: a blue circle, a vermillion triangle, a grey square.
        #expect(WorkoutChartSVG.mark(.authentic).contains("<circle") && WorkoutChartSVG.mark(.authentic).contains("#0072B2"))
        #expect(WorkoutChartSVG.mark(.altered).contains("#D55E00"))
    }

    @Test("text from the input in the workout tables is escaped")
    func escaped() throws {
        let fixture = try Fixture()
        let html = try Self.report(fixture)
        #expect(!html.contains("<b>&Treadmill"))
        #expect(try Self.section(html).contains("Acme &lt;b&gt;&amp;Treadmill"))
    }

    @Test("the altered workout is also listed under Problems with the altered total, signed and stored")
    func alteredWorkoutInProblems() throws {
        let fixture = try Fixture()
        let html = try Self.report(fixture)
        #expect(html.contains("<td>total distance <span class=\"note mono\">(totalDistance)</span></td><td>6.21 km</td><td>6.5 km</td>"))
    }

    @Test("the chart stacks each week's minutes by result: 40.5 authentic and 40.5 altered in one week, 65 unsigned in the week before")
    func weeklyChart() throws {
        let fixture = try Fixture()
        let section = try Self.section(try Self.report(fixture))
        #expect(section.contains("<figcaption>Workout minutes per week: 3 workouts (1 authentic (signature verified), 1 altered after signing, 1 unsigned)</figcaption>"))
        #expect(section.contains("aria-label=\"Workout minutes per week, by result\""))
        #expect(section.contains(">min</text>"))
        // Monday 2026-11-09 00:00 UTC to Monday 2026-11-23: the two weeks with workouts, on the report's shared axis,
        // which is in the signed zone (Europe/Paris): the last week ends at 01:00 local time, so the axis runs to the 24th.
        #expect(section.contains(">2026-11-09 to 2026-11-24 (Europe/Paris)</text>"))
        #expect(section.contains(">9 Nov</text>") && section.contains(">23 Nov</text>"))
        let altered = section.components(separatedBy: "fill=\"#D55E00\" fill-opacity=\"0.75\"").count - 1
        let authentic = section.components(separatedBy: "fill=\"#0072B2\" fill-opacity=\"0.75\"").count - 1
        let unsigned = section.components(separatedBy: "fill=\"#fff\" fill-opacity=\"1\" stroke=\"#666666\"").count - 1
        #expect(authentic == 1)
        #expect(altered == 1)
        #expect(unsigned == 1)
    }

    @Test("weeks run Monday to Monday in UTC and their minutes add up per result")
    func weeklyDurationsAddUp() throws {
        var weeks = WeeklyDurations()
        let monday = Int64(1_763_337_600)   // Monday 2025-11-17T00:00:00Z
        #expect((monday - WeeklyDurations.firstMonday) % WeeklyDurations.weekSeconds == 0)
        weeks.add(start: monday - 1, minutes: 10, as: .authentic)          // Sunday 23:59:59
        weeks.add(start: monday, minutes: 20, as: .authentic)              // Monday 00:00
        weeks.add(start: monday + 86_400 * 6, minutes: 5, as: .altered)     // Sunday of the same week
        #expect(weeks.bars.count == 2)
        let sorted = weeks.bars.sorted { $0.key < $1.key }.map(\.value)
        #expect(sorted[0][ReadingClass.authentic.rawValue] == 10)
        #expect(sorted[1][ReadingClass.authentic.rawValue] == 20)
        #expect(sorted[1][ReadingClass.altered.rawValue] == 5)
        let span = try #require(weeks.span)
        #expect(span.start == monday - WeeklyDurations.weekSeconds)
        #expect(span.end == monday + WeeklyDurations.weekSeconds)
    }

    @Test("ten years of weekly workouts stay within the bar limit, with every minute kept")
    func weeklyDurationsBounded() {
        var weeks = WeeklyDurations()
        for week in Int64(0)..<520 {
            weeks.add(start: WeeklyDurations.firstMonday + week * WeeklyDurations.weekSeconds + 3_600, minutes: 30, as: .authentic)
        }
        #expect(weeks.bars.count <= Int(WeeklyDurations.barLimit))
        #expect(weeks.weeksPerBar == 8)
        #expect(weeks.bars.values.map { $0[ReadingClass.authentic.rawValue] }.reduce(0, +) == 520 * 30)
    }

    @Test("past the row limit workouts are counted and drawn but not listed")
    func rowLimit() throws {
        var log = WorkoutLog()
        let start = try SampleDate(rfc3339: "2026-11-10T18:00:00Z")
        let end = try SampleDate(rfc3339: "2026-11-10T18:30:00Z")
        let workout = Workout(activityType: .walking, startDate: start, endDate: end)
        for _ in 0...WorkoutLog.rowLimit { log.add(workout, verdict: .valid, device: nil) }
        let group = try #require(log.groups[WorkoutActivityType.walking.rawValue])
        #expect(group.rows.count == WorkoutLog.rowLimit)
        #expect(group.count == WorkoutLog.rowLimit + 1)
        #expect(group.notListed == 1)
        #expect(log.weeks.bars.values.first?[ReadingClass.authentic.rawValue] == Double(WorkoutLog.rowLimit + 1) * 30)
        #expect(WorkoutSection(log: log).html().contains("1 further Walking workout(s) are counted and drawn but not listed"))
    }

    @Test("an input without workouts has no Workouts section")
    func noWorkoutsNoSection() throws {
        let fixture = try Fixture()
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8)
        try fixture.write("first.jsonl", String(signed.split(separator: "\n")[0]) + "\n")
        let output = fixture.path("report.html")
        _ = try ClinicianReport.run(inputPath: fixture.path("first.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]),
                                    jobs: 1, outputPath: output, options: ClinicianReport.Options())
        #expect(!(try String(contentsOfFile: output, encoding: .utf8)).contains("id=\"workouts\""))
    }

    @Test("durations read as hours, minutes and seconds whatever the stored time unit")
    func durationWords() throws {
        #expect(WorkoutSection.duration(Quantity(value: 2430, unit: .second)) == "40 min 30 s")
        #expect(WorkoutSection.duration(Quantity(value: Decimal(string: "40.5")!, unit: try HealthUnit("min"))) == "40 min 30 s")
        #expect(WorkoutSection.duration(Quantity(value: 3900, unit: .second)) == "1 h 05 min")
        #expect(WorkoutSection.duration(Quantity(value: 45, unit: .second)) == "45 s")
        #expect(WorkoutSection.duration(Quantity(value: 1800, unit: .second)) == "30 min")
    }
}
