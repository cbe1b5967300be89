import Foundation
import Testing

@Suite("healthsig sign")
struct SignCommandTests {
    /// `line` without the entry `sign` adds: `,"HKDigitalSignature":"…"` inside an existing
    /// metadata object, or the whole `,"metadata":{"HKDigitalSignature":"…"}` it appended.
    static func removingSignature(_ line: String) -> String {
        let patterns = [#","metadata":\{"HKDigitalSignature":"[A-Za-z0-9+/=]*"\}"#, #","HKDigitalSignature":"[A-Za-z0-9+/=]*""#,
                        #""HKDigitalSignature":"[A-Za-z0-9+/=]*","#]
        for pattern in patterns {
            if let range = line.range(of: pattern, options: .regularExpression) {
                var out = line
                out.removeSubrange(range)
                return out
            }
        }
        return line
    }

    @Test("output lines are the input lines plus the HKDigitalSignature entry, byte for byte, in order")
    func addsOnlyTheSignature() throws {
        let ws = try DeviceWorkspace()
        let input = try Examples.lines()
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "signed.jsonl"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        let output = try ws.directory.text("signed.jsonl")
        #expect(output.hasSuffix("\n"))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == input.count)
        for (signed, original) in zip(lines, input) {
            #expect(signed.contains("\"HKDigitalSignature\":\"MII"))
            #expect(Self.removingSignature(signed) == original)
        }
        // Every signature is a SignedData identified by the key id.
        for signature in try ws.signatures() {
            let der = try #require(Data(base64Encoded: signature))
            #expect(der.range(of: try #require(Data(hexString: ws.keyID))) != nil)
        }
    }

    @Test("an input without readings is signed into an empty output, with a warning on standard error")
    func emptyInputIsReported() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("empty.jsonl", "\n\n")
        try ws.directory.write("empty.json", "[]")
        for (input, output, written) in [("empty.jsonl", "out.jsonl", ""), ("empty.json", "out.json", "[]\n")] {
            let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", input, "--out", output])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("healthsig: warning: \(input) holds no readings\n"), "\(result)")
            #expect(try ws.directory.text(output) == written)
        }
        let readings = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "signed.jsonl"])
        #expect(!readings.stderr.contains("warning"), "\(readings)")
    }

    @Test("input order is kept, also for a reordered input with CRLF line ends and blank lines")
    func orderKept() throws {
        let ws = try DeviceWorkspace()
        let input = Array(try Examples.lines().reversed())
        try ws.directory.write("reordered.jsonl", input.joined(separator: "\r\n\r\n") + "\r\n")
        let lines = try ws.sign("reordered.jsonl", to: "out.jsonl")
        #expect(lines.count == input.count)
        for (signed, original) in zip(lines, input) {
            #expect(Self.removingSignature(signed) == original)
        }
    }

    /// An invalid line in each of three ways, as (name, edit of readings line, line index, field).
    static let invalidReadings: [(name: String, index: Int, from: String, to: String, field: String)] = [
        ("bad unit", 2, "\"unit\":\"degC\"", "\"unit\":\"furlong\"", "unit"),
        ("end before start", 4, "\"endDate\":\"2026-11-21T06:50:00Z\"", "\"endDate\":\"2026-11-21T05:50:00Z\"", "endDate"),
        ("unknown type", 0, "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierHeartRat", "type"),
        ("bad member unit", 1, "\"value\":80,\"unit\":\"mmHg\"", "\"value\":80,\"unit\":\"kg\"", "objects[1].unit"),
        ("impossible value", 0, "\"value\":72,", "\"value\":-72,", "value"),
        ("impossible member value", 1, "\"value\":80,", "\"value\":800,", "objects[1].value"),
    ]

    @Test("an invalid line: exit 1, message with line number and field, nothing written", arguments: invalidReadings.map(\.name))
    func invalidLineWritesNothing(name: String) throws {
        let bad = try #require(Self.invalidReadings.first { $0.name == name })
        let ws = try DeviceWorkspace()
        var lines = try Examples.lines()
        #expect(lines[bad.index].contains(bad.from))
        lines[bad.index] = lines[bad.index].replacingOccurrences(of: bad.from, with: bad.to)
        try ws.directory.write("bad.jsonl", lines.joined(separator: "\n") + "\n")

        let fresh = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "bad.jsonl", "--out", "out.jsonl"])
        #expect(fresh.status == 1, "\(fresh)")
        #expect(fresh.stderr.contains("line \(bad.index + 1), \(bad.field):"), "\(fresh.stderr)")
        #expect(fresh.stderr.contains("nothing written"))
        #expect(fresh.stdout.isEmpty)
        #expect(!ws.directory.exists("out.jsonl"))
        // No temporary file is left behind either.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: ws.directory.url.path).filter { $0.contains("out.jsonl") }
        #expect(leftovers.isEmpty, "\(leftovers)")

        // An existing output stays as it was.
        try ws.directory.write("existing.jsonl", "previous content\n")
        let existing = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "bad.jsonl", "--out", "existing.jsonl", "--force"])
        #expect(existing.status == 1, "\(existing)")
        #expect(try ws.directory.text("existing.jsonl") == "previous content\n")

        // Standard output is streamed: it gets the lines before the bad one, and nothing after.
        let piped = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "bad.jsonl", "--out", "-"])
        #expect(piped.status == 1, "\(piped)")
        #expect(piped.lines.count == bad.index, "\(piped)")
        #expect(piped.stderr.hasSuffix("stopped at the invalid reading on line \(bad.index + 1)\n"), "\(piped)")
    }

    @Test("a misspelt unit or type gets a did-you-mean hint, a wrong dimension is named in words")
    func hintsForMisspeltReadings() throws {
        let ws = try DeviceWorkspace()
        let line = try #require(try Examples.lines().first)
        let cases = [("\"unit\":\"count/min\"", "\"unit\":\"bpm\"", "line 1, unit: invalid unit \"bpm\" at offset 0: unknown unit \"bpm\"; did you mean \"count/min\"?"),
                     ("\"unit\":\"count/min\"", "\"unit\":\"degC\"", "line 1, unit: heart rate needs a count per time, such as count/min; degC is a temperature"),
                     ("HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierHeartrate",
                      "line 1, type: unsupported sample type HKQuantityTypeIdentifierHeartrate; did you mean HKQuantityTypeIdentifierHeartRate?")]
        for (from, to, message) in cases {
            try ws.directory.write("bad.jsonl", line.replacingOccurrences(of: from, with: to) + "\n")
            let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "bad.jsonl", "--out", "out.jsonl"])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    @Test("an existing output file is refused (exit 2, unchanged) unless --force; a device is written without it")
    func existingOutputNeedsForce() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("previous.jsonl", "previous signed samples\n")
        let refused = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "previous.jsonl"])
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("previous.jsonl: already exists; give --force to replace it"), "\(refused.stderr)")
        #expect(try ws.directory.text("previous.jsonl") == "previous signed samples\n")

        let forced = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "previous.jsonl", "--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(try ws.directory.text("previous.jsonl").split(separator: "\n").count == (try Examples.lines()).count)

        // A device needs no --force (one made here: the machine's own /dev is never touched).
        try ws.directory.makeCharacterDevice("null", MemoryDevice.null)
        let device = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "null"])
        #expect(device.status == 0, "\(device)")
        // The input itself is still refused as the input, --force or not.
        let input = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "readings.jsonl", "--force"])
        #expect(input.status == 2 && !input.stderr.contains("--force"), "\(input)")
    }

    @Test("--skip-invalid writes the good readings, in order, and lists the bad ones")
    func skipInvalid() throws {
        let ws = try DeviceWorkspace()
        var lines = try Examples.lines()
        lines[2] = lines[2].replacingOccurrences(of: "\"unit\":\"degC\"", with: "\"unit\":\"furlong\"")
        lines.insert("{\"type\": not json", at: 5)
        try ws.directory.write("bad.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "bad.jsonl", "--out", "out.jsonl", "--skip-invalid"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("line 3, unit:"))
        #expect(result.stderr.contains("line 6:"))
        let written = try ws.directory.text("out.jsonl").split(separator: "\n").map(String.init)
        let expected = lines.enumerated().filter { $0.offset != 2 && $0.offset != 5 }.map(\.element)
        #expect(written.count == expected.count)
        for (signed, original) in zip(written, expected) {
            #expect(Self.removingSignature(signed) == original)
        }
        let verify = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "out.jsonl", "--require-signed"])
        #expect(verify.status == 0, "\(verify)")
    }

    @Test("--out equal to --in (also via another spelling or a hard link) is refused and the input is unchanged")
    func refusesToOverwriteInput() throws {
        let ws = try DeviceWorkspace()
        let before = try ws.directory.read("readings.jsonl")
        try FileManager.default.linkItem(atPath: ws.directory.path("readings.jsonl"), toPath: ws.directory.path("hardlink.jsonl"))
        for out in ["readings.jsonl", "./readings.jsonl", ws.directory.path("readings.jsonl"), "hardlink.jsonl"] {
            let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", out])
            #expect(result.status == 2, "\(out): \(result)")
            #expect(result.stderr.contains("input"), "\(result.stderr)")
            #expect(try ws.directory.read("readings.jsonl") == before)
        }
        // The key, the certificate and the passphrase file are inputs too.
        try ws.directory.write("pass.txt", "unused\n")
        for victim in [ws.keyPath, ws.certificatePath] {
            let keyBefore = try ws.directory.read(victim)
            let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--cert", ws.certificatePath, "--in", "readings.jsonl",
                                                     "--out", victim])
            #expect(result.status == 2, "\(result)")
            #expect(try ws.directory.read(victim) == keyBefore)
        }
    }

    @Test("a late bad line: standard output keeps the lines before it (more than 64 KiB), none after, exit 1; a file gets nothing")
    func standardOutputStopsAtBadLine() throws {
        let ws = try DeviceWorkspace()
        let readings = try Examples.lines()
        var lines: [String] = []
        for i in 0..<200 { lines.append(readings[i % readings.count]) }
        lines.append(readings[2].replacingOccurrences(of: "\"unit\":\"degC\"", with: "\"unit\":\"furlong\""))
        for i in 0..<40 { lines.append(readings[i % readings.count]) }
        try ws.directory.write("many.jsonl", lines.joined(separator: "\n") + "\n")
        for jobs in ["1", "4"] {
            let failing = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "many.jsonl", "--out", "-", "--jobs", jobs])
            #expect(failing.status == 1, "\(failing.stderr)")
            #expect(failing.lines.count == 200, "--jobs \(jobs): \(failing.lines.count) lines reached standard output")
            #expect(failing.stdoutData.count > 64 * 1024)
            #expect(failing.stderr == "line 201, unit: \(Self.furlong)\n"
                    + "signed 200 sample(s), written as they were signed; stopped at the invalid reading on line 201\n", "\(failing)")
        }
        let file = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "many.jsonl", "--out", "many-signed.jsonl"])
        #expect(file.status == 1 && !ws.directory.exists("many-signed.jsonl"), "\(file)")
        #expect(file.stderr.hasSuffix("240 reading(s) valid, 1 invalid; nothing written\n"), "\(file)")
        let skipping = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "many.jsonl", "--out", "-", "--skip-invalid"])
        #expect(skipping.status == 0)
        #expect(skipping.lines.count == 240)
    }

    /// The reason given for the unit `furlong` on a body temperature.
    static let furlong = "invalid unit \"furlong\" at offset 0: unknown unit \"furlong\""

    @Test("standard input to standard output")
    func standardStreams() throws {
        let ws = try DeviceWorkspace()
        let input = try ws.directory.read("readings.jsonl")
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "-", "--out", "-"], stdin: input)
        #expect(result.status == 0, "\(result)")
        let lines = result.lines
        #expect(lines.count == 8)
        for (signed, original) in zip(lines, try Examples.lines()) {
            #expect(Self.removingSignature(signed) == original)
        }
        #expect(!result.stderr.contains("MII"))
        let verify = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "-"], stdin: result.stdoutData)
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stdout.contains("valid=8"))
    }

    @Test("a JSON array in gives a JSON array out, elements in order")
    func jsonArray() throws {
        let ws = try DeviceWorkspace()
        let input = try Examples.lines()
        try ws.directory.write("readings.json", "[\n  " + input.joined(separator: ",\n  ") + "\n]\n")
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.json", "--out", "signed.json"])
        #expect(result.status == 0, "\(result)")
        let parsed = try JSONSerialization.jsonObject(with: try ws.directory.read("signed.json"))
        let array = try #require(parsed as? [[String: Any]])
        #expect(array.count == input.count)
        for (element, line) in zip(array, input) {
            let original = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(element["type"] as? String == original["type"] as? String)
            #expect(element["startDate"] as? String == original["startDate"] as? String)
            let metadata = try #require(element["metadata"] as? [String: Any])
            #expect((metadata["HKDigitalSignature"] as? String)?.hasPrefix("MII") == true)
            var stripped = metadata
            stripped["HKDigitalSignature"] = nil
            // Compared as sorted JSON text: bridging a JSON `true` through NSDictionary on Linux
            // compares it with the number 1 and fails.
            let originalMetadata = (original["metadata"] as? [String: Any]) ?? [:]
            #expect(try JSONSerialization.data(withJSONObject: stripped, options: .sortedKeys)
                == JSONSerialization.data(withJSONObject: originalMetadata, options: .sortedKeys))
        }
        let verify = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.json", "--format", "json"])
        #expect(verify.status == 0, "\(verify)")
        #expect(try Report.counts(Report.object(verify.stdout))["valid"] == 8)
    }

    @Test("issuer-serial signatures need --cert; a certificate of another key is refused before anything is written")
    func certificateChecks() throws {
        let ws = try DeviceWorkspace()
        let noCert = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--sid", "issuer-serial", "--in", "readings.jsonl",
                                                 "--out", "o.jsonl"])
        #expect(noCert.status == 2, "\(noCert)")
        #expect(try ws.directory.healthsig(["keygen", "--out", "other", "--name", "o", "--cert"]).status == 0)
        for extra in [[String](), ["--skip-invalid"]] {
            let wrongCert = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--cert", "other/o.cert.pem", "--sid", "issuer-serial",
                                                        "--in", "readings.jsonl", "--out", "o.jsonl"] + extra)
            #expect(wrongCert.status == 2, "\(wrongCert)")
            #expect(wrongCert.stderr.contains("other/o.cert.pem"))
            #expect(!ws.directory.exists("o.jsonl"))
        }
        let publicAsKey = try ws.directory.healthsig(["sign", "--key", ws.publicKeyPath, "--in", "readings.jsonl", "--out", "o.jsonl"])
        #expect(publicAsKey.status == 2, "\(publicAsKey)")
        let missing = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "nope.jsonl", "--out", "o.jsonl"])
        #expect(missing.status == 2, "\(missing)")
        #expect(!ws.directory.exists("o.jsonl"))
    }
}

extension Data {
    /// Bytes from hex text; `nil` for odd length or a non-hex character.
    init?(hexString: String) {
        var bytes: [UInt8] = []
        var iterator = hexString.makeIterator()
        while let high = iterator.next() {
            guard let low = iterator.next(), let value = UInt8(String([high, low]), radix: 16) else { return nil }
            bytes.append(value)
        }
        self.init(bytes)
    }
}
