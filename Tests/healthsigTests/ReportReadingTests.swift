import Foundation
import Testing

/// Every report entry carries the reading: value and unit (a correlation's objects), start and
/// end in RFC 3339, the device's name and model, the export.xml source; absent values are
/// JSON `null`. Signers are named by certificate CN or a short key id in the table.
@Suite("verify reports show the reading")
struct ReportReadingTests {
    @Test("ndjson entries carry value, unit, objects, dates, device and source (null for JSON input)")
    func jsonEntriesCarryTheReading() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--format", "ndjson"])
        #expect(result.status == 0, "\(result)")
        let entries = try result.lines.dropLast().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let heartRate = entries[0]
        #expect(heartRate["value"] as? String == "72")
        #expect(heartRate["unit"] as? String == "count/min")
        #expect(heartRate["startDate"] as? String == "2026-11-21T08:00:00Z")
        #expect(heartRate["endDate"] as? String == "2026-11-21T08:00:00Z")
        #expect(heartRate["device"] as? [String: String] == ["name": "Acme HR Strap", "model": "HR-10"])
        #expect(heartRate["source"] is NSNull)
        #expect(heartRate["objects"] == nil)

        let bloodPressure = entries[1]
        #expect(bloodPressure["value"] is NSNull && bloodPressure["unit"] is NSNull)
        let objects = try #require(bloodPressure["objects"] as? [[String: String]])
        #expect(objects == [["type": "HKQuantityTypeIdentifierBloodPressureSystolic", "value": "120", "unit": "mmHg"],
                            ["type": "HKQuantityTypeIdentifierBloodPressureDiastolic", "value": "80", "unit": "mmHg"]])
        #expect(bloodPressure["startDate"] as? String == "2026-11-21T08:05:00+01:00")
        #expect(bloodPressure["endDate"] as? String == "2026-11-21T08:05:40+01:00")
        #expect(bloodPressure["device"] as? [String: String] == ["name": "Acme BP-200 Cuff", "model": "BP-200"])
        #expect(entries[6]["value"] as? String == "3")   // sleep: the category's integer
    }

    @Test("the table shows reading, start, short signer, then end, device and source under each row")
    func tableShowsTheReading() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines[0].hasPrefix("#        TYPE                      READING           START"))
        let row = try #require(result.lines.first { $0.hasPrefix("2 ") })
        #expect(row.hasPrefix("2        BloodPressure             120/80 mmHg       2026-11-21T08:05:00+01:00  valid             "
                              + ws.keyID.prefix(16) + "…"), "\(row)")
        #expect(result.stdout.contains("\n         end 2026-11-21T08:05:40+01:00  device Acme BP-200 Cuff (BP-200)\n"), "\(result.stdout)")
    }

    @Test("export.xml entries: dates in RFC 3339 (not the export's notation) and the sourceName")
    func exportEntriesConvertDatesAndNameTheSource() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let signatures = try ExportXMLFixture.Signatures(try ws.signatures())
        try ws.directory.write("export.xml", ExportXMLFixture.document([ExportXMLFixture.heartRate(signatures.heartRate)]))
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml", "--format", "ndjson"])
        #expect(result.status == 0, "\(result)")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(result.lines[0].utf8)) as? [String: Any])
        #expect(entry["source"] as? String == "Acme Health")
        #expect(entry["startDate"] as? String == "2026-11-21T09:00:00+01:00")
        #expect(entry["endDate"] as? String == "2026-11-21T09:00:00+01:00")
        #expect(entry["value"] as? String == "72" && entry["unit"] as? String == "count/min")
        let table = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml"])
        #expect(table.stdout.contains("source Acme Health"), "\(table.stdout)")
        #expect(!table.stdout.contains("2026-11-21 09:00:00 +0100"))
    }

    @Test("a mismatch whose signed side is absent is null in JSON, not the text (absent)")
    func absentIsNull() throws {
        let ws = try DeviceWorkspace()
        var lines = try ws.sign()
        lines[0] = lines[0].replacingOccurrences(of: "\"metadata\":{", with: "\"metadata\":{\"HKTimeZone\":\"Europe/Paris\",")
        try ws.directory.write("altered.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "altered.jsonl", "--format", "ndjson"])
        #expect(result.status == 1, "\(result)")
        #expect(!result.stdout.contains("\"signed\":\"(absent)\""))
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(result.lines[0].utf8)) as? [String: Any])
        let mismatch = try #require((entry["mismatches"] as? [[String: Any]])?.first)
        #expect(mismatch["field"] as? String == "metadata.HKTimeZone")
        #expect(mismatch["signed"] is NSNull)
        #expect(mismatch["stored"] as? String == "Europe/Paris")
    }

    @Test("the table counts unsigned samples per type and per source, not only the first 20 listed")
    func unsignedCountedPerTypeAndSource() throws {
        let ws = try DeviceWorkspace()
        let lines = try Examples.lines()
        try ws.directory.write("many.jsonl", (Array(repeating: lines[0], count: 22) + [lines[1]]).joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "many.jsonl"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("(3 more unsigned sample(s) not listed)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("unsigned by type: HeartRate 22, BloodPressure 1\n"), "\(result.stdout)")
        #expect(result.stdout.contains("unsigned by source: (no source) 23\n"), "\(result.stdout)")
    }
}
