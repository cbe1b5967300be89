import Foundation
import Testing

/// `report` and `fhir` with `--type`, `--from`, `--to`, `--source`: the same selection as
/// `verify` (docs/VERIFY.md): only the selected readings are reported and counted.
@Suite("report and fhir filters: --type, --from, --to, --source")
struct ReportFilterTests {
    /// The `data-type` of every chart on the page, in order.
    static func chartTypes(_ html: String) -> [String] {
        html.components(separatedBy: "<figure class=\"chart\" data-type=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    /// The device names of the devices table.
    static func deviceNames(_ html: String) -> [String] {
        guard let start = html.range(of: "<section id=\"devices\"") else { return [] }
        let rest = html[start.upperBound...]
        let section = rest.range(of: "</section>").map { rest[..<$0.lowerBound] } ?? rest
        return section.components(separatedBy: "<tr><td>").dropFirst().compactMap { $0.components(separatedBy: "</td>").first }
    }

    @Test("report --type HeartRate: only heart-rate readings on the page; the header counts them and says how many were left out")
    func reportByType() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["report", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--out", "report.html",
                                                 "--type", "HeartRate"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("; 7 left out by --type, --from, --to and --source)"), "\(result)")
        let html = try ws.directory.text("report.html")
        #expect(Self.chartTypes(html) == ["HKQuantityTypeIdentifierHeartRate"])
        #expect(Self.deviceNames(html) == ["Acme HR Strap"], "\(Self.deviceNames(html))")
        #expect(html.contains("All 1 reading that carry a signature are authentic"))
        #expect(html.contains("<li id=\"authentic\"><strong>1 reading authentic</strong>"))
        #expect(html.contains("<dt>Readings asked for</dt><dd id=\"selection\">type HeartRate; 7 readings left out</dd>"))
        // Without the filter: every type, eight readings.
        let whole = try ws.directory.healthsig(["report", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--out", "all.html"])
        #expect(whole.status == 0, "\(whole)")
        let all = try ws.directory.text("all.html")
        // A chart per type of the eight example readings, the workouts' weekly chart included.
        #expect(Self.chartTypes(all).count == 8, "\(Self.chartTypes(all))")
        #expect(all.contains("<li id=\"authentic\"><strong>8 readings authentic</strong>"))
        #expect(!all.contains("Readings asked for"))
    }

    @Test("report --from is inclusive, --to exclusive, as verify's; a --to day is included whole")
    func reportByDate() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let base = ["report", "--trust", ws.publicKeyPath, "--in", "signed.jsonl"]
        // Starts (UTC): #1 heart rate 08:00, #2 blood pressure 07:05, #3 temperature 07:30:00.25, #4 glucose 12:45,
        // #5 body mass 06:50, #6 oxygen 08:01, #7 sleep 11-20 23:10, #8 workout 11-20 06:00.
        let window = try ws.directory.healthsig(base + ["--out", "window.html", "--from", "2026-11-21T07:05:00Z", "--to", "2026-11-21T08:01:00Z"])
        #expect(window.status == 0, "\(window)")
        let html = try ws.directory.text("window.html")
        #expect(Self.chartTypes(html).sorted() == ["HKCorrelationTypeIdentifierBloodPressure", "HKQuantityTypeIdentifierBodyTemperature",
                                                   "HKQuantityTypeIdentifierHeartRate"], "\(Self.chartTypes(html))")
        #expect(html.contains("<strong>3 readings authentic</strong>"))
        #expect(html.contains("<dd id=\"selection\">start from 2026-11-21T07:05:00Z, before 2026-11-21T08:01:00Z; 5 readings left out</dd>"))
        // The period covered runs from the first selected start (the blood pressure's) to the last
        // selected end, in the zone the readings sign (Europe/Paris).
        #expect(html.contains("<dt>Period covered</dt><dd>2026-11-21T08:05:00+01:00 to 2026-11-21T09:00:00+01:00</dd>"), "\(html)")
        let day = try ws.directory.healthsig(base + ["--out", "day.html", "--to", "2026-11-20"])
        let dayHTML = try ws.directory.text("day.html")
        #expect(day.status == 0, "\(day)")
        // The sleep sample and the workout start on 20 November.
        #expect(Self.chartTypes(dayHTML) == ["HKCategoryTypeIdentifierSleepAnalysis", "HKWorkoutTypeIdentifier"])
        #expect(dayHTML.contains("<strong>2 readings authentic</strong>"))
        #expect(dayHTML.contains("<dd id=\"selection\">start before 2026-11-21T00:00:00Z; 6 readings left out</dd>"))
    }

    @Test("report: the exit code follows the selection; an altered reading left out does not fail the run")
    func reportExitFollowsSelection() throws {
        let ws = try DeviceWorkspace()
        let lines = try ws.sign()
        try ws.directory.write("tampered.jsonl", lines.map { $0.replacingOccurrences(of: "\"value\":72", with: "\"value\":75") }
            .joined(separator: "\n") + "\n")
        let base = ["report", "--trust", ws.publicKeyPath, "--in", "tampered.jsonl"]
        let all = try ws.directory.healthsig(base + ["--out", "all.html"])
        #expect(all.status == 1, "\(all)")
        let others = try ws.directory.healthsig(base + ["--out", "others.html", "--type", "BodyTemperature", "--type", "BloodPressure"])
        #expect(others.status == 0, "\(others)")
        let html = try ws.directory.text("others.html")
        #expect(html.contains("<li id=\"altered\"><strong>0 readings altered after signing</strong>"))
        #expect(html.contains("<strong>2 readings authentic</strong>"))
    }

    @Test("report --source selects export.xml records by sourceName; an unknown --type is a usage error")
    func reportBySourceAndBadType() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let signatures = try ExportXMLFixture.Signatures(try ws.signatures())
        try ws.directory.write("export.xml", ExportXMLFixture.document([ExportXMLFixture.heartRate(signatures.heartRate)]))
        let base = ["report", "--trust", ws.publicKeyPath, "--in", "export.xml"]
        let selected = try ws.directory.healthsig(base + ["--out", "acme.html", "--source", "Acme Health"])
        #expect(selected.status == 0, "\(selected)")
        #expect(Self.chartTypes(try ws.directory.text("acme.html")) == ["HKQuantityTypeIdentifierHeartRate"])
        let other = try ws.directory.healthsig(base + ["--out", "other.html", "--source", "Someone's iPhone"])
        let otherHTML = try ws.directory.text("other.html")
        #expect(other.status == 0 && Self.chartTypes(otherHTML).isEmpty, "\(other)")
        #expect(otherHTML.contains("<dd id=\"selection\">source Someone&#39;s iPhone; 1 reading left out</dd>"), "\(otherHTML)")
        let bad = try ws.directory.healthsig(base + ["--out", "bad.html", "--type", "Heartrate"])
        #expect(bad.status == 2 && bad.stderr.contains("--type Heartrate: unknown sample type; did you mean HKQuantityTypeIdentifierHeartRate?"), "\(bad)")
        #expect(!ws.directory.exists("bad.html"))
    }

    @Test("fhir --type: Observations only for the selected type, the others counted as left out")
    func fhirByType() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["fhir", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--out", "fhir",
                                                 "--type", "HeartRate", "--type", "BloodGlucose"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("fhir: 2 Observation, 3 Device, 2 Provenance;"), "\(result)")
        #expect(result.stderr.contains("; 6 sample(s) left out by --type, --from, --to and --source"), "\(result)")
        let observations = try ws.directory.text("fhir/Observation.ndjson").split(separator: "\n")
        #expect(observations.count == 2)
        #expect(observations.allSatisfy { $0.contains("HKQuantityTypeIdentifierHeartRate") || $0.contains("HKQuantityTypeIdentifierBloodGlucose") })
        let late = try ws.directory.healthsig(["fhir", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--bundle", "late.json",
                                               "--from", "2026-11-21T12:00:00Z"])
        #expect(late.status == 0 && late.stderr.contains("fhir: 1 Observation, "), "\(late)")
    }
}
