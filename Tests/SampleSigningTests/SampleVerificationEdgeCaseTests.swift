import CMS
import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Second-reader findings on `SampleVerifier` / `FieldComparator` (docs/VERIFY.md).
@Suite("Sample verification edge cases")
struct SampleVerificationEdgeCaseTests {
    /// A record whose `m` spells a signed key the SDK way (`HKMetadataKeyTimeZone`) is not
    /// what a signer writes (docs/FORMAT.md: stored names), but what it signs is compared like
    /// every signed key (under the key's meaning), never dropped: absent from the stored sample,
    /// it is a mismatch.
    @Test("record metadata under a signed key's SDK spelling is compared, not silently ignored")
    func sdkSpelledRecordMetadataKeyIsCompared() throws {
        var entries = Fixtures.handHeartRateEntries
        entries.append(("m", .dictionary([("HKMetadataKeyTimeZone", .string("Europe/Paris"))])))
        let text = try Fixtures.signRecordBytes(try Fixtures.handRecord(entries))
        let stored = Fixtures.storing(signature: text, on: try Fixtures.heartRate())
        let verdict = try Fixtures.verify(stored)
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches == [FieldMismatch(field: "metadata.HKMetadataKeyTimeZone", signed: "Europe/Paris", stored: "(absent)")])
    }

    /// docs/VERIFY.md: "Every verdict whose SignedData names a signer reports it". An
    /// unsupported algorithm (here ecdsa-with-SHA256 with NULL parameters, RFC 5758 3.2) leaves
    /// the SignedData readable, so the verdict names the claimed signer.
    @Test("unsupported-algorithm verdict still names the signer the SignedData claims")
    func unsupportedAlgorithmNamesSigner() throws {
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        let der = try Fixtures.signatureDER(signed)
        let contentInfo = try ContentInfo(derNode: DER.parse(der))
        var signedData = try SignedData(derNode: contentInfo.content.node)
        signedData.signerInfos[0].signatureAlgorithm = AlgorithmIdentifier(
            algorithm: .ecdsaWithSHA256, parameters: try DERAny(encoded: [0x05, 0x00]))
        let altered = ContentInfo.encode(signedData: signedData)
        let verdict = try Fixtures.verifier().verify(signed, signatureDER: altered)
        #expect(verdict.kind == .malformed)
        #expect(verdict.reasonCode == "cms-unsupported-algorithm")
        #expect(verdict.signer?.keyIdentifier == Fixtures.compactHex(try Fixtures.deviceKey().publicKey.keyIdentifier))
    }
}
