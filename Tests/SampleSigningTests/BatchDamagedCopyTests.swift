import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// docs/BATCH.md, "Several carriers": each distinct copy of a batch's signature is verified until
/// one verifies; a copy that does not is its carrier's own failure, not the batch's.
@Suite("Batch signature copies")
struct BatchDamagedCopyTests {
    static func damaged(_ text: String) throws -> String {
        var der = try #require(Data(base64Encoded: text).map { Array($0) })
        der[der.count - 1] ^= 0x01
        return Data(der).base64EncodedString()
    }

    @Test("a damaged copy on an earlier member is bad-signature for that member only; the intact carrier decides the batch")
    func damagedCopyBeforeTheIntactCarrier() throws {
        let samples = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 5, interval: 5), count: 5)
        let signature = try #require(BatchFixtures.text(samples[4], BatchReference.signatureMetadataKey))
        var input = samples
        input[1].metadata.append(key: BatchReference.signatureMetadataKey, value: .string(try Self.damaged(signature)))
        let (verdicts, statuses) = try BatchFixtures.verify(input)
        #expect(verdicts.map(\.kind) == [.valid, .badSignature, .valid, .valid, .valid])
        #expect(verdicts[1].reason.hasPrefix("batch signature: "), "\(verdicts[1].reason)")
        #expect(statuses.map(\.signature) == [.valid])
        #expect(statuses.first?.count == 5)
        #expect(statuses.first?.present == 5)
    }

    @Test("with only a damaged copy, every member gets its failure at the end of the input")
    func onlyADamagedCopy() throws {
        let samples = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 4, interval: 5), count: 4)
        let signature = try #require(BatchFixtures.text(samples[3], BatchReference.signatureMetadataKey))
        var input = samples
        input[3].metadata.removeAll(forKey: BatchReference.signatureMetadataKey)
        input[3].metadata.append(key: BatchReference.signatureMetadataKey, value: .string(try Self.damaged(signature)))
        let (verdicts, statuses) = try BatchFixtures.verify(input)
        #expect(verdicts.map(\.kind) == [.badSignature, .badSignature, .badSignature, .badSignature])
        #expect(statuses.map(\.signature) == [.badSignature])
    }
}

/// docs/BATCH.md, "Decoding rules": a batch signature's size is bounded before it is decoded.
@Suite("Batch signature size")
struct BatchSignatureSizeTests {
    @Test("a batch signature of more than 8 MiB is malformed (batch-signature-too-large) for its carrier, before decoding")
    func oversizedSignature() throws {
        let samples = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 2, interval: 5), count: 2)
        // Valid base64 of 8 MiB + 3 octets: its size alone refuses it.
        let oversized = String(repeating: "AAAA", count: BatchManifest.maximumSignatureLength / 3 + 1)
        var input = samples
        input[0].metadata.append(key: BatchReference.signatureMetadataKey, value: .string(oversized))
        let (verdicts, statuses) = try BatchFixtures.verify(input)
        #expect(verdicts.map(\.kind) == [.malformed, .valid])
        #expect(verdicts[0].reasonCode == "batch-signature-too-large")
        #expect(statuses.map(\.signature) == [.valid])
    }
}
