import Foundation
import Testing

@Suite("healthsig verify (JSON inputs)")
struct VerifyCommandTests {
    /// A file with one sample per verdict, built from correctly signed lines:
    /// 1 valid, 2 unsigned, 3 malformed (not base64), 4 bad-signature (signature bit flipped),
    /// 5 content-mismatch (stored systolic 120 → 110), 6 malformed (valid base64, not a CMS).
    static func mixedFile(_ ws: DeviceWorkspace) throws -> String {
        let signed = try ws.sign()
        let readings = try Examples.lines()
        var lines: [String] = []
        lines.append(signed[0])
        lines.append(readings[4])
        lines.append(try replacingSignature(in: signed[5]) { _ in "!!! not base64 !!!" })
        lines.append(try replacingSignature(in: signed[6]) { signature in
            var der = try #require(Data(base64Encoded: signature))
            der[der.count - 3] ^= 0x01  // inside the ECDSA signature value
            return der.base64EncodedString()
        })
        #expect(signed[1].contains("BloodPressureSystolic\",\"value\":120"))
        lines.append(signed[1].replacingOccurrences(of: "BloodPressureSystolic\",\"value\":120", with: "BloodPressureSystolic\",\"value\":110"))
        lines.append(try replacingSignature(in: signed[4]) { _ in Data("hello, not a signature".utf8).base64EncodedString() })
        return try ws.directory.write("mixed.jsonl", lines.joined(separator: "\n") + "\n")
    }

    static func replacingSignature(in line: String, _ change: (String) throws -> String) throws -> String {
        let range = try #require(line.range(of: #""HKDigitalSignature":"[A-Za-z0-9+/=]*""#, options: .regularExpression))
        let old = String(line[range].dropFirst("\"HKDigitalSignature\":\"".count).dropLast())
        return line.replacingCharacters(in: range, with: "\"HKDigitalSignature\":\"\(try change(old))\"")
    }

    @Test("an empty input passes (nothing failed) with a warning on standard error; with --require-signed it fails")
    func emptyInput() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("empty.jsonl", "")
        try ws.directory.write("empty.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2026-11-21 10:00:00 +0100"/>
            </HealthData>

            """)
        for input in ["empty.jsonl", "empty.xml"] {
            let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", input])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("warning: \(input) holds no samples"), "\(result)")
            #expect(result.lines.last == "summary: valid=0 unsigned=0 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=0")

            let required = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", input, "--require-signed"])
            #expect(required.status == 1, "\(required)")
            #expect(required.stderr == "healthsig: \(input) holds no samples; --require-signed needs at least one signed sample\n",
                    "\(required)")
            #expect(required.lines.last == "summary: valid=0 unsigned=0 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=0")
        }
        try ws.sign()
        let signed = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl"])
        #expect(!signed.stderr.contains("warning"), "\(signed)")
    }

    @Test("all valid: exit 0, every format")
    func allValid() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let table = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl"])
        #expect(table.status == 0, "\(table)")
        #expect(table.lines.first?.hasPrefix("#") == true)
        #expect(table.lines.filter { $0.contains(" valid ") }.count == 8)
        #expect(table.lines.last == "summary: valid=8 unsigned=0 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=0")
        // The table names the signer by a short key id (8 bytes); json keeps the full one.
        #expect(table.lines.filter { $0.contains(" " + ws.keyID.prefix(16) + "… ") }.count == 8, "\(table.stdout)")
        #expect(!table.stdout.contains(ws.keyID))

        let json = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--format", "json"])
        #expect(json.status == 0, "\(json)")
        let report = try Report.object(json.stdout)
        let samples = try Report.samples(report)
        #expect(samples.count == 8)
        #expect(samples.map { $0["position"] as? Int } == Array(1...8))
        for sample in samples {
            #expect(sample["verdict"] as? String == "valid")
            #expect(sample["reasonCode"] as? String == "ok")
            #expect((sample["signer"] as? [String: Any])?["keyId"] as? String == ws.keyID)
        }
        #expect(samples[1]["type"] as? String == "HKCorrelationTypeIdentifierBloodPressure")
        #expect(samples[1]["startDate"] as? String == "2026-11-21T08:05:00+01:00")
        #expect(try Report.counts(report) == ["valid": 8, "unsigned": 0, "malformed": 0, "bad-signature": 0,
                                              "untrusted-signer": 0, "content-mismatch": 0])

        let ndjson = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--format", "ndjson"])
        #expect(ndjson.status == 0, "\(ndjson)")
        let lines = ndjson.lines
        #expect(lines.count == 9)
        for line in lines.dropLast() {
            let object = try Report.object(line)
            #expect(object["verdict"] as? String == "valid")
        }
        let summary = try Report.object(try #require(lines.last))
        #expect(try Report.counts(summary)["valid"] == 8)
    }

    @Test("each verdict once: table, json and ndjson agree; exit 1")
    func everyVerdict() throws {
        let ws = try DeviceWorkspace()
        let mixed = try Self.mixedFile(ws)
        let expected: [Int: String] = [1: "valid", 2: "unsigned", 3: "malformed", 4: "bad-signature", 5: "content-mismatch",
                                       6: "malformed"]

        let json = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", mixed, "--format", "json"])
        #expect(json.status == 1, "\(json)")
        let report = try Report.object(json.stdout)
        #expect(try Report.verdicts(report) == expected)
        #expect(try Report.counts(report) == ["valid": 1, "unsigned": 1, "malformed": 2, "bad-signature": 1,
                                              "untrusted-signer": 0, "content-mismatch": 1])
        let samples = try Report.samples(report)
        let mismatch = try #require(samples.first { $0["position"] as? Int == 5 })
        #expect(mismatch["reason"] as? String == "objects[0].value: signed 120 mmHg, stored 110 mmHg")
        let fields = try #require(mismatch["mismatches"] as? [[String: String]])
        #expect(fields == [["field": "objects[0].value", "signed": "120 mmHg", "stored": "110 mmHg"]])
        #expect((mismatch["signer"] as? [String: Any])?["keyId"] as? String == ws.keyID)
        let notBase64 = try #require(samples.first { $0["position"] as? Int == 3 })
        #expect(notBase64["reasonCode"] as? String == "not-base64")
        let notCMS = try #require(samples.first { $0["position"] as? Int == 6 })
        #expect((notCMS["reasonCode"] as? String)?.hasPrefix("cms-") == true, "\(notCMS)")
        let badSignature = try #require(samples.first { $0["position"] as? Int == 4 })
        #expect(badSignature["line"] as? Int == 4)
        #expect((badSignature["signer"] as? [String: Any])?["keyId"] as? String == ws.keyID)

        let table = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", mixed])
        #expect(table.status == 1)
        #expect(table.stdout.contains("objects[0].value: signed 120 mmHg, stored 110 mmHg"), "\(table.stdout)")
        #expect(table.stdout.contains("BloodPressure             110/80 mmHg"), "\(table.stdout)")
        #expect(table.lines.last == "summary: valid=1 unsigned=1 malformed=2 bad-signature=1 untrusted-signer=0 content-mismatch=1")

        let ndjson = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", mixed, "--format", "ndjson"])
        #expect(ndjson.status == 1)
        var fromLines: [Int: String] = [:]
        for line in ndjson.lines.dropLast() {
            let object = try Report.object(line)
            fromLines[try #require(object["position"] as? Int)] = object["verdict"] as? String
        }
        #expect(fromLines == expected)
        #expect(try Report.counts(Report.object(try #require(ndjson.lines.last)))["unsigned"] == 1)
    }

    @Test("untrusted signer: another key in the trust set → untrusted-signer, exit 1")
    func untrustedSigner() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        #expect(try ws.directory.healthsig(["keygen", "--out", "other", "--name", "o"]).status == 0)
        let result = try ws.directory.healthsig(["verify", "--trust", "other/o.pub.pem", "--in", "signed.jsonl", "--format", "json"])
        #expect(result.status == 1, "\(result)")
        let report = try Report.object(result.stdout)
        #expect(try Report.counts(report)["untrusted-signer"] == 8)
        #expect(try Report.samples(report).allSatisfy { ($0["reason"] as? String)?.contains(ws.keyID) == true })
        // Several --trust options: adding the right key makes everything valid.
        let both = try ws.directory.healthsig(["verify", "--trust", "other/o.pub.pem", "--trust", ws.publicKeyPath, "--in", "signed.jsonl"])
        #expect(both.status == 0, "\(both)")
    }

    @Test("unsigned samples pass unless --require-signed")
    func requireSigned() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        try ws.directory.write("partly.jsonl", signed.joined(separator: "\n") + "\n" + (try Examples.lines()[0]) + "\n")
        let lenient = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "partly.jsonl"])
        #expect(lenient.status == 0, "\(lenient)")
        #expect(lenient.lines.last?.contains("valid=8 unsigned=1") == true)
        let strict = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "partly.jsonl", "--require-signed"])
        #expect(strict.status == 1, "\(strict)")
        let allSigned = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--require-signed"])
        #expect(allSigned.status == 0, "\(allSigned)")
    }

    @Test("a line that is not a sample is reported with its line number and fails the run")
    func unreadableLine() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        try ws.directory.write("broken.jsonl", signed[0] + "\n{\"type\": oops\n" + signed[1] + "\n")
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "broken.jsonl", "--format", "json"])
        #expect(result.status == 1, "\(result)")
        let report = try Report.object(result.stdout)
        #expect((report["summary"] as? [String: Any])?["unreadable"] as? Int == 1)
        let unreadable = try Report.unreadable(report)
        #expect(unreadable.count == 1)
        #expect(unreadable.first?["line"] as? Int == 2)
        #expect(try Report.counts(report)["valid"] == 2)
    }

    @Test("--out writes the report atomically and never over the input or a trust file")
    func outputFile() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--out", "report.json",
                                                 "--format", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try Report.counts(Report.object(ws.directory.text("report.json")))["valid"] == 8)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: ws.directory.url.path).filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty)

        // A failing verification still writes its report (and exits 1).
        let mixed = try Self.mixedFile(ws)
        let failing = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", mixed, "--out", "failing.txt"])
        #expect(failing.status == 1)
        #expect(try ws.directory.text("failing.txt").contains("content-mismatch"))

        let before = try ws.directory.read("signed.jsonl")
        for out in ["signed.jsonl", "./signed.jsonl"] {
            let refused = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--out", out])
            #expect(refused.status == 2, "\(refused)")
            #expect(try ws.directory.read("signed.jsonl") == before)
        }
        let trustBefore = try ws.directory.read(ws.publicKeyPath)
        let overTrust = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--out", ws.publicKeyPath])
        #expect(overTrust.status == 2, "\(overTrust)")
        let overTrustInDirectory = try ws.directory.healthsig(["verify", "--trust", "keys", "--in", "signed.jsonl", "--out", ws.publicKeyPath])
        #expect(overTrustInDirectory.status == 2, "\(overTrustInDirectory)")
        #expect(try ws.directory.read(ws.publicKeyPath) == trustBefore)
    }

    @Test("a trust directory: certificates and public keys are read, private keys skipped")
    func trustDirectory() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        // keys/ holds device.key.pem (private), device.pub.pem and device.cert.pem; add an
        // encrypted private key, a SEC1 key from openssl and an unrelated text file.
        #expect(try ws.directory.healthsig(["keygen", "--out", "keys", "--name", "second", "--passphrase-env", "P"],
                                           environment: ["P": "pw"]).status == 0)
        let sec1 = try ws.directory.openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "keys/legacy.pem"])
        #expect(sec1.status == 0, "\(sec1)")
        try ws.directory.write("keys/notes.txt", "not a key")
        // The certificate was made today, after the example readings: check it at the current time.
        let result = try ws.directory.healthsig(["verify", "--trust", "keys", "--in", "signed.jsonl", "--format", "json",
                                                 "--at", "now"])
        #expect(result.status == 0, "\(result)")
        let samples = try Report.samples(Report.object(result.stdout))
        #expect(samples.count == 8)
        // The certificate in the directory names the signer.
        #expect(samples.allSatisfy { ($0["signer"] as? [String: Any])?["subject"] as? String == ws.subject })

        // A private key named explicitly is an error, not silently trusted.
        let explicitKey = try ws.directory.healthsig(["verify", "--trust", ws.keyPath, "--in", "signed.jsonl"])
        #expect(explicitKey.status == 2, "\(explicitKey)")
        // A directory with nothing to trust is an error.
        try FileManager.default.createDirectory(atPath: ws.directory.path("empty"), withIntermediateDirectories: true)
        let empty = try ws.directory.healthsig(["verify", "--trust", "empty", "--in", "signed.jsonl"])
        #expect(empty.status == 2, "\(empty)")
    }

    @Test("certificate trust with --sid issuer-serial signatures names the certificate subject")
    func issuerSerialWithCertificate() throws {
        let ws = try DeviceWorkspace()
        try ws.sign(to: "is.jsonl", extra: ["--cert", ws.certificatePath, "--sid", "issuer-serial", "--allow-outside-validity"])
        // The certificate was made today, after the example readings were taken (2026-11-21): at
        // the readings' signed time it was not yet valid; `--at now` checks it at the current time.
        let atSignedTime = try ws.directory.healthsig(["verify", "--trust", ws.certificatePath, "--in", "is.jsonl"])
        #expect(atSignedTime.status == 1, "\(atSignedTime)")
        #expect(atSignedTime.lines.last?.contains("untrusted-signer=8") == true, "\(atSignedTime.stdout)")
        #expect(atSignedTime.stdout.contains("certificate is not yet valid"), "\(atSignedTime.stdout)")
        let result = try ws.directory.healthsig(["verify", "--trust", ws.certificatePath, "--in", "is.jsonl", "--format", "json",
                                                 "--at", "now"])
        #expect(result.status == 0, "\(result)")
        for sample in try Report.samples(Report.object(result.stdout)) {
            let signer = try #require(sample["signer"] as? [String: Any])
            #expect(signer["subject"] as? String == ws.subject)
            #expect(signer["keyId"] as? String == ws.keyID)
        }
        let table = try ws.directory.healthsig(["verify", "--trust", ws.certificatePath, "--in", "is.jsonl", "--at", "now"])
        #expect(table.status == 0)
        // The table names a certificate signer by its CN, never by the issuer-and-serial bytes.
        #expect(table.lines.filter { $0.contains("valid" + String(repeating: " ", count: 13) + "Acme BP-200 Cuff ") }.count == 8,
                "\(table.stdout)")
        #expect(!table.stdout.contains("issuer-serial:"))
        // A bare public key cannot match an issuer-and-serial identifier.
        let keyOnly = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "is.jsonl"])
        #expect(keyOnly.status == 1, "\(keyOnly)")
        #expect(keyOnly.lines.last?.contains("untrusted-signer=8") == true)
    }

    @Test("usage and I/O errors exit 2")
    func usageErrors() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let cases: [[String]] = [
            ["verify", "--in", "signed.jsonl"],
            ["verify", "--trust", ws.publicKeyPath],
            ["verify", "--trust", ws.publicKeyPath, "--in", "missing.jsonl"],
            ["verify", "--trust", "missing.pem", "--in", "signed.jsonl"],
            ["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--format", "xml"],
            ["verify", "--trust", ws.publicKeyPath, "--in", "keys"],
        ]
        for arguments in cases {
            let result = try ws.directory.healthsig(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("healthsig: "), "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
        }
    }
}
