import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// docs/VERIFY.md, "Certificate time": a certificate the signer is trusted through must be valid
/// at the reading's signed time, its end date; `at:` checks at another time instead.
@Suite("Certificate time: the reading's signed time")
struct CertificateTimeAtSignedTimeTests {
    /// A reading taken `offset` seconds from now (start an hour earlier), signed with `key`.
    static func reading(endingIn offset: TimeInterval, key: P256PrivateKey) throws -> Sample {
        let end = Date().addingTimeInterval(offset)
        let endDate = try SampleDate(epochSeconds: Int64(end.timeIntervalSince1970.rounded(.down)))
        let startDate = try SampleDate(epochSeconds: endDate.epochSeconds - 3_600)
        let sample = Sample.quantity(QuantitySample(type: .heartRate, quantity: try Fixtures.quantity("72", "count/min"),
                                                    startDate: startDate, endDate: endDate))
        return try Fixtures.signed(sample, key: key)
    }

    @Test("readings ending inside the certificate's validity verify; after it, before it: untrusted-signer")
    func signedTimeDecides() throws {
        let key = try P256PrivateKey.generate()
        // Valid from now for one day.
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Dated device", days: 1)
        let verifier = SampleVerifier(trust: TrustSet(certificates: [certificate]))
        let inside = verifier.verify(try Self.reading(endingIn: 600, key: key))
        #expect(inside.kind == .valid, "\(inside.reason)")
        #expect(inside.signer?.certificateSubject == "CN=Dated device")

        let after = verifier.verify(try Self.reading(endingIn: 3 * 86_400, key: key))
        #expect(after.kind == .untrustedSigner)
        #expect(after.reason.contains("certificate has expired"), "\(after.reason)")

        // Ends before the certificate's start, though it started an hour before that end: the
        // end date is the signed time.
        let before = verifier.verify(try Self.reading(endingIn: -86_400, key: key))
        #expect(before.kind == .untrustedSigner)
        #expect(before.reason.contains("certificate is not yet valid"), "\(before.reason)")
    }

    @Test("at: a fixed time replaces the signed time")
    func fixedTime() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Dated device", days: 1)
        let later = try Self.reading(endingIn: 3 * 86_400, key: key)
        #expect(SampleVerifier(trust: TrustSet(certificates: [certificate]), at: Date()).verify(later).kind == .valid)
        let inside = try Self.reading(endingIn: 600, key: key)
        let atLater = SampleVerifier(trust: TrustSet(certificates: [certificate]), at: Date().addingTimeInterval(5 * 86_400))
        #expect(atLater.verify(inside).kind == .untrustedSigner)
    }

    @Test("a bare trusted key has no validity period")
    func bareKey() throws {
        let key = try P256PrivateKey.generate()
        let verifier = SampleVerifier(trust: TrustSet(publicKeys: [key.publicKey]))
        #expect(verifier.verify(try Self.reading(endingIn: 50 * 365 * 86_400, key: key)).kind == .valid)
    }
}
