import Foundation
import Testing

/// The fleet path a new user follows (a vendor CA, a device certificate it issues, readings
/// signed with the certificate embedded, verified against the CA) on the bundled readings,
/// which were taken before the certificates are made: `keygen --not-before` dates the
/// certificates back, `sign` refuses readings its certificate cannot vouch for, and `verify`
/// says what to do when a certificate does not cover a reading.
@Suite("fleet certificates and reading times")
struct FleetCertificateTimeTests {
    @Test("the fleet example on the bundled readings: every reading valid, and openssl cms -verify agrees")
    func fleetExampleVerifies() throws {
        let dir = try TemporaryDirectory()
        try dir.write("readings.jsonl", String(decoding: try Data(contentsOf: Examples.readingsURL), as: UTF8.self))
        let steps: [[String]] = [
            ["keygen", "--out", "vendor", "--name", "acme-ca", "--ca", "--subject", "CN=Acme Root CA,O=Acme", "--not-before", "2026-01-01"],
            ["keygen", "--out", "devices", "--name", "bp200-0001", "--issuer", "vendor/acme-ca",
             "--subject", "CN=Acme BP-200 SN0001,O=Acme", "--not-before", "2026-11-01"],
            ["sign", "--key", "devices/bp200-0001.key.pem", "--cert", "devices/bp200-0001.cert.pem", "--embed-cert",
             "--in", "readings.jsonl", "--out", "signed.jsonl"],
        ]
        for step in steps {
            let result = try dir.healthsig(step)
            #expect(result.status == 0, "\(step): \(result)")
        }
        let verified = try dir.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--in", "signed.jsonl",
                                          "--require-signed", "--summary"])
        #expect(verified.status == 0, "\(verified)")
        #expect(verified.stdout.contains("valid=8 unsigned=0"), "\(verified)")

        let lines = try dir.text("signed.jsonl").split(separator: "\n")
        #expect(lines.count == 8)
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let text = try #require((object["metadata"] as? [String: Any])?["HKDigitalSignature"] as? String)
            try dir.write("signature-\(index).der", bytes: try #require(Data(base64Encoded: text)))
            let cms = try dir.openssl(["cms", "-verify", "-binary", "-inform", "DER", "-in", "signature-\(index).der",
                                       "-CAfile", "vendor/acme-ca.cert.pem", "-out", "record-\(index).der"])
            #expect(cms.status == 0 && cms.stderr.contains("Verification successful"), "line \(index + 1): \(cms)")
        }
    }

    /// Two heart-rate readings: line 1 ends 2026-11-21T08:00:00Z, line 2 half a second earlier.
    static func twoReadings(in dir: TemporaryDirectory) throws {
        let first = try #require(try Examples.lines().first)
        let earlier = first.replacingOccurrences(of: "\"endDate\":\"2026-11-21T08:00:00Z\"",
                                                 with: "\"endDate\":\"2026-11-21T07:59:59.5Z\"")
            .replacingOccurrences(of: "\"startDate\":\"2026-11-21T08:00:00Z\"", with: "\"startDate\":\"2026-11-21T07:59:59.5Z\"")
        #expect(earlier != first)
        try dir.write("readings.jsonl", first + "\n" + earlier + "\n")
        let keygen = try dir.healthsig(["keygen", "--out", "keys", "--name", "d", "--cert",
                                        "--not-before", "2026-11-21T08:00:00Z", "--days", "1"])
        guard keygen.status == 0 else { throw CLI.SetupError(description: "\(keygen)") }
    }

    static let outsideLine2 = "line 2, endDate: the reading is dated 2026-11-21T07:59:59.500Z (its end date), outside the "
        + "validity of the certificate CN=d (2026-11-21T08:00:00Z to 2026-11-22T08:00:00Z), so a verifier would find it "
        + "untrusted-signer; issue the certificate with keygen --not-before on or before the first reading, or sign it "
        + "anyway with --allow-outside-validity"

    @Test("sign refuses a reading dated outside its certificate's validity, naming the line, the time and the period",
          arguments: [[String](), ["--batch", "2"]])
    func signRefusesReadingsOutsideTheCertificate(extra: [String]) throws {
        let dir = try TemporaryDirectory()
        try Self.twoReadings(in: dir)
        let refused = try dir.healthsig(["sign", "--key", "keys/d.key.pem", "--cert", "keys/d.cert.pem", "--in", "readings.jsonl",
                                         "--out", "signed.jsonl"] + extra)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains(Self.outsideLine2 + "\n"), "\(refused)")
        #expect(!refused.stderr.contains("line 1"), "\(refused)")
        #expect(!dir.exists("signed.jsonl"))

        let skipped = try dir.healthsig(["sign", "--key", "keys/d.key.pem", "--cert", "keys/d.cert.pem", "--in", "readings.jsonl",
                                         "--out", "signed.jsonl", "--skip-invalid"] + extra)
        #expect(skipped.status == 0, "\(skipped)")
        #expect(try dir.text("signed.jsonl").split(separator: "\n").count == 1)
        // (Batch signatures' certificate time is another change's; the per-sample one is checked here.)
        if extra.isEmpty {
            let verified = try dir.healthsig(["verify", "--trust", "keys/d.cert.pem", "--in", "signed.jsonl", "--require-signed",
                                              "--summary"])
            #expect(verified.status == 0, "\(verified)")
        }
    }

    @Test("sign --allow-outside-validity signs it; verify then says the period, the reading's time and what to do")
    func allowedOutsideAndVerifyExplains() throws {
        let dir = try TemporaryDirectory()
        try Self.twoReadings(in: dir)
        let signed = try dir.healthsig(["sign", "--key", "keys/d.key.pem", "--cert", "keys/d.cert.pem", "--in", "readings.jsonl",
                                        "--out", "signed.jsonl", "--allow-outside-validity"])
        #expect(signed.status == 0 && signed.stderr == "signed 2 sample(s)\n", "\(signed)")
        let verified = try dir.healthsig(["verify", "--trust", "keys/d.cert.pem", "--in", "signed.jsonl", "--format", "ndjson"])
        #expect(verified.status == 1, "\(verified)")
        let line2 = try #require(verified.lines.first { $0.contains("\"line\":2") })
        let object = try Report.object(line2)
        #expect(object["verdict"] as? String == "untrusted-signer")
        #expect(object["reason"] as? String == "the trusted certificate CN=d is not valid at 2026-11-21T07:59:59Z: certificate is "
                + "not yet valid (subject \"CN=d\"); it is valid from 2026-11-21T08:00:00Z to 2026-11-22T08:00:00Z; the reading "
                + "is dated 2026-11-21T07:59:59Z (its end date) and must fall inside that period: issue the certificates with "
                + "keygen --not-before on or before the first reading's date", "\(line2)")
        let without = try dir.healthsig(["sign", "--key", "keys/d.key.pem", "--in", "readings.jsonl", "--out", "x.jsonl",
                                         "--allow-outside-validity"])
        #expect(without.status == 2 && without.stderr.contains("--allow-outside-validity needs --cert"), "\(without)")
    }

    @Test("a device certificate made after the readings: verify of the embedded chain says the period and what to do")
    func embeddedChainExplains() throws {
        let dir = try TemporaryDirectory()
        try dir.write("readings.jsonl", try #require(try Examples.lines().first) + "\n")
        #expect(try dir.healthsig(["keygen", "--out", "v", "--name", "ca", "--ca", "--not-before", "2026-01-01"]).status == 0)
        #expect(try dir.healthsig(["keygen", "--out", "d", "--name", "dev", "--issuer", "v/ca",
                                   "--not-before", "2026-11-25", "--days", "30"]).status == 0)
        let signed = try dir.healthsig(["sign", "--key", "d/dev.key.pem", "--cert", "d/dev.cert.pem", "--embed-cert",
                                        "--in", "readings.jsonl", "--out", "signed.jsonl", "--allow-outside-validity"])
        #expect(signed.status == 0, "\(signed)")
        let verified = try dir.healthsig(["verify", "--trust", "v/ca.cert.pem", "--in", "signed.jsonl", "--format", "ndjson"])
        #expect(verified.status == 1, "\(verified)")
        let firstLine = try #require(verified.lines.first)
        let reason = try #require(try Report.object(firstLine)["reason"] as? String)
        #expect(reason.hasSuffix("certificate is not yet valid (subject \"CN=dev\"); it is valid from "
                                 + "2026-11-25T00:00:00Z to 2026-12-25T00:00:00Z; the reading is dated 2026-11-21T08:00:00Z "
                                 + "(its end date) and must fall inside that period: issue the certificates with keygen "
                                 + "--not-before on or before the first reading's date"), "\(reason)")
    }
}
