import CryptoBackend
import Foundation
import Testing

@Suite("X.509 certificates: parsing")
struct CertificateTests {
    @Test func fieldsMatchWhatOpenSSLPrints() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key("key.pem")
        try openssl.makeSelfSignedCertificate(key: "key.pem", subject: "/C=DE/O=Acme Medical/CN=Acme BP Cuff", out: "cert.pem",
                                              extraArguments: ["-set_serial", "0x0102030405"])
        let certificate = try Certificate(pem: try openssl.readText("cert.pem"))

        #expect(certificate.subject == "CN=Acme BP Cuff,O=Acme Medical,C=DE")
        #expect(certificate.issuer == certificate.subject)
        #expect(certificate.isSelfIssued)
        #expect(certificate.serialNumberBytes == [0x01, 0x02, 0x03, 0x04, 0x05])
        #expect(certificate.issuerNameDER == certificate.subjectNameDER)
        #expect(certificate.issuerNameDER.first == 0x30)

        let printed = try openssl.run(["x509", "-in", "cert.pem", "-noout", "-subject", "-nameopt", "RFC2253"]).text
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == "subject=" + certificate.subject)

        try openssl.run(["x509", "-in", "cert.pem", "-outform", "DER", "-out", "cert.der"])
        let der = try openssl.read("cert.der")
        #expect(certificate.derEncoded == der)
        #expect(try Certificate(derEncoded: der) == certificate)
        #expect(certificate.pemString == (try openssl.readText("cert.pem")))
        // The issuer Name's DER occurs verbatim in the certificate.
        #expect(der.firstRange(of: certificate.issuerNameDER) != nil)

        let key = try P256PrivateKey(pem: try openssl.readText("key.pem"))
        #expect(certificate.publicKey == key.publicKey)
        #expect(try certificate.p256PublicKey() == key.publicKey)
        #expect(certificate.subjectKeyIdentifier == key.publicKey.keyIdentifier)
    }

    @Test func validityDatesMatchOpenSSL() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key("key.pem")
        try openssl.makeSelfSignedCertificate(key: "key.pem", subject: "/CN=Dates", out: "cert.pem")
        let certificate = try Certificate(pem: try openssl.readText("cert.pem"))
        let printed = try openssl.run(["x509", "-in", "cert.pem", "-noout", "-startdate", "-enddate", "-dateopt", "iso_8601"]).text
        // notBefore=2026-11-22 05:08:01Z
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss'Z'"
        let dates = printed.split(separator: "\n").compactMap { line -> Date? in
            line.split(separator: "=", maxSplits: 1).last.flatMap { formatter.date(from: String($0)) }
        }
        #expect(dates == [certificate.notBefore, certificate.notAfter])
        #expect(certificate.notAfter.timeIntervalSince(certificate.notBefore) == 30 * 86_400)
    }

    @Test func serialWithHighBitKeepsItsLeadingZero() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key("key.pem")
        try openssl.makeSelfSignedCertificate(key: "key.pem", subject: "/CN=Serial", out: "cert.pem",
                                              extraArguments: ["-set_serial", "0x80FF"])
        let certificate = try Certificate(pem: try openssl.readText("cert.pem"))
        #expect(certificate.serialNumberBytes == [0x00, 0x80, 0xFF])
    }

    @Test func utf8NamesStayReadable() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key("key.pem")
        try openssl.makeSelfSignedCertificate(key: "key.pem", subject: "/O=Müller, Söhne/CN=Waage", out: "cert.pem",
                                              extraArguments: ["-utf8"])
        let certificate = try Certificate(pem: try openssl.readText("cert.pem"))
        #expect(certificate.subject == "CN=Waage,O=Müller\\, Söhne")
    }

    @Test func certificateWithoutSKIAndWithRSAKey() throws {
        let openssl = try OpenSSLCommand()
        try openssl.run(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", "rsa.pem"])
        try openssl.makeSelfSignedCertificate(key: "rsa.pem", subject: "/CN=RSA root", out: "cert.pem",
                                              extensions: ["basicConstraints=critical,CA:TRUE"])
        let certificate = try Certificate(pem: try openssl.readText("cert.pem"))
        #expect(certificate.subject == "CN=RSA root")
        #expect(certificate.publicKey == nil)
        let error = #expect(throws: CryptoError.self) { try certificate.p256PublicKey() }
        #expect(error?.errorCase == .unsupportedKey)
        #expect(error?.message.contains("RSA") == true)
        // No subjectKeyIdentifier extension was requested; OpenSSL 3.0 `req` adds none either.
        let hasSKI = try openssl.run(["x509", "-in", "cert.pem", "-noout", "-text"]).text.contains("Subject Key Identifier")
        #expect((certificate.subjectKeyIdentifier != nil) == hasSKI)
    }

    @Test func malformedCertificatesAreRefused() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Malformed", days: 1)
        let der = certificate.derEncoded

        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("trailing byte", der + [0x00]),
            ("truncated", Array(der.dropLast())),
            ("garbage", [0x30, 0x03, 0x02, 0x01, 0x01]),
            // Outer SEQUENCE length in non-minimal long form (0x82 00 xx ... is BER, not DER).
            ("non-minimal length", nonMinimalLength(der)),
        ]
        for (name, bytes) in cases {
            let error = #expect(throws: CryptoError.self, "\(name)") { try Certificate(derEncoded: bytes) }
            #expect(error?.errorCase == .invalidCertificate, "\(name)")
        }
        let wrongLabel = #expect(throws: CryptoError.self) { try Certificate(pem: key.publicKey.pemString) }
        #expect(wrongLabel?.errorCase == .invalidPEM)
        let two = #expect(throws: CryptoError.self) { try Certificate(pem: certificate.pemString + certificate.pemString) }
        #expect(two?.errorCase == .invalidPEM)
    }

    /// Re-encodes the outer length of `der` with one extra (zero) length octet.
    private func nonMinimalLength(_ der: [UInt8]) -> [UInt8] {
        // der = 30 82 LL LL ...; produce 30 83 00 LL LL ...
        guard der.count > 4, der[1] == 0x82 else { return der }
        return [0x30, 0x83, 0x00] + Array(der[2...])
    }
}
