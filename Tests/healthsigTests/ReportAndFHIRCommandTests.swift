import Foundation
import Testing

/// `healthsig report` and `healthsig fhir` as commands: exit codes, outputs, usage errors.
@Suite("healthsig report and fhir")
struct ReportAndFHIRCommandTests {
    @Test("report: exit 0 for an all-valid input, the page written")
    func reportAllValid() throws {
        let workspace = try DeviceWorkspace()
        try workspace.sign()
        let dir = workspace.directory
        let result = try dir.healthsig(["report", "--trust", workspace.publicKeyPath, "--in", "signed.jsonl",
                                        "--out", "report.html", "--title", "Ward 3 & co"])
        #expect(result.status == 0, "\(result)")
        let html = try dir.text("report.html")
        #expect(html.contains("<title>Ward 3 &amp; co</title>"))
        #expect(html.contains("All 8 readings that carry a signature are authentic"))
    }

    @Test("report: a trusted certificate is listed with its subject and validity; readings before it are not trusted")
    func reportTrustedCertificate() throws {
        let workspace = try DeviceWorkspace()
        try workspace.sign()
        let dir = workspace.directory
        // The certificate starts today; the example readings are older, so their signer is not
        // trusted at their time.
        let result = try dir.healthsig(["report", "--trust", workspace.certificatePath, "--in", "signed.jsonl", "--out", "report.html"])
        #expect(result.status == 1, "\(result)")
        let html = try dir.text("report.html")
        #expect(html.contains("\(workspace.keyID)</span> — certificate \(workspace.subject), valid "))
        #expect(html.contains("8 signed by an untrusted device key"))
        #expect(html.contains("certificate is not yet valid"))
    }

    @Test("report: exit 1 when a signed reading fails, the page written all the same")
    func reportWithFailure() throws {
        let workspace = try DeviceWorkspace()
        let lines = try workspace.sign()
        let dir = workspace.directory
        _ = try dir.write("tampered.jsonl", lines.map { $0.replacingOccurrences(of: "\"value\":72", with: "\"value\":75") }
            .joined(separator: "\n") + "\n")
        let result = try dir.healthsig(["report", "--trust", workspace.publicKeyPath, "--in", "tampered.jsonl", "--out", "report.html"])
        #expect(result.status == 1, "\(result)")
        #expect(try dir.text("report.html").contains("<td>value</td><td>72 bpm</td><td>75 bpm</td>"))
    }

    @Test("report: a bad --from is a usage error (exit 2) and nothing is written")
    func reportBadDate() throws {
        let workspace = try DeviceWorkspace()
        try workspace.sign()
        let result = try workspace.directory.healthsig(["report", "--trust", workspace.publicKeyPath, "--in", "signed.jsonl",
                                                        "--out", "report.html", "--from", "21/11/2026"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--from 21/11/2026: not a date"), "\(result)")
        #expect(!workspace.directory.exists("report.html"))
    }

    @Test("fhir: NDJSON files in the output directory, exit 0, counts on standard error")
    func fhirNDJSON() throws {
        let workspace = try DeviceWorkspace()
        try workspace.sign()
        let dir = workspace.directory
        let result = try dir.healthsig(["fhir", "--trust", workspace.publicKeyPath, "--in", "signed.jsonl", "--out", "fhir"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("fhir: 8 Observation, 9 Device, 8 Provenance"))
        for (name, count) in [("Observation", 8), ("Device", 9), ("Provenance", 8)] {
            #expect(try dir.text("fhir/\(name).ndjson").split(separator: "\n").count == count)
        }
    }

    @Test("fhir: --out and --bundle together, or neither, is a usage error (exit 2)")
    func fhirDestinationUsage() throws {
        let workspace = try DeviceWorkspace()
        try workspace.sign()
        let both = try workspace.directory.healthsig(["fhir", "--trust", workspace.publicKeyPath, "--in", "signed.jsonl",
                                                      "--out", "fhir", "--bundle", "b.json"])
        #expect(both.status == 2, "\(both)")
        #expect(both.stderr.contains("give either --out DIR or --bundle FILE"))
        let neither = try workspace.directory.healthsig(["fhir", "--trust", workspace.publicKeyPath, "--in", "signed.jsonl"])
        #expect(neither.status == 2, "\(neither)")
        #expect(!workspace.directory.exists("b.json"))
    }

    @Test("fhir: exit 1 when a signed sample fails, the Bundle written all the same")
    func fhirWithFailure() throws {
        let workspace = try DeviceWorkspace()
        let lines = try workspace.sign()
        let dir = workspace.directory
        _ = try dir.write("tampered.jsonl", lines.map { $0.replacingOccurrences(of: "\"value\":72", with: "\"value\":75") }
            .joined(separator: "\n") + "\n")
        let result = try dir.healthsig(["fhir", "--trust", workspace.publicKeyPath, "--in", "tampered.jsonl", "--bundle", "b.json"])
        #expect(result.status == 1, "\(result)")
        #expect(try dir.text("b.json").contains("\"code\":\"content-mismatch\""))
    }
}
