import Foundation
import Testing

/// A fleet without the `openssl` command: `keygen --ca` makes the vendor CA, `keygen --issuer`
/// the device certificates, `sign --embed-cert` carries the device certificate, and a verifier
/// (ours and the real `openssl cms -verify`) trusts the CA alone.
@Suite("keygen --ca / --issuer and sign --embed-cert")
struct VendorCertificateAuthorityCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        // Certificates are checked at the time a reading was taken: readings from tomorrow fall
        // inside the validity of certificates made now (the sleep reading, spanning midnight, is left out).
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let tomorrow = formatter.string(from: Date().addingTimeInterval(86_400))
        let readings = try Examples.lines().filter { !$0.contains("SleepAnalysis") }.map {
            $0.replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}T"#, with: tomorrow + "T", options: .regularExpression)
        }
        try directory.write("readings.jsonl", readings.joined(separator: "\n") + "\n")
        let ca = try directory.healthsig(["keygen", "--out", "vendor", "--name", "acme-ca", "--ca", "--subject", "CN=Acme Root CA,O=Acme"])
        guard ca.status == 0 else { throw CLI.SetupError(description: "keygen --ca: \(ca)") }
        let device = try directory.healthsig(["keygen", "--out", "devices", "--name", "bp200", "--issuer", "vendor/acme-ca",
                                              "--subject", "CN=Acme BP-200 Cuff,O=Acme"])
        guard device.status == 0 else { throw CLI.SetupError(description: "keygen --issuer: \(device)") }
    }

    @Test("a device certificate from keygen --issuer chains to the CA in openssl verify")
    func deviceChainsToCA() throws {
        let verified = try directory.openssl(["verify", "-x509_strict", "-CAfile", "vendor/acme-ca.cert.pem", "devices/bp200.cert.pem"])
        #expect(verified.status == 0 && verified.stdout.contains("devices/bp200.cert.pem: OK"), "\(verified)")
        let caText = try directory.openssl(["x509", "-in", "vendor/acme-ca.cert.pem", "-noout", "-ext", "basicConstraints,keyUsage"])
        #expect(caText.stdout.contains("CA:TRUE") && caText.stdout.contains("Certificate Sign"), "\(caText)")
        let deviceText = try directory.openssl(["x509", "-in", "devices/bp200.cert.pem", "-noout", "-ext",
                                                "basicConstraints,authorityKeyIdentifier"])
        #expect(deviceText.stdout.contains("CA:FALSE") && deviceText.stdout.contains("Authority Key Identifier"), "\(deviceText)")
    }

    @Test("sign --embed-cert: verify and openssl cms -verify trust the vendor CA alone")
    func embeddedCertificateVerifiesAgainstTheCA() throws {
        let signed = try directory.healthsig(["sign", "--key", "devices/bp200.key.pem", "--cert", "devices/bp200.cert.pem",
                                              "--embed-cert", "--in", "readings.jsonl", "--out", "signed.jsonl"])
        #expect(signed.status == 0, "\(signed)")
        let verified = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--in", "signed.jsonl",
                                                "--require-signed", "--format", "ndjson"])
        #expect(verified.status == 0, "\(verified)")
        #expect(verified.stdout.contains("CN=Acme BP-200 Cuff,O=Acme"))

        let line = try #require(try directory.text("signed.jsonl").split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let signature = try #require((object["metadata"] as? [String: Any])?["HKDigitalSignature"] as? String)
        try directory.write("signature.der", bytes: try #require(Data(base64Encoded: signature)))
        let cms = try directory.openssl(["cms", "-verify", "-inform", "DER", "-in", "signature.der", "-binary",
                                         "-CAfile", "vendor/acme-ca.cert.pem", "-out", "record.der"])
        #expect(cms.status == 0 && cms.stderr.contains("Verification successful"), "\(cms)")
    }

    @Test("without --embed-cert the CA alone cannot identify the signer: untrusted-signer")
    func withoutEmbeddedCertificateTheCAIsNotEnough() throws {
        let signed = try directory.healthsig(["sign", "--key", "devices/bp200.key.pem", "--in", "readings.jsonl", "--out", "signed.jsonl"])
        #expect(signed.status == 0, "\(signed)")
        let verified = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--in", "signed.jsonl", "--summary"])
        #expect(verified.status == 1, "\(verified)")
        #expect(verified.stdout.contains("untrusted-signer=7"), "\(verified)")
    }

    @Test("keygen --issuer with a certificate that is no CA, a missing CA, or with --ca is refused")
    func refusedIssuers() throws {
        let selfSigned = try directory.healthsig(["keygen", "--out", "devices", "--name", "solo", "--cert"])
        #expect(selfSigned.status == 0, "\(selfSigned)")
        let notCA = try directory.healthsig(["keygen", "--out", "devices", "--name", "x", "--issuer", "devices/solo"])
        #expect(notCA.status == 2 && notCA.stderr.contains("is not a CA certificate"), "\(notCA)")
        #expect(!directory.exists("devices/x.key.pem"))
        let missing = try directory.healthsig(["keygen", "--out", "devices", "--name", "y", "--issuer", "vendor/nope"])
        #expect(missing.status == 2 && missing.stderr.contains("vendor/nope.cert.pem"), "\(missing)")
        let both = try directory.healthsig(["keygen", "--out", "devices", "--name", "z", "--ca", "--issuer", "vendor/acme-ca"])
        #expect(both.status == 2 && both.stderr.contains("give --ca or --issuer, not both"), "\(both)")
        let embedWithoutCert = try directory.healthsig(["sign", "--key", "devices/bp200.key.pem", "--embed-cert",
                                                        "--in", "readings.jsonl", "--out", "out.jsonl"])
        #expect(embedWithoutCert.status == 2 && embedWithoutCert.stderr.contains("--embed-cert needs --cert"), "\(embedWithoutCert)")
    }

    @Test("--issuer accepts the CA's certificate or key path as well as its base name")
    func issuerByFilePath() throws {
        let byCert = try directory.healthsig(["keygen", "--out", "devices", "--name", "t1", "--issuer", "vendor/acme-ca.cert.pem"])
        #expect(byCert.status == 0, "\(byCert)")
        let verified = try directory.openssl(["verify", "-CAfile", "vendor/acme-ca.cert.pem", "devices/t1.cert.pem"])
        #expect(verified.status == 0, "\(verified)")
    }
}
