import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Several carriers of one batch signature (docs/BATCH.md, "Several carriers").
@Suite("Batch signatures on several carriers")
struct BatchCarrierTests {
    static func signed(_ samples: [Sample], count: Int, carriers: Int, identifier: [UInt8]? = nil) throws -> [Sample] {
        let counter = BatchFixtures.Counter()
        var signer = BatchSampleSigner(key: try Fixtures.deviceKey(), maximumCount: count, carriers: carriers,
                                       newIdentifier: { identifier ?? counter.identifier() })
        var out: [Sample] = []
        for sample in samples { out += try signer.add(sample) }
        return out + (try signer.finish())
    }

    static func carrierPositions(_ samples: [Sample]) -> [Int] {
        samples.enumerated().filter { BatchFixtures.isCarrier($0.element) }.map(\.offset)
    }

    @Test("carriers sit at ⌈j·n/K⌉ − 1: the last sample and evenly spaced others")
    func carrierIndices() {
        #expect(BatchSampleSigner<P256PrivateKey>.carrierIndices(count: 720, carriers: 1) == [719])
        #expect(BatchSampleSigner<P256PrivateKey>.carrierIndices(count: 720, carriers: 2) == [359, 719])
        #expect(BatchSampleSigner<P256PrivateKey>.carrierIndices(count: 720, carriers: 3) == [239, 479, 719])
        #expect(BatchSampleSigner<P256PrivateKey>.carrierIndices(count: 10, carriers: 3) == [3, 6, 9])
        #expect(BatchSampleSigner<P256PrivateKey>.carrierIndices(count: 2, carriers: 3) == [0, 1])
    }

    @Test("K = 2 over 10 samples in batches of 10: samples 4 and 9 carry the same signature and everything verifies")
    func twoCarriersRoundTrip() throws {
        let stored = try Self.signed(try BatchFixtures.heartRateDay(count: 10, interval: 5), count: 10, carriers: 2)
        #expect(stored.count == 10)
        #expect(Self.carrierPositions(stored) == [4, 9])
        #expect(BatchFixtures.text(stored[4], BatchReference.signatureMetadataKey) ==
                BatchFixtures.text(stored[9], BatchReference.signatureMetadataKey))
        let (verdicts, statuses) = try BatchFixtures.verify(stored)
        #expect(verdicts.allSatisfy { $0.kind == .valid }, "\(verdicts.map(\.reason))")
        #expect(statuses.map(\.absent) == [0])
        #expect(statuses.map(\.signature) == [.valid])
    }

    @Test("K = 2: deleting the batch's last sample leaves every other sample valid; the batch counts one absent")
    func lastDeletedWithTwoCarriers() throws {
        var stored = try Self.signed(try BatchFixtures.heartRateDay(count: 20, interval: 5), count: 10, carriers: 2)
        #expect(Self.carrierPositions(stored) == [4, 9, 14, 19])
        stored.remove(at: 19)
        stored.remove(at: 9)
        let (verdicts, statuses) = try BatchFixtures.verify(stored)
        #expect(verdicts.count == 18)
        #expect(verdicts.allSatisfy { $0.kind == .valid }, "\(verdicts.map(\.reason))")
        #expect(statuses.map(\.count) == [10, 10])
        #expect(statuses.map(\.absent) == [1, 1])
    }

    @Test("K = 3: any one carrier left keeps the batch verifiable")
    func anyOneCarrierSuffices() throws {
        let stored = try Self.signed(try BatchFixtures.heartRateDay(count: 9, interval: 5), count: 9, carriers: 3)
        #expect(Self.carrierPositions(stored) == [2, 5, 8])
        for kept in [2, 5, 8] {
            let without = stored.enumerated().filter { ![2, 5, 8].contains($0.offset) || $0.offset == kept }.map(\.element)
            let (verdicts, statuses) = try BatchFixtures.verify(without)
            #expect(verdicts.allSatisfy { $0.kind == .valid }, "carrier \(kept) kept")
            #expect(statuses.map(\.absent) == [2], "carrier \(kept) kept")
        }
    }

    @Test("with several carriers the signer holds the open batch and hands it back when the batch closes")
    func signerHoldsTheOpenBatch() throws {
        var signer = BatchSampleSigner(key: try Fixtures.deviceKey(), maximumCount: 4, carriers: 2)
        let day = try BatchFixtures.heartRateDay(count: 6, interval: 5)
        #expect(try signer.add(day[0]).isEmpty)
        #expect(try signer.add(day[1]).isEmpty)
        #expect(try signer.add(day[2]).isEmpty)
        let batch = try signer.add(day[3])
        #expect(Self.carrierPositions(batch) == [1, 3])
        #expect(try signer.add(day[4]).isEmpty)
        #expect(try signer.add(day[5]).isEmpty)
        #expect(Self.carrierPositions(try signer.finish()) == [0, 1])
    }

    @Test("carriers that disagree (another signature over the same batch identifier): the later carrier is content-mismatch, batch-signature-conflict")
    func disagreeingCarriers() throws {
        let identifier = [UInt8](repeating: 0xC4, count: 12)
        let day = try BatchFixtures.heartRateDay(count: 10, interval: 5)
        // The same batch signed twice: ECDSA signatures are randomized, so the octets differ
        // while both verify.
        let first = try Self.signed(day, count: 10, carriers: 2, identifier: identifier)
        let second = try Self.signed(day, count: 10, carriers: 2, identifier: identifier)
        let firstText = try #require(BatchFixtures.text(first[9], BatchReference.signatureMetadataKey))
        let secondText = try #require(BatchFixtures.text(second[9], BatchReference.signatureMetadataKey))
        #expect(firstText != secondText)
        var stored = first
        stored[9] = second[9]
        let (verdicts, statuses) = try BatchFixtures.verify(stored)
        #expect(verdicts[0..<9].allSatisfy { $0.kind == .valid })
        #expect(verdicts[9].kind == .contentMismatch)
        #expect(verdicts[9].reasonCode == "batch-signature-conflict")
        #expect(verdicts[9].mismatches.map(\.field) == [BatchReference.signatureMetadataKey])
        #expect(verdicts[9].reason.hasPrefix("carriers of one batch disagree: HealthSigBatchSignature: signed the signature of batch xMTExMTExMTExMTE met first"),
                "\(verdicts[9].reason)")
        #expect(statuses.map(\.signature) == [.contentMismatch])
        #expect(statuses.map(\.count) == [10])
    }
}
