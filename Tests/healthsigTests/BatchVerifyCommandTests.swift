import Foundation
import Testing

/// `healthsig verify` on batch-signed samples (docs/BATCH.md): JSON Lines and export.xml, losses
/// and alterations, `--require-complete`.
@Suite("healthsig verify of batch-signed samples")
struct BatchVerifyCommandTests {
    /// Ten heart-rate readings of the strap export.xml describes, 5 s apart from 08:00:00Z,
    /// values 60…69, batch-signed in batches of 4 (carriers on lines 4, 8 and 10).
    static func signedLines(_ ws: DeviceWorkspace) throws -> [String] {
        let readings = (0..<10).map { i in
            let time = "2026-11-21T08:00:\(String(format: "%02d", i * 5))Z"
            return #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(60 + i),"unit":"count/min","startDate":"\#(time)","endDate":"\#(time)","device":{"name":"Acme HR Strap","manufacturer":"Acme Medical Devices Inc.","model":"HR-10"}}"#
        }
        try ws.directory.write("hr.jsonl", readings.joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "hr.jsonl", "--out", "signed.jsonl", "--batch", "4"])
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

    @Test("export.xml: the batch keys survive as MetadataEntry elements and every sample verifies")
    func exportXML() throws {
        let ws = try DeviceWorkspace()
        let records = try Self.signedLines(ws).enumerated().map { i, line in
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
        try ws.directory.write("export.xml", ExportXMLFixture.document(records))
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("summary: valid=10 unsigned=0"), "\(result.stdout)")
    }
}
