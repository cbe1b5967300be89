import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Keeps the library example of docs/LIBRARY.md true: the same lines, compiled and run.
@Suite struct ReadmeExampleTests {
    @Test func signAndVerifyAReadingAsTheReadmeShows() throws {
        let deviceKey = try P256PrivateKey.generate()
        let reading = Sample.quantity(QuantitySample(
            type: .heartRate,
            quantity: Quantity(value: 72, unit: .countPerMinute),
            startDate: try SampleDate(rfc3339: "2026-11-21T08:00:00Z")))

        let signed = try SampleSigner().signed(reading, using: deviceKey)

        let verifier = SampleVerifier(trust: TrustSet(publicKeys: [deviceKey.publicKey]))
        let verdict = verifier.verify(signed)
        #expect(verdict.kind == .valid)
        #expect(verdict.signer?.keyIdentifier == Hex.encode(deviceKey.publicKey.keyIdentifier))
    }

    @Test func batchSignAndVerifyAsTheReadmeShows() throws {
        let deviceKey = try P256PrivateKey.generate()
        let trust = TrustSet(publicKeys: [deviceKey.publicKey])
        let readings = try BatchFixtures.heartRateDay(count: 1_000, interval: 5)

        var signer = BatchSampleSigner(key: deviceKey, maximumCount: 720)          // or maximumSeconds: 3600
        var stored: [Sample] = []
        for reading in readings { stored += try signer.add(reading) }              // lags by one sample
        stored += try signer.finish()                                              // closes the last batch

        var verifier = BatchSampleVerifier<Int>(verifier: SampleVerifier(trust: trust))
        var outcomes = stored.enumerated().flatMap { verifier.add($1, tag: $0) }   // tag: to restore input order
        outcomes += verifier.finish()
        #expect(outcomes.count == 1_000 && outcomes.allSatisfy { $0.verdict.kind == .valid })
        #expect(verifier.statuses.map(\.count) == [720, 280])
        #expect(verifier.statuses.map(\.absent) == [0, 0])
    }

    @Test func secureElementFlowFromTheReadme() throws {
        // The device's secure element holds the key and returns raw r‖s over a digest.
        let secureElementKey = try P256PrivateKey.generate()
        let reading = Sample.quantity(QuantitySample(
            type: .bodyTemperature,
            quantity: Quantity(value: Decimal(string: "36.6")!, unit: .degreeCelsius),
            startDate: try SampleDate(rfc3339: "2026-11-21T07:30:00Z")))
        let recordBytes = try SampleSigner().recordBytes(for: reading)
        let digest = try SignedDataBuilder().digestToSign(for: recordBytes, publicKey: secureElementKey.publicKey)
        let der = try secureElementKey.signature(forDigest: digest)
        let rs = try #require(try ECDSASignatureValue(derEncoded: der).rawRS)
        let cms = try SignedDataBuilder().assemble(recordBytes, signature: .rawRS(rs), publicKey: secureElementKey.publicKey)

        let verdict = SampleVerifier(trust: TrustSet(publicKeys: [secureElementKey.publicKey]))
            .verify(reading, signatureDER: cms)
        #expect(verdict.kind == .valid)
    }
}
