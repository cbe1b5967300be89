import Foundation
import Testing

/// Absence is visible: batch-signed readings missing from the input, and batches without a valid
/// signature, reach the report's headline and `fhir`'s summary as `verify --require-complete`
/// sees them; and every batch-signed reading FHIR exports has its Provenance.
@Suite("healthsig report and fhir on batch-signed readings")
struct ReportBatchAbsenceTests {
    static func report(_ ws: DeviceWorkspace, _ lines: [String]) throws -> (result: CommandResult, headline: String, html: String) {
        try ws.directory.write("stored.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["report", "--trust", ws.publicKeyPath, "--in", "stored.jsonl", "--out", "report.html"])
        let html = try ws.directory.text("report.html")
        let start = try #require(html.range(of: "id=\"headline\">"))
        let end = try #require(html.range(of: "</p>", range: start.upperBound..<html.endIndex))
        return (result, String(html[start.upperBound..<end.lowerBound]), html)
    }

    @Test("a batch member deleted from the file is in the report's headline and Problems, never 'all authentic'")
    func deletedMemberInHeadline() throws {
        let ws = try DeviceWorkspace()
        var lines = try BatchVerifyCommandTests.signedLines(ws)
        lines.remove(at: 1)
        let strict = try BatchVerifyCommandTests.verify(ws, lines, ["--require-complete"])
        #expect(strict.status == 1)
        let (result, headline, html) = try Self.report(ws, lines)
        #expect(!headline.contains("authentic"), "\(headline)")
        #expect(headline == "Attention: 1 reading signed in a batch is absent from the input (listed by 1 batch signature). Details under Problems below.")
        #expect(html.contains("<li id=\"absent\"><strong>1 reading absent</strong>"))
        #expect(html.contains("Batches with readings absent or without a valid signature (1)"))
        #expect(html.contains(": 3 of 4 samples present, 1 absent</span></li>"))
        #expect(result.stderr.contains("1 reading signed in a batch is absent from the input"))
    }

    @Test("a batch whose signature carrier is gone is in the report's headline as a batch without a valid signature")
    func missingCarrierInHeadline() throws {
        let ws = try DeviceWorkspace()
        var lines = try BatchVerifyCommandTests.signedLines(ws)
        lines.remove(at: 3)   // the first batch's carrier
        let (_, headline, html) = try Self.report(ws, lines)
        #expect(headline.contains("1 batch has no valid signature (how many of its readings are absent is unknown)"), "\(headline)")
        #expect(html.contains("3 sample(s) present, count unknown: its signature (HealthSigBatchSignature) was not found"))
    }

    @Test("a complete batch-signed file keeps the all-authentic headline and lists no incomplete batch")
    func completeBatches() throws {
        let ws = try DeviceWorkspace()
        let (result, headline, html) = try Self.report(ws, try BatchVerifyCommandTests.signedLines(ws))
        #expect(result.status == 0)
        #expect(headline.hasPrefix("All 10 readings that carry a signature are authentic"))
        #expect(html.contains("<li id=\"absent\"><strong>0 readings absent</strong>"))
    }

    @Test("fhir's summary names the absent batch-signed readings, and every batch-signed Observation has a Provenance naming its batch")
    func fhirAbsenceAndProvenance() throws {
        let ws = try DeviceWorkspace()
        var lines = try BatchVerifyCommandTests.signedLines(ws)
        lines.remove(at: 1)
        try ws.directory.write("stored.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["fhir", "--trust", ws.publicKeyPath, "--in", "stored.jsonl", "--out", "fhir"])
        #expect(result.stderr.contains("1 reading signed in a batch is absent from the input (listed by 1 batch signature)"), "\(result)")
        let observations = try ws.directory.text("fhir/Observation.ndjson").split(separator: "\n")
        let provenances = try ws.directory.text("fhir/Provenance.ndjson").split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(observations.count == 9)
        #expect(provenances.count == 9)
        let batches = provenances.compactMap { provenance -> String? in
            let parts = (provenance["extension"] as? [[String: Any]])?.first?["extension"] as? [[String: Any]] ?? []
            return parts.first { $0["url"] as? String == "batch" }?["valueString"] as? String
        }
        #expect(batches.count == 9)
        #expect(Set(batches.map { $0.split(separator: "/").first.map(String.init) ?? "" }).count == 3)
        // The carriers' Provenance holds the batch signature and its hash.
        let carriers = provenances.filter { (($0["signature"] as? [[String: Any]])?.first?["data"] as? String) != nil }
        #expect(carriers.count == 3)
    }
}
