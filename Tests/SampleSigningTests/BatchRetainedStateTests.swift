import CMS
import CryptoBackend
import Foundation
import HealthSamples
@testable import SampleSigning
import Testing

/// What batch verification keeps for the run is bounded by the batches still open, not by the
/// batches met (docs/BATCH.md, "Streaming and memory"): checked on the verifier's state
/// (``BatchSampleVerifier/retained``), never on a process's memory.
@Suite struct BatchRetainedStateTests {
    @Test("a batch identifier is kept as a key of two words, with no allocation of its own")
    func batchKeyAllocatesNothing() {
        #expect(_isPOD(BatchKey.self))
        #expect(MemoryLayout<BatchKey>.size <= 16)
        let octets: [UInt8] = Array(1...12)
        #expect(BatchKey(octets).octets == octets)
    }

    @Test("complete batches keep no manifest, SignedData or index set: only the open batch does",
          arguments: [10, 100])
    func completeBatchesKeepLittle(complete: Int) throws {
        let signed = try BatchFixtures.batchSigned(
            try BatchFixtures.heartRateDay(count: 4 * (complete + 1), interval: 60), count: 4)
        // The last batch stays open: its first member is missing.
        let lastBatch = signed.suffix(4)
        let missing = try #require(lastBatch.first(where: { !BatchFixtures.isCarrier($0) }))
        let input = signed.filter { $0 != missing }
        var verifier = BatchSampleVerifier<Int>(
            verifier: SampleVerifier(trust: TrustSet(publicKeys: [try Fixtures.deviceKey().publicKey])))
        var outcomes: [BatchSampleVerifier<Int>.Outcome] = []
        for (i, sample) in input.enumerated() { outcomes += verifier.add(sample, tag: i) }
        #expect(outcomes.count == input.count)
        #expect(outcomes.allSatisfy { $0.verdict.kind == .valid })
        let retained = verifier.retained
        #expect(retained.batches == complete + 1)
        #expect(retained.manifests == 1)
        #expect(retained.signedData == 1)
        #expect(retained.indexSets == 1)
        #expect(retained.inflatedManifests <= 1)
        // The complete batches still count every member present.
        #expect(verifier.statuses.map(\.present) == Array(repeating: 4, count: complete) + [3])
    }

    @Test("a batch met through one member keeps that index, not a set of indices")
    func batchMetOnceKeepsOneIndex() throws {
        var verifier = BatchSampleVerifier<Int>(
            verifier: SampleVerifier(trust: TrustSet(publicKeys: [try Fixtures.deviceKey().publicKey])))
        for n in 0..<1_000 { #expect(verifier.add(try BatchFixtures.carrierlessMember(n), tag: n).isEmpty) }
        let retained = verifier.retained
        #expect(retained.batches == 1_000)
        #expect(retained.indexSets == 0)
        #expect(verifier.finish().count == 1_000)
    }
}
