import Foundation
@testable import HealthSigKit
import SampleSigning
import Testing

/// The verification pipeline as a library: input recognition, malformed input kept
/// apart from I/O errors, and invalid stored items with a signature.
@Suite("VerifyRun")
struct VerifyRunTests {
    /// A temporary directory with a device key and the example readings signed with it.
    final class Fixture {
        let directory: String
        let publicKeyPath: String
        let signatures: [String]
        let readingsPath: String
        let privateKeyPath: String

        init() throws {
            directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("batchverifier-\(UUID().uuidString)")
            let key = try KeyFiles.generate(directory: directory, name: "device", certificateSubject: nil, days: 1)
            publicKeyPath = key.publicKeyPath
            privateKeyPath = key.privateKeyPath
            let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let readings = packageRoot.appendingPathComponent("examples/readings.jsonl").path
            readingsPath = readings
            let signedPath = (directory as NSString).appendingPathComponent("signed.jsonl")
            let result = try SignRun.run(inputPath: readings, outputPath: signedPath, keyPath: key.privateKeyPath,
                                             passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
            guard result.wroteOutput, result.signed == 8 else { throw ToolError.usage("signing the examples failed") }
            signatures = try String(contentsOfFile: signedPath, encoding: .utf8).split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return ((object?["metadata"] as? [String: Any])?["HKDigitalSignature"] as? String) ?? ""
            }
        }

        deinit {
            try? FileManager.default.removeItem(atPath: directory)
        }

        func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

        @discardableResult
        func write(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
            return path(name)
        }

        func verify(_ name: String) throws -> VerificationRun {
            try VerificationRun(path(name), trust: TrustLoader.load([publicKeyPath]))
        }
    }

    /// A minimal export.xml around `body` (no DTD; the Version 14 prologue).
    static func export(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2026-11-22 09:00:00 +0100"/>
        \(body)</HealthData>

        """
    }

    /// The signed heart-rate reading (72 count/min at 2026-11-21T08:00:00Z) as an export Record.
    static func heartRate(_ signature: String, value: String = "72", unit: String = "count/min",
                          start: String = "2026-11-21 09:00:00 +0100", end: String = "2026-11-21 09:00:00 +0100") -> String {
        """
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Acme" device="&lt;&lt;HKDevice: 0x1&gt;, name:Acme HR Strap&gt;" unit="\(unit)" startDate="\(start)" endDate="\(end)" value="\(value)">
          <MetadataEntry key="HKDeviceSerialNumber" value="HR10-000417"/>
          <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
         </Record>

        """
    }

    @Test("an XML syntax error keeps the verdicts before it and adds an unreadable entry with its line")
    func xmlSyntaxError() throws {
        let fixture = try Fixture()
        let text = Self.export(Self.heartRate(fixture.signatures[0]) + " <Record type=\"x\" <oops/>\n")
        try fixture.write("broken.xml", text)
        let report = try fixture.verify("broken.xml")
        #expect(report.entries.map(\.verdict.kind) == [.valid])
        #expect(report.unreadable.count == 1)
        #expect(report.unreadable.first?.line == 8)
        #expect(report.unreadable.first?.reason.hasPrefix("XML: ") == true)
        #expect(!report.passes(requireSigned: false))
    }

    @Test("a file that is neither a zip archive nor XML nor JSON samples is unreadable, not an I/O error")
    func damagedZip() throws {
        let fixture = try Fixture()
        try Data([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0x00, count: 60)).write(to: URL(fileURLWithPath: fixture.path("bad.zip")))
        let report = try fixture.verify("bad.zip")
        #expect(report.entries.isEmpty)
        #expect(report.unreadable.count == 1)
        #expect(report.unreadable.first?.line == nil)
        #expect(report.unreadable.first?.reason.hasPrefix("export.zip: ") == true)
        #expect(report.table.contains("unreadable input: export.zip: "))
        let json = try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any]
        #expect((json?["summary"] as? [String: Any])?["unreadable"] as? Int == 1)
        let unreadable = json?["samples"] as? [[String: Any]]
        #expect(unreadable?.count == 1)
        #expect(unreadable?.first?["line"] == nil)
        #expect(unreadable?.first?["verdict"] as? String == "unreadable")
        #expect(unreadable?.first?["reason"] as? String == report.unreadable.first?.reason)
    }

    @Test("a missing input is an I/O error naming the path")
    func missingInput() throws {
        let fixture = try Fixture()
        let trust = try TrustLoader.load([fixture.publicKeyPath])
        let missing = fixture.path("missing.jsonl")
        #expect {
            _ = try VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: 1).run(inputPath: missing, sinks: [])
        } throws: { error in
            guard case ToolError.io(let path, _) = error else { return false }
            return path == missing
        }
    }

    @Test("JSON reader errors name line and field once")
    func jsonReaderErrors() throws {
        let fixture = try Fixture()
        try fixture.write("bad.jsonl", """
        {"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"furlong","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}

        """)
        let report = try fixture.verify("bad.jsonl")
        #expect(report.unreadable.count == 1)
        let item = try #require(report.unreadable.first)
        #expect(item.line == 1)
        #expect(item.reason.hasPrefix("unit: "), "\(item.reason)")
        #expect(!item.reason.contains("line 1"))
    }

    @Test("a signed JSON Lines sample altered into an invalid one is checked against its signature, not unreadable")
    func signedInvalidJSONSample() throws {
        let fixture = try Fixture()
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8).split(separator: "\n")
        let heartRate = String(signed[0])
        let startMoved = heartRate.replacingOccurrences(of: #""startDate":"2026-11-21T08:00:00Z""#,
                                                        with: #""startDate":"2026-11-21T08:30:00Z""#)
        let otherUnit = heartRate.replacingOccurrences(of: #""unit":"count/min""#, with: #""unit":"mmHg""#)
        let unsignedInvalid = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"mmHg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#
        #expect(startMoved != heartRate && otherUnit != heartRate)
        try fixture.write("altered.jsonl", [startMoved, otherUnit, unsignedInvalid, "not json"].joined(separator: "\n") + "\n")
        let report = try fixture.verify("altered.jsonl")
        #expect(report.entries.map(\.verdict.kind) == [.contentMismatch, .contentMismatch])
        #expect(report.entries.map(\.verdict.reasonCode) == ["stored-sample-invalid", "stored-sample-invalid"])
        #expect(report.entries[0].verdict.mismatches.map(\.field) == ["startDate"])
        #expect(report.entries[1].verdict.mismatches.map(\.description) == ["unit: signed 72 count/min, stored 72 mmHg"])
        #expect(report.entries.map(\.line) == [1, 2])
        // Unsigned and invalid, or not a sample at all: still unreadable.
        #expect(report.unreadable.map(\.line) == [3, 4])
    }

    @Test("a signed export item that is not a valid sample: content-mismatch on the rejected field when the signature holds")
    func invalidStoredSample() throws {
        let fixture = try Fixture()
        let heartRate = fixture.signatures[0]
        var tamperedDER = try #require(Data(base64Encoded: heartRate))
        tamperedDER[tamperedDER.count - 2] ^= 0x01
        let body = Self.heartRate(heartRate, unit: "kg")                                           // wrong dimension
            + Self.heartRate(heartRate, start: "2026-11-21 09:00:01 +0100")                         // start after end
            + Self.heartRate(tamperedDER.base64EncodedString(), unit: "kg")                          // and a bad signature
            + Self.heartRate("not base64!", unit: "kg")
            + Self.heartRate(fixture.signatures[1], unit: "kg")                                      // another sample's signature
        try fixture.write("invalid.xml", Self.export(body))
        let report = try fixture.verify("invalid.xml")
        #expect(report.entries.map(\.verdict.kind) == [.contentMismatch, .contentMismatch, .badSignature, .malformed, .contentMismatch])
        let unit = report.entries[0].verdict
        #expect(unit.reasonCode == "stored-sample-invalid")
        #expect(unit.mismatches.map(\.description) == ["unit: signed 72 count/min, stored 72 kg"])
        #expect(unit.signer != nil)
        let dates = report.entries[1].verdict
        // The validator trips over the end; the field that was altered is the start.
        #expect(dates.mismatches.map(\.field) == ["startDate"])
        #expect(dates.reason.contains("before start"))
        #expect(report.entries[2].verdict.signer != nil)
        #expect(report.entries[3].verdict.reasonCode == "not-base64")
        // The blood-pressure record's signature on a heart-rate item: every field that differs.
        #expect(report.entries[4].verdict.mismatches.map(\.field)
                == ["type", "startDate", "endDate", "device.name", "metadata.HKDeviceSerialNumber", "metadata.HKTimeZone", "objects"])
    }
}
