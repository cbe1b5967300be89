import Foundation
import Testing

/// `verify --crl`, CRLs in trust directories and the `revoked` verdict (docs/TRUST.md,
/// docs/VERIFY.md "Revocation"): a device revoked now, with readings from a week ago and from
/// tomorrow, checked against the vendor CA alone.
@Suite("verify with CRLs: the revoked verdict")
struct RevocationVerifyCommandTests {
    let directory: TemporaryDirectory
    static let week = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-7 * 86_400))
    static let tomorrow = ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400))

    init() throws {
        directory = try TemporaryDirectory()
        let start = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-30 * 86_400))
        for arguments in [["keygen", "--out", "vendor", "--name", "acme-ca", "--ca", "--subject", "CN=Acme Root CA", "--not-before", start],
                          ["keygen", "--out", "devices", "--name", "bp1", "--issuer", "vendor/acme-ca", "--subject", "CN=BP 1", "--not-before", start],
                          ["keygen", "--out", "devices", "--name", "bp2", "--issuer", "vendor/acme-ca", "--subject", "CN=BP 2", "--not-before", start],
                          ["keygen", "--out", "other", "--name", "other-ca", "--ca", "--subject", "CN=Other CA", "--not-before", start],
                          ["keygen", "--out", "other", "--name", "od", "--issuer", "other/other-ca", "--subject", "CN=BP 1", "--not-before", start]] {
            let made = try directory.healthsig(arguments)
            guard made.status == 0 else { throw CLI.SetupError(description: "\(arguments): \(made)") }
        }
        func reading(_ value: Int, _ date: String) -> String {
            #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(value),"unit":"count/min","startDate":"\#(date)","endDate":"\#(date)"}"#
        }
        try directory.write("readings.jsonl", reading(61, Self.week) + "\n" + reading(62, Self.tomorrow) + "\n")
        for name in ["bp1", "bp2"] {
            let signed = try directory.healthsig(["sign", "--key", "devices/\(name).key.pem", "--cert", "devices/\(name).cert.pem",
                                                  "--embed-cert", "--in", "readings.jsonl", "--out", "\(name).jsonl"])
            guard signed.status == 0 else { throw CLI.SetupError(description: "sign \(name): \(signed)") }
        }
        try directory.write("both.jsonl", try directory.text("bp1.jsonl") + directory.text("bp2.jsonl"))
    }

    private func revoke(_ reason: String, extra: [String] = [], crl: String = "acme.crl.pem") throws {
        let revoked = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", "devices/bp1.cert.pem",
                                               "--reason", reason, "--crl", crl] + extra)
        guard revoked.status == 0 else { throw CLI.SetupError(description: "revoke: \(revoked)") }
    }

    private func entries(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("key compromise revokes every reading of the device, before and after, with reason and dates in ndjson; the sibling stays valid")
    func keyCompromiseRevokesEverything() throws {
        try revoke("key-compromise", extra: ["--compromised-at", Self.week])
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem",
                                           "--in", "both.jsonl", "--format", "ndjson"])
        #expect(run.status == 1, "\(run)")
        let lines = try entries(run.stdout)
        #expect(lines.prefix(4).map { $0["verdict"] as? String } == ["revoked", "revoked", "valid", "valid"], "\(run.stdout)")
        let revocation = try #require(lines[0]["revocation"] as? [String: Any])
        #expect(revocation["reason"] as? String == "keyCompromise")
        #expect(revocation["compromisedAt"] as? String == Self.week)
        #expect(revocation["subject"] as? String == "CN=BP 1")
        let revokedAt = try #require((revocation["revokedAt"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
        #expect(abs(revokedAt.timeIntervalSinceNow) < 600)
        #expect(lines[0]["reasonCode"] as? String == "revoked-keyCompromise")
        #expect((lines[0]["reason"] as? String)?.contains("no trusted time shows the signature existed before the compromise") == true)
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        #expect((summary["counts"] as? [String: Any])?["revoked"] as? Int == 2)
        let crls = try #require((summary["revocation"] as? [String: Any])?["crls"] as? [[String: Any]])
        #expect(crls.first?["issuer"] as? String == "CN=Acme Root CA" && crls.first?["number"] as? String == "1")
        #expect((summary["revocation"] as? [String: Any])?["stale"] as? Bool == false)
    }

    @Test("superseded: the reading dated before the revocation stays valid, the one after is revoked")
    func supersededRevokesFromTheRevocationDate() throws {
        try revoke("superseded")
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem",
                                           "--in", "bp1.jsonl", "--format", "ndjson"])
        #expect(run.status == 1, "\(run)")
        let lines = try entries(run.stdout)
        #expect(lines.prefix(2).map { $0["verdict"] as? String } == ["valid", "revoked"], "\(run.stdout)")
        #expect((lines[1]["revocation"] as? [String: Any])?["reason"] as? String == "superseded")
        #expect((lines[1]["revocation"] as? [String: Any])?["compromisedAt"] is NSNull)
        let table = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem", "--in", "bp1.jsonl"])
        #expect(table.status == 1)
        #expect(table.stdout.contains("summary: valid=1 unsigned=0 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=0 revoked=1"),
                "\(table.stdout)")
        #expect(table.stdout.contains("revocation: CRL acme.crl.pem of CN=Acme Root CA, number 1"), "\(table.stdout)")
    }

    @Test("verify --at checks the superseded rule at that time: before the revocation valid, now revoked")
    func atTimeAppliesTheRule() throws {
        try revoke("superseded")
        let before = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem", "--in", "bp1.jsonl",
                                              "--at", Self.week, "--summary"])
        #expect(before.status == 0 && before.stdout.contains("valid=2"), "\(before)")
        let now = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem", "--in", "bp1.jsonl",
                                           "--at", "now", "--summary"])
        #expect(now.status == 1 && now.stdout.contains("revoked=2"), "\(now)")
    }

    @Test("a FIFO named *.crl in a trust directory is not opened: ignored and reported")
    func fifoInTrustDirectory() throws {
        _ = try directory.makeFIFO("vendor/pipe.crl")
        let run = try directory.healthsig(["verify", "--trust", "vendor", "--in", "both.jsonl", "--summary"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("ignoring the CRL vendor/pipe.crl: a FIFO, not a regular file"), "\(run.stderr)")
        #expect(run.stdout.contains("revocation: ignored the CRL vendor/pipe.crl"), "\(run.stdout)")
    }

    @Test("without the CRL the same readings are valid: the verdict comes from the CRL")
    func withoutTheCRLNothingIsRevoked() throws {
        try revoke("key-compromise")
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--in", "both.jsonl", "--summary"])
        #expect(run.status == 0 && run.stdout == "summary: valid=4 unsigned=0 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=0\n",
                "\(run)")
    }

    @Test("a CRL in a trust directory (*.crl.pem, or DER as *.crl) is read and is not taken for trust")
    func trustDirectoryCRL() throws {
        try revoke("key-compromise", crl: "vendor/acme-ca.crl.pem")
        let run = try directory.healthsig(["verify", "--trust", "vendor", "--in", "both.jsonl", "--summary"])
        #expect(run.status == 1 && run.stdout.contains("revoked=2"), "\(run)")
        let der = try directory.openssl(["crl", "-in", "vendor/acme-ca.crl.pem", "-outform", "DER", "-out", "vendor/acme-ca.crl"])
        #expect(der.status == 0)
        try FileManager.default.removeItem(atPath: directory.path("vendor/acme-ca.crl.pem"))
        let derRun = try directory.healthsig(["verify", "--trust", "vendor", "--in", "both.jsonl", "--summary"])
        #expect(derRun.status == 1 && derRun.stdout.contains("revoked=2"), "\(derRun)")
    }

    @Test("a CRL of a CA outside the trust set, one not signed by its named issuer, and one not DER are ignored, reported, and change nothing")
    func untrustedCRLsAreIgnored() throws {
        let foreign = try directory.healthsig(["revoke", "--ca", "other/other-ca", "--cert", "other/od.cert.pem",
                                               "--reason", "key-compromise", "--crl", "other.crl.pem"])
        #expect(foreign.status == 0, "\(foreign)")
        // A CRL naming the trusted CA as issuer but signed by another key: other-ca renamed is
        // beyond the tool, so the trusted CA's CRL gets its signature replaced instead.
        try revoke("key-compromise")
        var tampered = try directory.read("acme.crl.pem")
        let pem = String(decoding: tampered, as: UTF8.self)
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        var der = try #require(Data(base64Encoded: body))
        der[der.count - 5] ^= 0x01
        try directory.write("forged.crl", bytes: der)
        // Non-minimal outer length (X.690 10.1): 30 82 LL LL -> 30 83 00 LL LL.
        var ber = try #require(Data(base64Encoded: body))
        #expect(ber[1] == 0x82)
        ber.replaceSubrange(1..<2, with: [0x83, 0x00])
        try directory.write("ber.crl", bytes: ber)
        tampered = Data("not a CRL\n".utf8)
        try directory.write("text.crl", bytes: tampered)
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "other.crl.pem", "--crl", "forged.crl",
                                           "--crl", "ber.crl", "--crl", "text.crl", "--in", "both.jsonl", "--format", "json"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("ignoring the CRL other.crl.pem: its issuer CN=Other CA is not a certificate of the trust set"), "\(run.stderr)")
        #expect(run.stderr.contains("ignoring the CRL forged.crl: its signature does not verify under the trusted certificate CN=Acme Root CA"))
        #expect(run.stderr.contains("ignoring the CRL ber.crl: invalid CRL: not DER"), "\(run.stderr)")
        #expect(run.stderr.contains("ignoring the CRL text.crl:"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let revocation = try #require((document["summary"] as? [String: Any])?["revocation"] as? [String: Any])
        #expect((revocation["ignored"] as? [[String: Any]])?.count == 4)
        #expect((revocation["crls"] as? [Any])?.isEmpty == true)
        #expect(((document["samples"] as? [[String: Any]]) ?? []).allSatisfy { $0["verdict"] as? String == "valid" })
    }

    @Test("a missing --crl file is an I/O error (exit 2)")
    func missingCRLFile() throws {
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "nope.crl", "--in", "both.jsonl"])
        #expect(run.status == 2 && run.stderr.contains("nope.crl"), "\(run)")
    }

    @Test("a CRL past its nextUpdate (made by openssl ca) still revokes, the summary says stale since, and --require-fresh-revocation fails")
    func staleCRL() throws {
        try directory.write("index.txt", "")
        try directory.write("ca.cnf", """
            [ca]
            default_ca = acme
            [acme]
            database = index.txt
            default_md = sha256
            crlnumber = crlnumber
            """ + "\n")
        try directory.write("crlnumber", "05\n")
        let revoked = try directory.openssl(["ca", "-config", "ca.cnf", "-keyfile", "vendor/acme-ca.key.pem", "-cert", "vendor/acme-ca.cert.pem",
                                             "-revoke", "devices/bp1.cert.pem", "-crl_reason", "keyCompromise"])
        #expect(revoked.status == 0, "\(revoked)")
        let past = Date().addingTimeInterval(-2 * 86_400)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss'Z'"
        let made = try directory.openssl(["ca", "-gencrl", "-config", "ca.cnf", "-keyfile", "vendor/acme-ca.key.pem", "-cert", "vendor/acme-ca.cert.pem",
                                          "-crl_lastupdate", formatter.string(from: past.addingTimeInterval(-86_400)),
                                          "-crl_nextupdate", formatter.string(from: past), "-out", "stale.crl.pem"])
        #expect(made.status == 0, "\(made)")
        let staleSince = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: past.timeIntervalSince1970.rounded(.down)))
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "stale.crl.pem", "--in", "both.jsonl"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("revocation data is stale since \(staleSince): the CRL stale.crl.pem of CN=Acme Root CA is past its nextUpdate"),
                "\(run.stdout)")
        #expect(run.stdout.contains("revoked=2"))
        #expect(run.stderr.contains("revocation data is stale since \(staleSince)"))
        let json = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "stale.crl.pem", "--in", "bp2.jsonl",
                                            "--format", "json", "--summary"])
        #expect(json.status == 0, "stale data alone does not fail: \(json)")
        let summary = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        let revocation = try #require(summary["revocation"] as? [String: Any])
        #expect(revocation["stale"] as? Bool == true && revocation["staleSince"] as? String == staleSince, "\(revocation)")
        #expect((revocation["crls"] as? [[String: Any]])?.first?["number"] as? String == "5")
        let fresh = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "stale.crl.pem", "--in", "bp2.jsonl",
                                             "--require-fresh-revocation", "--summary"])
        #expect(fresh.status == 1 && fresh.stderr.contains("--require-fresh-revocation: the revocation data is stale"), "\(fresh)")
        let report = try directory.healthsig(["report", "--trust", "vendor/acme-ca.cert.pem", "--crl", "stale.crl.pem", "--in", "bp2.jsonl",
                                              "--out", "stale.html"])
        #expect(report.status == 0, "\(report)")
        #expect(try directory.text("stale.html").contains("next update \(staleSince) — stale since its next update"))
        try revoke("superseded", crl: "fresh.crl.pem")
        let freshRun = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "fresh.crl.pem", "--in", "bp2.jsonl",
                                                "--require-fresh-revocation", "--summary"])
        #expect(freshRun.status == 0, "\(freshRun)")
    }

    @Test("batch signatures: superseded keeps the member dated before the revocation valid and revokes the one after; key compromise revokes both")
    func batchMembersAtTheirOwnTime() throws {
        let signed = try directory.healthsig(["sign", "--key", "devices/bp1.key.pem", "--cert", "devices/bp1.cert.pem", "--embed-cert",
                                              "--batch", "2", "--in", "readings.jsonl", "--out", "batch.jsonl"])
        #expect(signed.status == 0, "\(signed)")
        try revoke("superseded")
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem",
                                           "--in", "batch.jsonl", "--format", "ndjson"])
        #expect(run.status == 1, "\(run)")
        #expect(try entries(run.stdout).prefix(2).map { $0["verdict"] as? String } == ["valid", "revoked"], "\(run.stdout)")
        try revoke("key-compromise", crl: "compromise.crl.pem")
        let compromised = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "compromise.crl.pem",
                                                   "--in", "batch.jsonl", "--format", "ndjson"])
        #expect(try entries(compromised.stdout).prefix(2).map { $0["verdict"] as? String } == ["revoked", "revoked"], "\(compromised.stdout)")
    }

    @Test("report and fhir take --crl: the revoked readings fail the run")
    func reportAndFHIR() throws {
        try revoke("key-compromise")
        let report = try directory.healthsig(["report", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem", "--in", "both.jsonl",
                                              "--out", "report.html"])
        #expect(report.status == 1 && report.stderr.contains("revoked=2"), "\(report)")
        let html = try directory.text("report.html")
        #expect(html.contains("signed by a device whose certificate is revoked"))
        #expect(html.contains("<dt>Revocation lists</dt>") && html.contains("CRL of CN=Acme Root CA, number 1, issued "), "\(html)")
        #expect(!html.contains("stale since"))
        // Revoked readings are unverified: left out of FHIR unless asked for, then never final.
        let fhir = try directory.healthsig(["fhir", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem", "--in", "both.jsonl",
                                            "--bundle", "bundle.json"])
        #expect(fhir.status == 1 && fhir.stderr.contains("revoked=2"), "\(fhir)")
        #expect(try !directory.text("bundle.json").contains("\"code\":\"revoked\""))
        let withUnverified = try directory.healthsig(["fhir", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem", "--in", "both.jsonl",
                                                      "--bundle", "unverified.json", "--include-unverified"])
        #expect(withUnverified.status == 1, "\(withUnverified)")
        let bundle = try directory.text("unverified.json")
        #expect(bundle.contains("\"code\":\"revoked\"") && bundle.contains("\"status\":\"preliminary\""), "\(bundle)")
    }
}
