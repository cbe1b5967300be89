import Foundation
import Testing

/// Values from the input reach the terminal escaped: a stored value cannot redraw a row, reorder
/// a line or start a line of its own in the table, in inspect, or in an error message.
@Suite("control characters from the input are escaped in text output")
struct TerminalEscapeTests {
    typealias X = ExportXMLFixture

    /// Erases the line, returns to column 1 and prints a fake `valid` row; then a C1 CSI and a
    /// right-to-left override.
    static let redraw = "\u{1B}[2K\u{1B}[1G1  HeartRate  2026-11-21T08:00:00Z  valid  \u{9B}0m\u{202E}"
    static let redrawShown = "\\u{1B}[2K\\u{1B}[1G1  HeartRate  2026-11-21T08:00:00Z  valid  \\u{9B}0m\\u{202E}"

    /// Whether `text` holds anything a terminal would obey other than line feeds.
    static func hasTerminalControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }
    }

    @Test("a stored device name with escape sequences is shown escaped in the content-mismatch row")
    func jsonLinesValueInTable() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        let encoded = String(decoding: try JSONEncoder().encode(Self.redraw), as: UTF8.self)
        let altered = signed[0].replacingOccurrences(of: "\"name\":\"Acme HR Strap\"", with: "\"name\":\(encoded)")
        try #require(altered != signed[0])
        try ws.directory.write("altered.jsonl", altered + "\n")
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "altered.jsonl"])
        #expect(result.status == 1, "\(result)")
        #expect(!Self.hasTerminalControls(result.stdout), "\(result)")
        let row = try #require(result.lines.first { $0.hasPrefix("1 ") })
        #expect(row.contains("content-mismatch"))
        // The table names the field in words (`device name`); the JSON reports keep `device.name`.
        #expect(row.contains("device name: signed Acme HR Strap, stored \(Self.redrawShown)"), "\(row)")
        // Header, row, the reading's line under it (end, device), summary: a value adds none.
        #expect(result.lines.count == 4, "a value must not add lines: \(result)")
    }

    @Test("json and ndjson reports escape C1 and bidi controls too, and still carry the exact stored value")
    func jsonReports() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        let encoded = String(decoding: try JSONEncoder().encode(Self.redraw), as: UTF8.self)
        try ws.directory.write("altered.jsonl", signed[0].replacingOccurrences(of: "\"name\":\"Acme HR Strap\"",
                                                                               with: "\"name\":\(encoded)") + "\n")
        for format in ["json", "ndjson"] {
            let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "altered.jsonl", "--format", format])
            #expect(result.status == 1, "\(result)")
            #expect(!Self.hasTerminalControls(result.stdout), "\(format): \(result)")
            #expect(result.stdout.contains("\\u009B0m\\u202E"), "\(format): \(result)")
            let first = try #require(result.stdout.split(separator: "\n").first.map(String.init))
            let report = try Report.object(format == "json" ? result.stdout : first)
            let sample = format == "json" ? try #require(try Report.samples(report).first) : report
            let mismatches = try #require(sample["mismatches"] as? [[String: String]])
            #expect(mismatches.first { $0["field"] == "device.name" }?["stored"] == Self.redraw)
        }
    }

    @Test("export.xml values with control characters (raw or as references) are shown escaped")
    func exportValueInTable() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let signatures = try X.Signatures(try ws.signatures())
        let device = X.heartRateDevice.replacingOccurrences(of: "name:Acme HR Strap",
                                                            with: "name:Acme HR Strap&#x1B;[2K&#10;\u{202E}\u{9B}")
        try ws.directory.write("export.xml", X.document([X.heartRate(signatures.heartRate, device: device)]))
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml"])
        #expect(result.status == 1, "\(result)")
        #expect(!Self.hasTerminalControls(result.stdout), "\(result)")
        #expect(result.stdout.contains("stored Acme HR Strap\\u{1B}[2K\\n\\u{202E}\\u{9B}"), "\(result)")
    }

    @Test("inspect shows a signed record's control characters escaped")
    func inspectDecodedRecord() throws {
        let ws = try DeviceWorkspace()
        let encoded = String(decoding: try JSONEncoder().encode(Self.redraw), as: UTF8.self)
        let reading = try Examples.lines()[0].replacingOccurrences(of: "\"name\":\"Acme HR Strap\"", with: "\"name\":\(encoded)")
        try ws.directory.write("hostile.jsonl", reading + "\n")
        try ws.sign("hostile.jsonl", to: "hostile-signed.jsonl")
        let signature = try #require(try ws.signatures("hostile-signed.jsonl").first)
        let result = try ws.directory.healthsig(["inspect", "--signature", signature])
        #expect(result.status == 0, "\(result)")
        #expect(!Self.hasTerminalControls(result.stdout), "\(result)")
        #expect(result.stdout.contains("device.name: \(Self.redrawShown)\n"), "\(result)")
        #expect(result.stdout.contains("\"\(Self.redrawShown)\""), "the DER structure dump: \(result)")
    }

    @Test("error messages that echo the input show its control characters escaped")
    func errorMessages() throws {
        let ws = try DeviceWorkspace()
        let reading = try Examples.lines()[0].replacingOccurrences(of: "\"unit\":\"count/min\"",
                                                                   with: "\"unit\":\"\\u001b[2Kcount\\n\\u202e/min\"")
        try ws.directory.write("bad-unit.jsonl", reading + "\n")
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "bad-unit.jsonl", "--out", "out.jsonl"])
        #expect(result.status == 1, "\(result)")
        #expect(!Self.hasTerminalControls(result.stderr), "\(result)")
        #expect(result.stderr.contains("\\u{1B}[2Kcount\\n\\u{202E}/min"), "\(result)")
        // The problem and the summary: a line feed in the value does not start a line.
        #expect(result.stderr.split(separator: "\n").count == 2, "\(result)")

        let missing = try ws.directory.healthsig(["verify", "--trust", "keys/\u{1B}[2Kgone.pem", "--in", "bad-unit.jsonl"])
        #expect(missing.status == 2, "\(missing)")
        #expect(!Self.hasTerminalControls(missing.stderr), "\(missing)")
        #expect(missing.stderr.contains("\\u{1B}[2Kgone.pem"), "\(missing)")
    }
}
