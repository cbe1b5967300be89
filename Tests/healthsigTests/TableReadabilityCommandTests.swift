import Foundation
import Testing

/// `verify`'s table at 80 columns, as a person reads it: rows of one line, units as people write
/// them, changed fields in words, a workout by its activity, duration and totals, and a note that
/// every row carries printed once.
@Suite struct TableReadabilityCommandTests {
    @Test func at80ColumnsEachRowIsOneLineWithReadableUnitsFieldsAndWorkouts() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        var lines = signed
        lines[1] = lines[1].replacingOccurrences(of: #""value":120,"#, with: #""value":130,"#)
        try ws.directory.write("altered.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "altered.jsonl"],
                                                environment: ["COLUMNS": "80"])
        #expect(result.status == 1, "\(result)")
        let out = result.lines
        #expect(out.allSatisfy { $0.count <= 80 }, "\(result.stdout)")
        // Every line either starts a row (a position), is indented under one, or is the header or summary.
        #expect(out.filter { $0.first?.isNumber == true }.count == 8, "\(result.stdout)")
        #expect(out.contains { $0.hasPrefix("4 ") && $0.contains(" 5.5 mmol/L ") }, "\(result.stdout)")
        #expect(!result.stdout.contains("mmol<"), "\(result.stdout)")
        #expect(out.contains { $0.hasSuffix("reason: systolic: signed 120 mmHg, stored 130 mmHg") }, "\(result.stdout)")
        #expect(out.contains { $0.hasSuffix("reading Running 40 min 30 s, 6.21 km, 412 kcal") }, "\(result.stdout)")
        // The JSON report keeps the exact field path and unit.
        let json = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "altered.jsonl", "--format", "json"])
        #expect(json.stdout.contains(#""field":"objects[0].value""#), "\(json.stdout)")
    }

    @Test func aNoteEveryRowCarriesIsPrintedOnceAndCountedAtTheEnd() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("reading.jsonl", UnsignedStoredDeviceTests.reading + "\n")
        try ws.sign("reading.jsonl", to: "signed.jsonl")
        let record = UnsignedStoredDeviceTests.export(try ws.signatures()[0])
        // Three copies of the reading, each with the same uncovered device string beside it.
        let one = try #require(record.range(of: " <Record")).lowerBound
        let end = try #require(record.range(of: "</HealthData>")).lowerBound
        let body = String(record[one..<end])
        try ws.directory.write("export.xml", String(record[..<one]) + body + body + body + "</HealthData>\n")
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml"],
                                                environment: ["COLUMNS": "200"])
        #expect(result.status == 0, "\(result)")
        let note = "device name=Forged Monitor, manufacturer=Forger Inc is stored but not signed (unsigned context)"
        #expect(result.lines.filter { $0.hasPrefix("note #") } == ["note #1: \(note)"], "\(result.stdout)")
        #expect(result.lines.contains("(note \"\(note)\" also applies to 2 more rows)"), "\(result.stdout)")
    }
}
