import CryptoBackend
import Foundation
import Testing

/// A certificate's validity may start at a given instant (`keygen --not-before`), so that it
/// covers readings taken before the day it was made; `openssl x509` reads the same period.
@Suite("X.509 certificates: validity from a given start")
struct CertificateValidityStartTests {
    /// 2026-11-01T00:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_793_491_200)

    @Test("each kind of certificate is valid from notBefore for the given days, as openssl x509 reads it")
    func startAndEndAsOpenSSLReadsThem() throws {
        let key = try P256PrivateKey.generate()
        let ca = try Certificate.certificateAuthority(privateKey: key, subject: "CN=CA", days: 30, notBefore: Self.start)
        let device = try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "CN=Device", days: 30,
                                            notBefore: Self.start, issuer: ca, issuerKey: key)
        let solo = try Certificate.selfSigned(privateKey: try P256PrivateKey.generate(), subject: "CN=Solo", days: 30,
                                              notBefore: Self.start)
        let openssl = try OpenSSLCommand()
        for certificate in [ca, device, solo] {
            #expect(certificate.notBefore == Self.start)
            #expect(certificate.notAfter == Self.start.addingTimeInterval(30 * 86_400))
            try openssl.write("cert.pem", certificate.pemString)
            let dates = try openssl.run(["x509", "-in", "cert.pem", "-noout", "-startdate", "-enddate"])
            #expect(dates.text == "notBefore=Nov  1 00:00:00 2026 GMT\nnotAfter=Dec  1 00:00:00 2026 GMT\n", "\(dates.text)")
        }
    }

    @Test("a fraction of a second is dropped: certificate times are whole seconds")
    func fractionDropped() throws {
        let certificate = try Certificate.selfSigned(privateKey: try P256PrivateKey.generate(), subject: "CN=Solo", days: 1,
                                                     notBefore: Self.start.addingTimeInterval(0.75))
        #expect(certificate.notBefore == Self.start)
    }

    @Test("UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5)")
    func timeEncodingAcrossTwentyFifty() throws {
        // 2049-12-01T00:00:00Z, 60 days: ends 2050-01-30.
        let certificate = try Certificate.selfSigned(privateKey: try P256PrivateKey.generate(), subject: "CN=Solo", days: 60,
                                                     notBefore: Date(timeIntervalSince1970: 2_521_929_600))
        let openssl = try OpenSSLCommand()
        try openssl.write("cert.der", certificate.derEncoded)
        let parsed = try openssl.run(["asn1parse", "-inform", "DER", "-in", "cert.der"]).text
        #expect(parsed.contains("UTCTIME           :491201000000Z"), "\(parsed)")
        #expect(parsed.contains("GENERALIZEDTIME   :20500130000000Z"), "\(parsed)")
    }

    @Test("a period starting before 1950 or ending after 9999 is refused", arguments: [
        (-631_152_001.0, 1), (253_402_300_799.0 - 86_400, 2),
    ])
    func outsideWritableRange(seconds: Double, days: Int) throws {
        #expect {
            _ = try Certificate.selfSigned(privateKey: try P256PrivateKey.generate(), subject: "CN=Solo", days: days,
                                           notBefore: Date(timeIntervalSince1970: seconds))
        } throws: { error in
            guard case CryptoError.invalidArgument(let reason) = error else { return false }
            return reason.contains("does not fit between 1950-01-01 and 9999-12-31")
        }
    }
}
