import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// docs/BATCH.md with docs/VERIFY.md, "Certificate time": a batch signature's certificate must
/// be valid at each member's signed time (its record's end date), as a per-sample signature's
/// must; `at:` checks every member at one time instead.
@Suite("Batch certificate time")
struct BatchCertificateTimeTests {
    /// Heart rates ending `offsets` seconds from now, batch-signed by `key` as one batch.
    static func batch(endingIn offsets: [TimeInterval], key: P256PrivateKey) throws -> [Sample] {
        let now = Date().timeIntervalSince1970.rounded(.down)
        var signer = BatchSampleSigner(key: key, maximumCount: offsets.count)
        var out: [Sample] = []
        for (i, offset) in offsets.enumerated() {
            let end = try SampleDate(epochSeconds: Int64(now + offset))
            out += try signer.add(.quantity(QuantitySample(
                type: .heartRate, quantity: try Fixtures.quantity(String(70 + i), "count/min"),
                startDate: end, endDate: end)))
        }
        return out + (try signer.finish())
    }

    static func verdicts(_ samples: [Sample], _ verifier: SampleVerifier) -> ([SampleVerdict], [BatchStatus]) {
        var batch = BatchSampleVerifier<Int>(verifier: verifier)
        var outcomes: [BatchSampleVerifier<Int>.Outcome] = []
        for (i, sample) in samples.enumerated() { outcomes += batch.add(sample, tag: i) }
        outcomes += batch.finish()
        return (outcomes.sorted { $0.tag < $1.tag }.map(\.verdict), batch.statuses)
    }

    @Test("members ending before the certificate's notBefore are untrusted-signer; those inside it valid")
    func membersBeforeNotBefore() throws {
        let key = try P256PrivateKey.generate()
        // Valid from now for one day.
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Batch dated device", days: 1)
        let samples = try Self.batch(endingIn: [-7_200, -3_600, 600, 1_200], key: key)
        let (verdicts, statuses) = Self.verdicts(samples, SampleVerifier(trust: TrustSet(certificates: [certificate])))
        #expect(verdicts.map(\.kind) == [.untrustedSigner, .untrustedSigner, .valid, .valid])
        #expect(verdicts[0].reason.contains("certificate is not yet valid"), "\(verdicts[0].reason)")
        #expect(verdicts[2].signer?.certificateSubject == "CN=Batch dated device")
        #expect(statuses.first?.signature == .valid)
    }

    @Test("each member refused for the certificate's period names its own signed time, not another member's")
    func refusedMembersNameTheirOwnTime() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Batch dated device", days: 1)
        // Three members in one period before notBefore: checked once, each reason naming its time.
        let samples = try Self.batch(endingIn: [-7_200, -3_600, -1_800, 600], key: key)
        let (verdicts, _) = Self.verdicts(samples, SampleVerifier(trust: TrustSet(certificates: [certificate])))
        #expect(verdicts.map(\.kind) == [.untrustedSigner, .untrustedSigner, .untrustedSigner, .valid])
        for (verdict, sample) in zip(verdicts.prefix(3), samples) {
            let time = CMSVerifier.timeText(sample.endDate.date)
            #expect(verdict.reason.contains("is not valid at \(time): certificate is not yet valid"), "\(time): \(verdict.reason)")
        }
    }

    @Test("a batch spanning the certificate's notAfter: members after it, the carrier included, are untrusted-signer")
    func batchSpanningNotAfter() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Batch dated device", days: 1)
        let samples = try Self.batch(endingIn: [86_400 - 1_200, 86_400 - 600, 86_400 + 600, 86_400 + 1_200], key: key)
        let (verdicts, _) = Self.verdicts(samples, SampleVerifier(trust: TrustSet(certificates: [certificate])))
        #expect(verdicts.map(\.kind) == [.valid, .valid, .untrustedSigner, .untrustedSigner])
        #expect(verdicts[3].reason.contains("certificate has expired"), "\(verdicts[3].reason)")
    }

    @Test("at: every member is checked at the given time")
    func fixedTime() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Batch dated device", days: 1)
        let samples = try Self.batch(endingIn: [600, 1_200, 1_800], key: key)
        let trust = TrustSet(certificates: [certificate])
        let later = SampleVerifier(trust: trust, at: Date().addingTimeInterval(3 * 86_400))
        #expect(Self.verdicts(samples, later).0.map(\.kind) == [.untrustedSigner, .untrustedSigner, .untrustedSigner])
        let expiredMembers = try Self.batch(endingIn: [3 * 86_400, 3 * 86_400 + 5], key: key)
        #expect(Self.verdicts(expiredMembers, SampleVerifier(trust: trust, at: Date())).0.map(\.kind) == [.valid, .valid])
    }
}
