import CryptoBackend
import Foundation
import Testing

@Suite("X.509 certificates: self-signed creation")
struct SelfSignedCertificateTests {
    @Test func acceptedByOpenSSLVerifyAndCMS() throws {
        let openssl = try OpenSSLCommand()
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Acme BP Cuff,O=Acme", days: 365)
        try openssl.write("cert.pem", certificate.pemString)
        try openssl.write("key.pem", try key.pkcs8PEM())

        let verified = try openssl.run(["verify", "-partial_chain", "-CAfile", "cert.pem", "cert.pem"])
        #expect(verified.text.contains("cert.pem: OK"))

        try openssl.write("content.bin", Array("reading".utf8))
        try openssl.run(["cms", "-sign", "-binary", "-in", "content.bin", "-signer", "cert.pem", "-inkey", "key.pem",
                         "-outform", "DER", "-out", "signed.der"])
        let cms = try openssl.run(["cms", "-verify", "-binary", "-inform", "DER", "-in", "signed.der",
                                   "-content", "content.bin", "-CAfile", "cert.pem", "-out", "verified.bin"])
        #expect(cms.standardError.contains("Verification successful"))
        #expect(try openssl.read("verified.bin") == Array("reading".utf8))
    }

    @Test func fieldsAndExtensions() throws {
        let openssl = try OpenSSLCommand()
        let key = try P256PrivateKey.generate()
        let before = Date()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Acme BP Cuff,O=Acme", days: 10)
        #expect(certificate.subject == "CN=Acme BP Cuff,O=Acme")
        #expect(certificate.issuer == certificate.subject)
        #expect(certificate.isSelfIssued)
        #expect(certificate.publicKey == key.publicKey)
        #expect(certificate.subjectKeyIdentifier == key.publicKey.keyIdentifier)
        #expect(certificate.serialNumberBytes.count == 16)
        #expect(certificate.serialNumberBytes[0] & 0x80 == 0)
        #expect(certificate.serialNumberBytes[0] != 0)
        #expect(abs(certificate.notBefore.timeIntervalSince(before)) < 5)
        #expect(certificate.notAfter.timeIntervalSince(certificate.notBefore) == 10 * 86_400)

        try openssl.write("cert.pem", certificate.pemString)
        let text = try openssl.run(["x509", "-in", "cert.pem", "-noout", "-text"]).text
        #expect(text.contains("Version: 3 (0x2)"))
        #expect(text.contains("Signature Algorithm: ecdsa-with-SHA256"))
        #expect(text.contains("X509v3 Subject Key Identifier"))
        #expect(text.contains("X509v3 Authority Key Identifier"))
        #expect(text.contains("X509v3 Basic Constraints: critical"))
        #expect(text.contains("CA:FALSE"))
        #expect(text.contains("X509v3 Key Usage: critical"))
        #expect(text.contains("Digital Signature"))
        #expect(text.contains("Subject: O = Acme, CN = Acme BP Cuff"))
        // The signature verifies under the certified key.
        let selfCheck = try openssl.run(["x509", "-in", "cert.pem", "-noout", "-pubkey"]).text
        #expect(try P256PublicKey(pem: selfCheck) == key.publicKey)
    }

    @Test func slashAndCommaFormsGiveTheSameName() throws {
        let key = try P256PrivateKey.generate()
        let comma = try Certificate.selfSigned(privateKey: key, subject: "CN=Foo, OU=Devices, O=Bar, C=US", days: 1)
        let slash = try Certificate.selfSigned(privateKey: key, subject: "/C=US/O=Bar/OU=Devices/CN=Foo", days: 1)
        #expect(comma.subjectNameDER == slash.subjectNameDER)
        #expect(comma.subject == "CN=Foo,OU=Devices,O=Bar,C=US")

        let escaped = try Certificate.selfSigned(privateKey: key, subject: "CN=Acme\\, Inc.+serialNumber=42,O=A\\2fB", days: 1)
        #expect(escaped.subject == "CN=Acme\\, Inc.+serialNumber=42,O=A/B")
        let slashEscaped = try Certificate.selfSigned(privateKey: key, subject: "/O=A\\/B/CN=Ünïcödé", days: 1)
        #expect(slashEscaped.subject == "CN=Ünïcödé,O=A/B")
    }

    @Test(arguments: [
        "", "   ", "CN", "CN=", "=Foo", "CN=Foo,,O=Bar", "/CN=Foo/", "CN=Foo\\", "Bogus=Foo", "C=USA",
        "CN=#0403666f6f", "C N=Foo", "CN=\\ff\\fe",
    ])
    func invalidSubjectsAreRefused(subject: String) throws {
        let key = try P256PrivateKey.generate()
        let error = #expect(throws: CryptoError.self) { try Certificate.selfSigned(privateKey: key, subject: subject, days: 1) }
        #expect(error?.errorCase == .invalidSubject, "\(String(describing: error))")
    }

    @Test func explicitSerialNumberAndArgumentChecks() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Serial", days: 1, serialNumber: [0x00, 0x9A, 0x01])
        #expect(certificate.serialNumberBytes == [0x00, 0x9A, 0x01])

        for serial: [UInt8] in [[], [0x00], [0x80], [0x00, 0x01], [UInt8](repeating: 1, count: 21)] {
            let error = #expect(throws: CryptoError.self) {
                try Certificate.selfSigned(privateKey: key, subject: "CN=Serial", days: 1, serialNumber: serial)
            }
            #expect(error?.errorCase == .invalidArgument, "\(serial)")
        }
        for days in [0, -1, Certificate.maximumValidityDays + 1] {
            let error = #expect(throws: CryptoError.self) { try Certificate.selfSigned(privateKey: key, subject: "CN=Days", days: days) }
            #expect(error?.errorCase == .invalidArgument)
        }
        let random = try (0..<4).map { _ in try Certificate.selfSigned(privateKey: key, subject: "CN=R", days: 1).serialNumberBytes }
        #expect(Set(random).count == 4)
    }
}
