import CMS
import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// docs/BATCH.md's worked example: two heart-rate readings, 72 and 75 count/min at 08:00:00Z
/// and 08:00:05Z without device, batch identifier 00 01 … 0B. The manifest's hex is the
/// document's; the test decodes it, so the document cannot drift from the code.
@Suite("Batch worked example")
struct BatchWorkedExampleTests {
    static let identifier: [UInt8] = Array(0...11)

    /// The manifest as docs/BATCH.md prints it.
    static let documentedManifest = Self.octets("""
        3081ae061469819dffe6b9919cdaa5fda7eacdb3edacd4d463040c000102030405060708090a0b020102020200fd\
        04818078da3368fc65586dc0cec39456c6c4c868c0c3c358c6c9ce6c6ea4e7aa6d60c0c7c358cac3999c5f9a57a2\
        9f9b996720c2c3982ac16f6460646668686468606100045120d1624c51351ec6121e450fefc0d2c4bc92cc92ca90\
        ca8254cf9454203b2d33b5c82335b1a82428b124159be5a6c45a6e8ad57253a22d0700d0663e59
        """)

    /// Octets of compact hex text.
    static func octets(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
        }
    }

    static func samples() throws -> [Sample] {
        [try Fixtures.heartRate("72"), try Fixtures.heartRate("75", at: "2026-11-21T08:00:05Z")]
    }

    @Test("the documented manifest decodes to batch 000102…0b holding the two readings' records")
    func documentedManifestDecodes() throws {
        let manifest = try BatchManifest(derEncoded: Self.documentedManifest)
        #expect(manifest.batchIdentifier == Self.identifier)
        #expect(manifest.compressedLength == 128)
        let expected = try Self.samples().map { try SampleSigner().recordBytes(for: $0) }
        #expect(manifest.records.map(Array.init) == expected)
        #expect(expected.map(\.count) == [125, 125])
    }

    @Test("the documented samples verify valid against a signature over the documented manifest")
    func documentedSamplesVerify() throws {
        var signer = BatchSampleSigner(key: try Fixtures.deviceKey(), maximumCount: 2, newIdentifier: { Self.identifier })
        var stored: [Sample] = []
        for sample in try Self.samples() { stored += try signer.add(sample) }
        #expect(BatchFixtures.text(stored[0], BatchReference.metadataKey) == "AAECAwQFBgcICQoL/0")
        #expect(BatchFixtures.text(stored[1], BatchReference.metadataKey) == "AAECAwQFBgcICQoL/1")
        // The carrier's signature, rebuilt over the documented octets, verifies both samples.
        let der = try SignedDataBuilder().sign(Self.documentedManifest, using: try Fixtures.deviceKey())
        stored[1] = BatchAttackTests.replacingMetadata(stored[1], BatchReference.signatureMetadataKey,
                                                       with: Data(der).base64EncodedString())
        let (verdicts, statuses) = try BatchFixtures.verify(stored)
        #expect(verdicts.map(\.kind) == [.valid, .valid])
        #expect(statuses.map(\.identifier) == ["AAECAwQFBgcICQoL"])
    }
}
