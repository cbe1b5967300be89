import Foundation
import Testing

/// Where a new user goes wrong with keys and certificates, the command says so: the CA key's
/// own passphrase options, a certificate left out of the signatures, a passphrase that is not
/// used, an unlabelled key id, a report written to a file without a word on the terminal.
@Suite("hints for keys, certificates and reports")
struct FirstHourHintsTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("readings.jsonl", String(decoding: try Data(contentsOf: Examples.readingsURL), as: UTF8.self))
        let ca = try directory.healthsig(["keygen", "--out", "vendor", "--name", "ca", "--ca", "--not-before", "2026-01-01"])
        guard ca.status == 0 else { throw CLI.SetupError(description: "\(ca)") }
        let device = try directory.healthsig(["keygen", "--out", "devices", "--name", "d", "--issuer", "vendor/ca", "--not-before", "2026-11-01"])
        guard device.status == 0 else { throw CLI.SetupError(description: "\(device)") }
    }

    @Test("keygen --issuer with an encrypted CA key and no CA passphrase names --issuer-passphrase-env")
    func encryptedIssuerKeyNamesIssuerOptions() throws {
        let ca = try directory.healthsig(["keygen", "--out", "locked", "--name", "ca", "--ca", "--passphrase-env", "CA_PW"],
                                         environment: ["CA_PW": "secret"])
        #expect(ca.status == 0, "\(ca)")
        let issued = try directory.healthsig(["keygen", "--out", "devices", "--name", "e", "--issuer", "locked/ca"])
        #expect(issued.status == 2, "\(issued)")
        #expect(issued.stderr.contains("locked/ca.key.pem: the key is encrypted: give --issuer-passphrase-env or --issuer-passphrase-file"),
                "\(issued)")
        let withPassphrase = try directory.healthsig(["keygen", "--out", "devices", "--name", "e", "--issuer", "locked/ca",
                                                      "--issuer-passphrase-env", "CA_PW"], environment: ["CA_PW": "secret"])
        #expect(withPassphrase.status == 0 && withPassphrase.stderr.isEmpty, "\(withPassphrase)")
    }

    @Test("sign --cert without --embed-cert says on standard error that the certificate is not carried")
    func certificateNotEmbeddedIsSaid() throws {
        let note = "healthsig: note: --cert without --embed-cert: the signatures do not carry the certificate, so a verifier must "
            + "trust the device certificate or key itself; add --embed-cert to let it trust the CA alone\n"
        let plain = try directory.healthsig(["sign", "--key", "devices/d.key.pem", "--cert", "devices/d.cert.pem",
                                             "--in", "readings.jsonl", "--out", "a.jsonl"])
        #expect(plain.status == 0 && plain.stderr == note + "signed 8 sample(s)\n", "\(plain)")
        let embedded = try directory.healthsig(["sign", "--key", "devices/d.key.pem", "--cert", "devices/d.cert.pem", "--embed-cert",
                                                "--in", "readings.jsonl", "--out", "b.jsonl"])
        #expect(embedded.status == 0 && embedded.stderr == "signed 8 sample(s)\n", "\(embedded)")
    }

    @Test("verify of signatures carrying no certificate against a CA says to sign with --embed-cert or trust the device certificate")
    func missingCertificateSaysWhatToDo() throws {
        #expect(try directory.healthsig(["sign", "--key", "devices/d.key.pem", "--in", "readings.jsonl", "--out", "s.jsonl"]).status == 0)
        let verified = try directory.healthsig(["verify", "--trust", "vendor/ca.cert.pem", "--in", "s.jsonl", "--format", "ndjson"])
        #expect(verified.status == 1, "\(verified)")
        let first = try #require(verified.lines.first)
        let reason = try #require(try Report.object(first)["reason"] as? String)
        #expect(reason.hasPrefix("no trusted key or certificate matches the signer identifier ski:"), "\(reason)")
        #expect(reason.hasSuffix("; the signature carries no certificate: sign with --embed-cert or trust the device certificate "
                                 + "(or its public key)"), "\(reason)")
    }

    @Test("a passphrase given for a key that is not encrypted is warned about, not silently ignored")
    func unusedPassphraseIsWarned() throws {
        try directory.write("pw.txt", "secret\n")
        let sign = try directory.healthsig(["sign", "--key", "devices/d.key.pem", "--passphrase-env", "PW", "--in", "readings.jsonl",
                                            "--out", "s.jsonl"], environment: ["PW": "secret"])
        #expect(sign.status == 0, "\(sign)")
        #expect(sign.stderr.hasPrefix("healthsig: warning: devices/d.key.pem is not encrypted; the passphrase given with "
                                      + "--passphrase-env is not used\n"), "\(sign)")
        let cms = try directory.healthsig(["cms", "sign", "--key", "devices/d.key.pem", "--passphrase-file", "pw.txt",
                                           "--in", "readings.jsonl", "--out", "s.der"])
        #expect(cms.status == 0, "\(cms)")
        #expect(cms.stderr == "healthsig: warning: devices/d.key.pem is not encrypted; the passphrase given with "
                + "--passphrase-file is not used\n", "\(cms)")
        let issued = try directory.healthsig(["keygen", "--out", "devices", "--name", "f", "--issuer", "vendor/ca",
                                              "--issuer-passphrase-file", "pw.txt", "--not-before", "2026-11-01"])
        #expect(issued.status == 0, "\(issued)")
        #expect(issued.stderr == "healthsig: warning: vendor/ca.key.pem is not encrypted; the passphrase given with "
                + "--issuer-passphrase-file is not used\n", "\(issued)")
        // An encrypted key with its passphrase: nothing to say.
        #expect(try directory.healthsig(["keygen", "--out", "locked", "--name", "k", "--passphrase-file", "pw.txt"]).status == 0)
        let used = try directory.healthsig(["cms", "sign", "--key", "locked/k.key.pem", "--passphrase-file", "pw.txt",
                                            "--in", "readings.jsonl", "--out", "t.der"])
        #expect(used.status == 0 && used.stderr.isEmpty, "\(used)")
    }

    @Test("keygen prints its key id with a label")
    func keyIdentifierIsLabelled() throws {
        let result = try directory.healthsig(["keygen", "--out", "keys", "--name", "k"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.range(of: #"^key id: [0-9a-f]{40}\n$"#, options: .regularExpression) != nil, "\(result)")
    }

    @Test("verify --out FILE prints the summary line on standard error when done, unless --quiet")
    func summaryOnStandardErrorWithOut() throws {
        #expect(try directory.healthsig(["sign", "--key", "devices/d.key.pem", "--in", "readings.jsonl", "--out", "s.jsonl"]).status == 0)
        let summary = "summary: valid=8 unsigned=0 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=0\n"
        let toFile = try directory.healthsig(["verify", "--trust", "devices/d.pub.pem", "--in", "s.jsonl", "--out", "report.txt"])
        #expect(toFile.status == 0 && toFile.stdout.isEmpty, "\(toFile)")
        #expect(toFile.stderr.hasSuffix(summary), "\(toFile)")
        #expect(try directory.text("report.txt").contains("valid=8"))
        let quiet = try directory.healthsig(["verify", "--trust", "devices/d.pub.pem", "--in", "s.jsonl", "--out", "report.json",
                                             "--format", "json", "--quiet"])
        #expect(quiet.status == 0 && !quiet.stderr.contains("summary:"), "\(quiet)")
        let standardOutput = try directory.healthsig(["verify", "--trust", "devices/d.pub.pem", "--in", "s.jsonl", "--out", "-"])
        #expect(standardOutput.status == 0 && !standardOutput.stderr.contains("summary:"), "\(standardOutput)")
    }
}
