import Foundation
import Testing

/// `sign --cert` refuses, before signing anything, a certificate that could not vouch for its
/// own signatures (docs/VERIFY.md, "Signer certificates"); `verify` refuses a signer trusted
/// through such a certificate.
@Suite("sign and verify: the signer certificate's purpose")
struct SignerCertificatePurposeCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("readings.jsonl", String(decoding: try Data(contentsOf: Examples.readingsURL), as: UTF8.self))
        let ca = try directory.healthsig(["keygen", "--out", "vendor", "--name", "ca", "--ca", "--subject", "CN=Acme CA",
                                          "--not-before", "2026-01-01"])
        guard ca.status == 0 else { throw CLI.SetupError(description: "keygen --ca: \(ca)") }
        let device = try directory.healthsig(["keygen", "--out", "devices", "--name", "d", "--issuer", "vendor/ca",
                                              "--not-before", "2026-11-01"])
        guard device.status == 0 else { throw CLI.SetupError(description: "keygen --issuer: \(device)") }
    }

    /// A certificate for the device key `devices/d.key.pem`, issued by the CA with `extensions`.
    func deviceCertificate(_ name: String, _ extensions: String) throws -> String {
        try directory.write("\(name).ext", extensions)
        let request = try directory.openssl(["req", "-new", "-key", "devices/d.key.pem", "-subj", "/CN=\(name)", "-out", "\(name).csr"])
        guard request.status == 0 else { throw CLI.SetupError(description: "\(request)") }
        let issued = try directory.openssl(["x509", "-req", "-in", "\(name).csr", "-CA", "vendor/ca.cert.pem", "-CAkey", "vendor/ca.key.pem",
                                            "-CAcreateserial", "-days", "30", "-extfile", "\(name).ext", "-out", "\(name).pem"])
        guard issued.status == 0 else { throw CLI.SetupError(description: "\(issued)") }
        return "\(name).pem"
    }

    @Test("sign --cert refuses a CA certificate, a keyUsage without digitalSignature and an extendedKeyUsage without emailProtection, writing nothing")
    func signRefusesUnsuitableCertificates() throws {
        let keyCertSign = try deviceCertificate("kcs", "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,keyCertSign\n")
        let serverAuth = try deviceCertificate("tls", "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n"
                                                   + "extendedKeyUsage=serverAuth\n")
        let cases: [(key: String, cert: String, reason: String)] = [
            ("vendor/ca.key.pem", "vendor/ca.cert.pem",
             "vendor/ca.cert.pem: CN=Acme CA cannot vouch for the signatures: it is a CA certificate (basicConstraints cA TRUE): "
                 + "a CA certifies device keys, it does not sign readings (signer certificate rule: basicConstraints)"),
            ("devices/d.key.pem", keyCertSign,
             "kcs.pem: CN=kcs cannot vouch for the signatures: its keyUsage (keyCertSign) lacks digitalSignature "
                 + "(signer certificate rule: keyUsage)"),
            ("devices/d.key.pem", serverAuth,
             "tls.pem: CN=tls cannot vouch for the signatures: its extendedKeyUsage (serverAuth) does not include emailProtection, "
                 + "the purpose of a CMS signer (signer certificate rule: extendedKeyUsage)"),
        ]
        for (key, cert, reason) in cases {
            for command in [["sign"], ["sign", "--embed-cert", "--skip-invalid"]] {
                let result = try directory.healthsig(command + ["--key", key, "--cert", cert, "--in", "readings.jsonl", "--out", "out.jsonl"])
                #expect(result.status == 2, "\(result)")
                #expect(result.stderr.contains(reason + ", so a verifier would refuse every one as untrusted-signer; "
                                               + "give the device's own certificate (keygen --issuer or --cert)"), "\(result)")
                #expect(!directory.exists("out.jsonl"))
            }
            let cms = try directory.healthsig(["cms", "sign", "--key", key, "--cert", cert, "--in", "readings.jsonl", "--out", "sig.der"])
            #expect(cms.status == 2 && cms.stderr.contains(reason), "\(cms)")
            #expect(!directory.exists("sig.der"))
        }
    }

    @Test("sign --cert refuses a certificate of another key before signing anything")
    func signRefusesAnotherKeysCertificate() throws {
        let result = try directory.healthsig(["sign", "--key", "devices/d.key.pem", "--cert", "vendor/ca.cert.pem",
                                              "--in", "readings.jsonl", "--out", "out.jsonl"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("vendor/ca.cert.pem: "), "\(result)")
        #expect(!directory.exists("out.jsonl"))
        let mismatch = try directory.healthsig(["sign", "--key", "vendor/ca.key.pem", "--cert", "devices/d.cert.pem",
                                                "--in", "readings.jsonl", "--out", "out.jsonl"])
        #expect(mismatch.status == 2, "\(mismatch)")
        #expect(mismatch.stderr.contains("the signer certificate's public key is not the signing key"), "\(mismatch)")
        #expect(!directory.exists("out.jsonl"))
    }

    @Test("readings signed with the vendor CA's own key are untrusted-signer when the CA is trusted, naming the rule")
    func caKeyAsSignerIsRefused() throws {
        let signed = try directory.healthsig(["sign", "--key", "vendor/ca.key.pem", "--in", "readings.jsonl", "--out", "signed.jsonl"])
        #expect(signed.status == 0, "\(signed)")
        let verified = try directory.healthsig(["verify", "--trust", "vendor/ca.cert.pem", "--in", "signed.jsonl", "--format", "ndjson"])
        #expect(verified.status == 1, "\(verified)")
        let lines = verified.lines.filter { $0.contains("\"verdict\"") }
        #expect(lines.count == 8, "\(verified.stdout)")
        for line in lines {
            let object = try Report.object(line)
            #expect(object["verdict"] as? String == "untrusted-signer", "\(line)")
            #expect((object["reason"] as? String)?.hasPrefix("the trusted certificate CN=Acme CA may not vouch for a signer of readings: "
                                                             + "it is a CA certificate") == true, "\(line)")
        }
    }
}
