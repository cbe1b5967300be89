import Foundation
import Testing

/// `healthsig revoke`: the vendor CA's CRL, read back by the real `openssl crl` and honoured by
/// `openssl cms -verify -crl_check` (docs/CLI.md, docs/TRUST.md).
@Suite("revoke writes the vendor CA's CRL")
struct RevokeCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        for arguments in [["keygen", "--out", "vendor", "--name", "acme-ca", "--ca", "--subject", "CN=Acme Root CA,O=Acme"],
                          ["keygen", "--out", "devices", "--name", "bp1", "--issuer", "vendor/acme-ca", "--subject", "CN=Acme BP 1,O=Acme"],
                          ["keygen", "--out", "devices", "--name", "bp2", "--issuer", "vendor/acme-ca", "--subject", "CN=Acme BP 2,O=Acme"],
                          ["keygen", "--out", "other", "--name", "other-ca", "--ca", "--subject", "CN=Other CA"]] {
            let made = try directory.healthsig(arguments)
            guard made.status == 0 else { throw CLI.SetupError(description: "\(arguments): \(made)") }
        }
    }

    private func serial(_ certificate: String) throws -> String {
        let text = try directory.openssl(["x509", "-in", certificate, "-noout", "-serial"]).stdout
        return String(text.split(separator: "=").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("openssl crl -text shows the entry with its reason and invalidityDate, the number, the AKID and nextUpdate")
    func opensslReadsTheEntry() throws {
        let revoked = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", "devices/bp1.cert.pem",
                                               "--reason", "key-compromise", "--compromised-at", "2026-01-02T03:04:05Z",
                                               "--crl", "vendor/acme.crl.pem"])
        #expect(revoked.status == 0, "\(revoked)")
        #expect(revoked.stdout.contains("CRL number 1 with 1 revoked certificate"), "\(revoked)")
        let text = try directory.openssl(["crl", "-in", "vendor/acme.crl.pem", "-noout", "-text"])
        #expect(text.status == 0, "\(text)")
        let serialNumber = try serial("devices/bp1.cert.pem")
        #expect(text.stdout.contains("Serial Number: \(serialNumber)"), "\(text.stdout)")
        #expect(text.stdout.contains("Key Compromise"))
        #expect(text.stdout.contains("Invalidity Date: \n                Jan  2 03:04:05 2026 GMT"), "\(text.stdout)")
        #expect(text.stdout.contains("X509v3 CRL Number: \n                1"))
        #expect(text.stdout.contains("Authority Key Identifier"))
        #expect(text.stdout.contains("Version 2"))
        let verified = try directory.openssl(["crl", "-in", "vendor/acme.crl.pem", "-noout", "-CAfile", "vendor/acme-ca.cert.pem"])
        #expect(verified.status == 0 && verified.stderr.contains("verify OK"), "\(verified)")
        let dates = try directory.openssl(["crl", "-in", "vendor/acme.crl.pem", "-noout", "-lastupdate", "-nextupdate"])
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy 'GMT'"
        let values = dates.stdout.split(separator: "\n").compactMap { line in
            formatter.date(from: String(line.split(separator: "=", maxSplits: 1).last ?? "").replacingOccurrences(of: "  ", with: " "))
        }
        #expect(values.count == 2 && abs(values[1].timeIntervalSince(values[0]) - 30 * 86_400) < 1, "\(dates)")
    }

    @Test("a second revoke keeps the first entry, numbers the CRL 2 and honours --next-update-days; unspecified writes no reasonCode")
    func secondRevocationExtendsTheList() throws {
        for (cert, reason) in [("devices/bp1.cert.pem", "superseded"), ("devices/bp2.cert.pem", "unspecified")] {
            let revoked = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", cert, "--reason", reason,
                                                   "--crl", "acme.crl.pem", "--next-update-days", "7"])
            #expect(revoked.status == 0, "\(revoked)")
        }
        let text = try directory.openssl(["crl", "-in", "acme.crl.pem", "-noout", "-text"]).stdout
        #expect(text.contains("X509v3 CRL Number: \n                2"), "\(text)")
        let serials = [try serial("devices/bp1.cert.pem"), try serial("devices/bp2.cert.pem")]
        #expect(serials.allSatisfy { text.contains($0) }, "\(serials) in \(text)")
        #expect(text.components(separatedBy: "CRL Reason Code").count == 2, "one reasonCode (superseded) only: \(text)")
        #expect(text.contains("Superseded"))
    }

    @Test("openssl cms -verify -crl_check refuses a signature of the revoked certificate and accepts its sibling's")
    func opensslRefusesTheRevokedSigner() throws {
        try directory.write("content.txt", "a reading\n")
        for name in ["bp1", "bp2"] {
            let signed = try directory.healthsig(["cms", "sign", "--key", "devices/\(name).key.pem", "--cert", "devices/\(name).cert.pem",
                                                  "--embed-cert", "--in", "content.txt", "--out", "\(name).der"])
            #expect(signed.status == 0, "\(signed)")
        }
        let revoked = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", "devices/bp1.cert.pem",
                                               "--reason", "key-compromise", "--crl", "acme.crl.pem"])
        #expect(revoked.status == 0, "\(revoked)")
        let bundle = try directory.text("vendor/acme-ca.cert.pem") + directory.text("acme.crl.pem")
        try directory.write("ca-and-crl.pem", bundle)
        let refused = try directory.openssl(["cms", "-verify", "-inform", "DER", "-in", "bp1.der", "-binary", "-CAfile", "ca-and-crl.pem",
                                             "-crl_check", "-out", "/dev/null"])
        #expect(refused.status != 0 && refused.stderr.contains("certificate revoked"), "\(refused)")
        let accepted = try directory.openssl(["cms", "-verify", "-inform", "DER", "-in", "bp2.der", "-binary", "-CAfile", "ca-and-crl.pem",
                                              "-crl_check", "-out", "/dev/null"])
        #expect(accepted.status == 0 && accepted.stderr.contains("Verification successful"), "\(accepted)")
    }

    @Test("a certificate of another CA, one already revoked, a future --compromised-at and another CA's CRL are refused, the CRL unchanged")
    func refusals() throws {
        let first = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", "devices/bp1.cert.pem",
                                             "--reason", "superseded", "--crl", "acme.crl.pem"])
        #expect(first.status == 0, "\(first)")
        let before = try directory.text("acme.crl.pem")
        let again = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", "devices/bp1.cert.pem",
                                             "--reason", "key-compromise", "--crl", "acme.crl.pem"])
        #expect(again.status == 2 && again.stderr.contains("is already revoked"), "\(again)")
        let foreign = try directory.healthsig(["revoke", "--ca", "other/other-ca", "--cert", "devices/bp2.cert.pem",
                                               "--reason", "superseded", "--crl", "other.crl.pem"])
        #expect(foreign.status == 2 && foreign.stderr.contains("was not issued by the CA CN=Other CA"), "\(foreign)")
        #expect(!directory.exists("other.crl.pem"))
        let future = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", "devices/bp2.cert.pem",
                                              "--reason", "key-compromise", "--compromised-at", "2999-01-01T00:00:00Z", "--crl", "acme.crl.pem"])
        #expect(future.status == 2 && future.stderr.contains("--compromised-at 2999-01-01T00:00:00Z is in the future"), "\(future)")
        let badTime = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", "devices/bp2.cert.pem",
                                               "--reason", "key-compromise", "--compromised-at", "yesterday", "--crl", "acme.crl.pem"])
        #expect(badTime.status == 2 && badTime.stderr.contains("--compromised-at takes an RFC 3339 date-time"), "\(badTime)")
        let otherCRL = try directory.healthsig(["revoke", "--ca", "other/other-ca", "--cert", "devices/bp2.cert.pem",
                                                "--reason", "superseded", "--crl", "acme.crl.pem"])
        #expect(otherCRL.status == 2, "\(otherCRL)")
        let badReason = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", "devices/bp2.cert.pem",
                                                 "--reason", "stolen", "--crl", "acme.crl.pem"])
        #expect(badReason.status == 2, "\(badReason)")
        #expect(try directory.text("acme.crl.pem") == before)
    }
}
