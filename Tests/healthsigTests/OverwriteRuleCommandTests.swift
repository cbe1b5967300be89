import Foundation
import Testing

/// One rule for existing outputs: sign and keygen refuse to replace them; verify, report and fhir
/// replace theirs and say so on standard error, only when an existing regular file was replaced.
@Suite struct OverwriteRuleCommandTests {
    @Test func verifyReportAndFhirSayWhichExistingFileTheyReplaced() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let dir = ws.directory
        try dir.write("report.json", "old\n")
        try dir.write("report.html", "old\n")
        try dir.write("bundle.json", "old\n")
        let trust = ["--trust", ws.publicKeyPath, "--in", "signed.jsonl"]
        let verify = try dir.healthsig(["verify"] + trust + ["--format", "json", "--out", "report.json"])
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stderr.contains("verify: replaced the existing file report.json\n"), "\(verify.stderr)")
        let report = try dir.healthsig(["report"] + trust + ["--out", "report.html"])
        #expect(report.stderr.contains("report: replaced the existing file report.html\n"), "\(report.stderr)")
        let bundle = try dir.healthsig(["fhir"] + trust + ["--bundle", "bundle.json"])
        #expect(bundle.stderr.contains("fhir: replaced the existing file bundle.json\n"), "\(bundle.stderr)")
        #expect(try dir.text("bundle.json") != "old\n")
        // The NDJSON directory: only the file that existed is named.
        try FileManager.default.createDirectory(atPath: dir.path("fhir"), withIntermediateDirectories: true)
        try dir.write("fhir/Device.ndjson", "old\n")
        let ndjson = try dir.healthsig(["fhir"] + trust + ["--out", "fhir"])
        #expect(ndjson.stderr.contains("fhir: replaced the existing file fhir/Device.ndjson\n"), "\(ndjson.stderr)")
        #expect(!ndjson.stderr.contains("Observation.ndjson"), "\(ndjson.stderr)")
    }

    @Test func nothingIsSaidForANewFileStandardOutputOrADevice() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let trust = ["--trust", ws.publicKeyPath, "--in", "signed.jsonl"]
        for out in [["--out", "new.json"], [], ["--out", "/dev/null"], ["--out", "-"]] {
            let result = try ws.directory.healthsig(["verify"] + trust + ["--format", "json"] + out)
            #expect(result.status == 0, "\(result)")
            #expect(!result.stderr.contains("replaced"), "\(out): \(result.stderr)")
        }
    }

    @Test func everyCommandsHelpStatesTheRule() throws {
        let dir = try TemporaryDirectory()
        for command in ["sign", "keygen", "verify", "report", "fhir"] {
            let help = try dir.healthsig([command, "--help"])
            let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("Existing files: sign and keygen refuse to replace one"), "\(command): \(help.stdout)")
            #expect(text.contains("verify, report and fhir replace theirs"), "\(command)")
        }
    }
}
