import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Keeps the README's library example true: the same lines, compiled and run.
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
