import Foundation
import Testing

/// `--from`, `--to` and `--source` as `verify`, `report` and `fhir` read them.
@Suite struct SampleSelectionCommandTests {
    static func export(sources: [String]) -> String {
        ExportXMLFixture.version14Header + "\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2026-11-22 09:00:00 +0000\"/>\n"
            + sources.map { source in
                " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"\(source)\" unit=\"count/min\" "
                    + "startDate=\"2026-11-21 08:00:00 +0000\" endDate=\"2026-11-21 08:00:00 +0000\" value=\"72\"/>\n"
            }.joined() + "</HealthData>\n"
    }

    @Test func fromLaterThanToIsAUsageError() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        for command in [["verify"], ["report", "--out", "r.html"], ["fhir", "--out", "fhir"]] {
            let result = try ws.directory.healthsig(command + ["--trust", ws.publicKeyPath, "--in", "signed.jsonl",
                                                               "--from", "2026-11-22", "--to", "2026-11-21"])
            #expect(result.status == 2, "\(command): \(result)")
            #expect(result.stderr.contains("--from 2026-11-22T00:00:00Z is not before --to 2026-11-22T00:00:00Z (the end of 2026-11-21): no sample can start in between"),
                    "\(result.stderr)")
        }
        #expect(!ws.directory.exists("r.html"))
        let sameDay = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--summary",
                                                  "--from", "2026-11-21", "--to", "2026-11-21"])
        #expect(sameDay.status == 0, "\(sameDay)")
    }

    @Test func sourceMatchesTheWholeNameInAnyCaseAndSaysWhichSourcesMatched() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("export.xml", Self.export(sources: ["Simon’s iPhone", "SIMON’S IPHONE", "Simon’s iPhone 2", "Health"]))
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml", "--format", "json",
                                                 "--source", "simon's iphone"])
        #expect(result.status == 0, "\(result)")
        #expect(try Report.samples(try Report.object(result.stdout)).count == 2)
        #expect(result.stderr.contains("healthsig: --source matched SIMON’S IPHONE (1 sample), Simon’s iPhone (1 sample)\n"),
                "\(result.stderr)")
        let none = try ws.directory.healthsig(["report", "--trust", ws.publicKeyPath, "--in", "export.xml", "--out", "r.html",
                                               "--source", "Simon"])
        #expect(none.stderr.contains("healthsig: warning: --source matched no sourceName in the input"), "\(none.stderr)")
    }
}
