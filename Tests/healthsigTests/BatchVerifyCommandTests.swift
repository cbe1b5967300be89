import Foundation
import Testing

/// `healthsig verify` on batch-signed samples (docs/BATCH.md): JSON Lines and export.xml, losses
/// and alterations, `--require-complete`.
@Suite("healthsig verify of batch-signed samples")
struct BatchVerifyCommandTests {
    /// Ten heart-rate readings of the strap export.xml describes, 5 s apart from 08:00:00Z,
    /// values 60…69, batch-signed in batches of 4 (carriers on lines 4, 8 and 10).
    static func signedLines(_ ws: DeviceWorkspace, _ extra: [String] = []) throws -> [String] {
        let readings = (0..<10).map { i in
            let time = "2026-11-21T08:00:\(String(format: "%02d", i * 5))Z"
            return #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(60 + i),"unit":"count/min","startDate":"\#(time)","endDate":"\#(time)","device":{"name":"Acme HR Strap","manufacturer":"Acme Medical Devices Inc.","model":"HR-10"}}"#
        }
        try ws.directory.write("hr.jsonl", readings.joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "hr.jsonl", "--out", "signed.jsonl", "--batch", "4"] + extra)
        #expect(result.status == 0, "\(result)")
        return try ws.directory.text("signed.jsonl").split(separator: "\n").map(String.init)
    }

    static func verify(_ ws: DeviceWorkspace, _ lines: [String], _ extra: [String] = [], name: String = "stored.jsonl") throws -> CommandResult {
        try ws.directory.write(name, lines.joined(separator: "\n") + "\n")
        return try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", name] + extra)
    }

    static func value(_ key: String, in line: String) -> String? {
        guard let range = line.range(of: "\"\(key)\":\"[^\"]*\"", options: .regularExpression) else { return nil }
        return String(line[range].dropFirst(key.count + 4).dropLast())
    }

    @Test("a batch-signed file verifies valid, one line per batch with none absent")
    func valid() throws {
        let ws = try DeviceWorkspace()
        let result = try Self.verify(ws, try Self.signedLines(ws))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("summary: valid=10 unsigned=0"))
        #expect(result.lines.filter { $0.hasPrefix("batch ") }.map { $0.components(separatedBy: ": ").last } ==
                ["4 of 4 samples present, 0 absent", "4 of 4 samples present, 0 absent", "2 of 2 samples present, 0 absent"])
    }

    @Test("a deleted member: the rest valid, the batch counts one absent; --require-complete fails")
    func deletedMember() throws {
        let ws = try DeviceWorkspace()
        var lines = try Self.signedLines(ws)
        lines.remove(at: 1)
        let result = try Self.verify(ws, lines)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("summary: valid=9 unsigned=0"))
        #expect(result.stdout.contains(": 3 of 4 samples present, 1 absent"))
        let strict = try Self.verify(ws, lines, ["--require-complete", "--format", "json"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains(#"{"absent":1,"count":4,"id":""#))
    }

    @Test("an altered value is content-mismatch naming the field with signed and stored values")
    func alteredValue() throws {
        let ws = try DeviceWorkspace()
        var lines = try Self.signedLines(ws)
        lines[1] = lines[1].replacingOccurrences(of: #""value":61"#, with: #""value":99"#)
        let result = try Self.verify(ws, lines)
        #expect(result.status == 1)
        let row = result.lines.first { $0.contains("content-mismatch") } ?? ""
        #expect(row.hasSuffix("value: signed 61 count/min, stored 99 count/min"), "\(result.stdout)")
    }

    @Test("without its carrier a batch's samples are unsigned (batch-signature-missing): --require-signed fails")
    func carrierGone() throws {
        let ws = try DeviceWorkspace()
        var lines = try Self.signedLines(ws)
        lines.remove(at: 3)
        let result = try Self.verify(ws, lines, ["--format", "ndjson"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.filter { $0.contains(#""reasonCode":"batch-signature-missing""#) }.count == 3)
        #expect(result.stdout.contains(#""present":3,"signature":"unsigned""#))
        #expect(try Self.verify(ws, lines, ["--require-signed"]).status == 1)
    }

    /// The signed lines as export.xml `Record` elements, the batch keys as `MetadataEntry`
    /// elements (line `i` holds reading `values[i]` at 09:00 + 5·`times[i]` s, +0100).
    static func exportRecords(_ lines: [String], readings: [Int]) throws -> [String] {
        try zip(lines, readings).map { line, i in
            let time = "2026-11-21 09:00:\(String(format: "%02d", i * 5)) +0100"
            let batch = try #require(Self.value("HealthSigBatch", in: line))
            let signature = Self.value("HealthSigBatchSignature", in: line).map {
                "  <MetadataEntry key=\"HealthSigBatchSignature\" value=\"\($0)\"/>\n"
            } ?? ""
            return """
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Acme Health" sourceVersion="1.0" device="\(ExportXMLFixture.heartRateDevice)" unit="count/min" creationDate="\(time)" startDate="\(time)" endDate="\(time)" value="\(60 + i)">
              <MetadataEntry key="HealthSigBatch" value="\(batch)"/>
            \(signature) </Record>

            """
        }
    }

    @Test("export.xml: the batch keys survive as MetadataEntry elements and every sample verifies")
    func exportXML() throws {
        let ws = try DeviceWorkspace()
        let records = try Self.exportRecords(try Self.signedLines(ws), readings: Array(0..<10))
        try ws.directory.write("export.xml", ExportXMLFixture.document(records))
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("summary: valid=10 unsigned=0"), "\(result.stdout)")
    }

    @Test("JSON Lines: a member altered into an invalid sample (unit kg, start after end, an unknown type) is judged against its record and counted present")
    func invalidMemberJSONLines() throws {
        let ws = try DeviceWorkspace()
        var lines = try Self.signedLines(ws)
        lines[0] = lines[0].replacingOccurrences(of: #""unit":"count/min""#, with: #""unit":"kg""#)
        lines[1] = lines[1].replacingOccurrences(of: #""startDate":"2026-11-21T08:00:05Z""#, with: #""startDate":"2026-11-21T09:00:00Z""#)
        lines[2] = lines[2].replacingOccurrences(of: "HKQuantityTypeIdentifierHeartRate", with: "HKQuantityTypeIdentifierMadeUp")
        let result = try Self.verify(ws, lines, ["--format", "ndjson"])
        #expect(result.status == 1, "\(result)")
        let rows = result.lines.filter { $0.contains(#""verdict":"content-mismatch""#) }
        #expect(rows.count == 3, "\(result.stdout)")
        #expect(rows.allSatisfy { $0.contains(#""reasonCode":"stored-sample-invalid""#) }, "\(result.stdout)")
        #expect(rows[0].contains(#""field":"unit""#), "\(rows[0])")
        #expect(rows[1].contains(#""field":"startDate""#), "\(rows[1])")
        #expect(rows[2].contains(#""field":"type""#), "\(rows[2])")
        #expect(!result.stdout.contains("unreadable\":1"), "\(result.stdout)")
        #expect(result.stdout.contains(#"{"absent":0,"count":4,"id":"#), "\(result.stdout)")
        #expect(!result.stdout.contains(#""absent":1"#), "\(result.stdout)")
    }

    @Test("export.xml: a member altered into an invalid sample is content-mismatch (stored-sample-invalid), one of an unsupported type malformed, both present in the batch")
    func invalidMemberExportXML() throws {
        let ws = try DeviceWorkspace()
        var records = try Self.exportRecords(try Self.signedLines(ws), readings: Array(0..<10))
        records[0] = records[0].replacingOccurrences(of: #"unit="count/min""#, with: #"unit="kg""#)
        records[1] = records[1].replacingOccurrences(of: "HKQuantityTypeIdentifierHeartRate", with: "HKQuantityTypeIdentifierMadeUp")
        try ws.directory.write("export.xml", ExportXMLFixture.document(records))
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml", "--format", "ndjson"])
        #expect(result.status == 1, "\(result)")
        let mismatch = result.lines.filter { $0.contains(#""verdict":"content-mismatch""#) }
        #expect(mismatch.count == 1 && mismatch[0].contains(#""reasonCode":"stored-sample-invalid""#), "\(result.stdout)")
        let malformed = result.lines.filter { $0.contains(#""verdict":"malformed""#) }
        #expect(malformed.count == 1 && malformed[0].contains(#""reasonCode":"unsupported-type""#), "\(result.stdout)")
        #expect(result.stdout.contains(#"{"absent":0,"count":4,"id":"#), "\(result.stdout)")
        #expect(!result.stdout.contains(#""absent":1"#), "\(result.stdout)")
    }

    @Test("export.zip: batch-signed samples verify; a deleted member is counted absent per batch and fails only --require-complete")
    func exportZip() throws {
        let ws = try DeviceWorkspace()
        let lines = try Self.signedLines(ws)
        let complete = try Self.exportRecords(lines, readings: Array(0..<10))
        // Readings 1 and 5: members (not carriers) of the first and second batches.
        var withoutMembers = complete
        withoutMembers.remove(at: 5)
        withoutMembers.remove(at: 1)
        try ws.directory.write("export.xml", ExportXMLFixture.document(complete))
        try ws.directory.write("partial.xml", ExportXMLFixture.document(withoutMembers))
        let script = """
        import zipfile
        for source, name in (("export.xml", "export.zip"), ("partial.xml", "partial.zip")):
            with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("apple_health_export/export_cda.xml", "<ClinicalDocument/>")
                z.write(source, "apple_health_export/export.xml")
        """
        let python = try CLI.python(["-c", script], in: ws.directory.url)
        #expect(python.status == 0, "\(python)")
        func verify(_ zip: String, _ extra: [String] = []) throws -> CommandResult {
            try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", zip] + extra)
        }
        let whole = try verify("export.zip")
        #expect(whole.status == 0, "\(whole)")
        #expect(whole.stdout.contains("summary: valid=10 unsigned=0"), "\(whole.stdout)")
        #expect(try verify("export.zip", ["--require-complete"]).status == 0)

        let partial = try verify("partial.zip")
        #expect(partial.status == 0, "\(partial)")
        #expect(partial.stdout.contains("summary: valid=8 unsigned=0"), "\(partial.stdout)")
        #expect(partial.lines.filter { $0.hasPrefix("batch ") }.map { $0.components(separatedBy: ": ").last } ==
                ["3 of 4 samples present, 1 absent", "3 of 4 samples present, 1 absent", "2 of 2 samples present, 0 absent"])
        let strict = try verify("partial.zip", ["--require-complete"])
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.stdout.contains("summary: valid=8 unsigned=0"))
    }

    @Test("--batch-carriers 2: deleting each batch's last sample leaves every other sample valid")
    func twoCarriersLastDeleted() throws {
        let ws = try DeviceWorkspace()
        let lines = try Self.signedLines(ws, ["--batch-carriers", "2"])
        // Batches of 4, 4 and 2: carriers at indices 1 and 3, 1 and 3, 0 and 1.
        let carriers = lines.enumerated().filter { $0.element.contains("HealthSigBatchSignature") }.map(\.offset)
        #expect(carriers == [1, 3, 5, 7, 8, 9])
        #expect(Self.value("HealthSigBatchSignature", in: lines[1]) == Self.value("HealthSigBatchSignature", in: lines[3]))
        var kept = lines
        for last in [9, 7, 3] { kept.remove(at: last) }
        let result = try Self.verify(ws, kept)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("summary: valid=7 unsigned=0"), "\(result.stdout)")
        #expect(result.lines.filter { $0.hasPrefix("batch ") }.map { $0.components(separatedBy: ": ").last } ==
                ["3 of 4 samples present, 1 absent", "3 of 4 samples present, 1 absent", "1 of 2 samples present, 1 absent"])
    }

    @Test("--batch-carriers 2 with a damaged copy on the second carrier: that sample is bad-signature, the rest valid, the batch complete")
    func damagedSecondCarrier() throws {
        let ws = try DeviceWorkspace()
        let lines = try Self.signedLines(ws, ["--batch-carriers", "2"])
        let first = try #require(Self.value("HealthSigBatchSignature", in: lines[1]))
        // A character inside the ECDSA signature value, 9 octets before the end of the DER.
        var characters = Array(first)
        characters[characters.count - 12] = characters[characters.count - 12] == "A" ? "B" : "A"
        var stored = lines
        stored[3] = stored[3].replacingOccurrences(of: first, with: String(characters))
        let result = try Self.verify(ws, stored)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("summary: valid=9 unsigned=0 malformed=0 bad-signature=1"), "\(result.stdout)")
        // The damaged copy is its carrier's own failure, not the batch's (docs/BATCH.md, step 2).
        #expect(result.lines.contains { $0.hasSuffix(": 4 of 4 samples present, 0 absent") }, "\(result.stdout)")
    }
}
