import Foundation
import Testing

/// `healthsig sign --batch N` / `--batch-seconds S` (docs/BATCH.md): each line gains
/// `HealthSigBatch`, each batch's last line `HealthSigBatchSignature`, nothing else changes.
@Suite("healthsig sign --batch")
struct BatchSignCommandTests {
    /// `count` heart-rate readings of one strap, 5 s apart.
    static func readings(_ count: Int) -> [String] {
        (0..<count).map { i in
            let second = String(format: "%02d", (i * 5) % 60), minute = String(format: "%02d", (i * 5) / 60)
            return #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(60 + i),"unit":"count/min","startDate":"2026-11-21T08:\#(minute):\#(second)Z","endDate":"2026-11-21T08:\#(minute):\#(second)Z","device":{"name":"Strap","model":"HR-10"}}"#
        }
    }

    /// The line without the batch entries `sign` added (the whole `metadata` object it appended).
    static func removingBatchKeys(_ line: String) -> String {
        line.replacingOccurrences(of: #","metadata":\{"HealthSigBatch":"[A-Za-z0-9_-]{16}/[0-9]+"(,"HealthSigBatchSignature":"[A-Za-z0-9+/=]+")?\}"#,
                                  with: "", options: .regularExpression)
    }

    static func batchReferences(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            line.range(of: #""HealthSigBatch":"[A-Za-z0-9_-]{16}/[0-9]+""#, options: .regularExpression).map {
                String(line[$0].dropFirst(#""HealthSigBatch":""#.count).dropLast())
            }
        }
    }

    static func sign(_ ws: DeviceWorkspace, _ input: [String], _ options: [String]) throws -> [String] {
        try ws.directory.write("hr.jsonl", input.joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "hr.jsonl", "--out", "out.jsonl"] + options)
        #expect(result.status == 0, "\(result)")
        return try ws.directory.text("out.jsonl").split(separator: "\n").map(String.init)
    }

    @Test("--batch 4 over 10 readings: indices 0-3, 0-3, 0-1, signatures on lines 4, 8 and 10, texts otherwise unchanged")
    func batchOfFour() throws {
        let ws = try DeviceWorkspace()
        let input = Self.readings(10)
        let lines = try Self.sign(ws, input, ["--batch", "4"])
        #expect(lines.count == 10)
        #expect(zip(lines, input).allSatisfy { Self.removingBatchKeys($0) == $1 })
        let references = Self.batchReferences(lines)
        #expect(references.map { $0.split(separator: "/")[1] } == ["0", "1", "2", "3", "0", "1", "2", "3", "0", "1"])
        #expect(Set(references.map { $0.prefix(16) }).count == 3)
        let carriers = lines.enumerated().filter { $0.element.contains("\"HealthSigBatchSignature\":\"MII") }.map(\.offset)
        #expect(carriers == [3, 7, 9])
        #expect(!lines.contains { $0.contains("HKDigitalSignature") })
    }

    @Test("--batch-seconds 20 over readings 5 s apart closes a batch every 4 readings")
    func batchSeconds() throws {
        let ws = try DeviceWorkspace()
        let lines = try Self.sign(ws, Self.readings(9), ["--batch-seconds", "20"])
        let carriers = lines.enumerated().filter { $0.element.contains("HealthSigBatchSignature") }.map(\.offset)
        #expect(carriers == [3, 7, 8])
    }

    @Test("a batch holds one device: the example readings, each of another device, are batches of one")
    func oneDevicePerBatch() throws {
        let ws = try DeviceWorkspace()
        let lines = try ws.sign(extra: ["--batch", "720"])
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.contains("HealthSigBatchSignature") && $0.contains("/0\"") })
    }

    @Test("an invalid reading is reported with its line and nothing is written; --skip-invalid signs the rest in batches")
    func invalidReading() throws {
        let ws = try DeviceWorkspace()
        var input = Self.readings(3)
        input[1] = input[1].replacingOccurrences(of: "count/min", with: "mmHg")
        try ws.directory.write("hr.jsonl", input.joined(separator: "\n") + "\n")
        let refused = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "hr.jsonl", "--out", "out.jsonl", "--batch", "4"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 2"))
        #expect(!ws.directory.exists("out.jsonl"))
        let skipped = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "hr.jsonl", "--out", "out.jsonl",
                                                  "--batch", "4", "--skip-invalid"])
        #expect(skipped.status == 0)
        let lines = try ws.directory.text("out.jsonl").split(separator: "\n").map(String.init)
        #expect(Self.batchReferences(lines).map { $0.split(separator: "/")[1] } == ["0", "1"])
    }

    @Test("--batch and --batch-seconds outside their ranges are usage errors (exit 2)",
          arguments: [["--batch", "0"], ["--batch", "65536"], ["--batch-seconds", "0"], ["--batch-seconds", "99999999"]])
    func usage(options: [String]) throws {
        let ws = try DeviceWorkspace()
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "o.jsonl"] + options)
        #expect(result.status == 2, "\(result)")
    }

    @Test("already signed input (per-sample or batch) is refused as per-sample signing refuses it; --replace-signatures signs it again in batches")
    func alreadySignedInput() throws {
        let ws = try DeviceWorkspace()
        let batchSigned = try Self.sign(ws, Self.readings(3), ["--batch", "4"])
        try ws.directory.write("batch-signed.jsonl", batchSigned.joined(separator: "\n") + "\n")
        let perSample = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "hr.jsonl", "--out", "per-sample.jsonl"])
        #expect(perSample.status == 0, "\(perSample)")
        for (file, key) in [("batch-signed.jsonl", "HealthSigBatch"), ("per-sample.jsonl", "HKDigitalSignature")] {
            let again = "again-\(file)"
            let sign = ["sign", "--key", ws.keyPath, "--in", file, "--out", again, "--batch", "4"]
            let refused = try ws.directory.healthsig(sign)
            #expect(refused.status == 1, "\(file): \(refused)")
            #expect(refused.stderr.contains("line 1, metadata.\(key): the sample is already signed (--replace-signatures replaces the signature)"),
                    "\(file): \(refused.stderr)")
            #expect(!ws.directory.exists(again))
            let replaced = try ws.directory.healthsig(sign + ["--replace-signatures"])
            #expect(replaced.status == 0, "\(file): \(replaced)")
            let lines = try ws.directory.text(again).split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(!lines.contains { $0.contains("HKDigitalSignature") }, "\(file)")
            #expect(lines.filter { $0.contains("HealthSigBatchSignature") }.count == 1, "\(file)")
            #expect(Set(Self.batchReferences(lines)).isDisjoint(with: Self.batchReferences(batchSigned)), "\(file): a new batch")
            let verified = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", again])
            #expect(verified.status == 0, "\(file): \(verified)")
            #expect(verified.stdout.contains("summary: valid=3 unsigned=0"), "\(file): \(verified.stdout)")
        }
    }

    @Test("--batch-carriers needs a batch option and is 1...16")
    func carriersOptionBounds() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("hr.jsonl", Self.readings(2).joined(separator: "\n") + "\n")
        for options in [["--batch-carriers", "2"], ["--batch", "4", "--batch-carriers", "0"], ["--batch", "4", "--batch-carriers", "17"]] {
            let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "hr.jsonl", "--out", "out.jsonl"] + options)
            #expect(result.status == 2, "\(options): \(result)")
            #expect(result.stderr.contains("--batch-carriers"), "\(options)")
        }
    }
}

