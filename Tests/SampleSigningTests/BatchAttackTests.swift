import CMS
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Each attack and loss of docs/BATCH.md provoked on purpose, with the verdict it must get.
@Suite("Batch attacks and losses")
struct BatchAttackTests {
    /// Ten heart-rate samples 5 s apart in batches of 5: batch 1 is indices 0–4 (carrier 4),
    /// batch 2 is 5–9 (carrier 9).
    static func twoBatches() throws -> [Sample] {
        try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 10, interval: 5), count: 5)
    }

    static func replacingMetadata(_ sample: Sample, _ key: String, with text: String) -> Sample {
        var changed = sample
        var metadata = changed.metadata
        metadata.removeAll(forKey: key)
        metadata.append(key: key, value: .string(text))
        changed.metadata = metadata
        return changed
    }

    static func shifted(_ sample: Sample, seconds: Int64) throws -> Sample {
        func move(_ d: SampleDate) throws -> SampleDate { try SampleDate(epochSeconds: d.epochSeconds + seconds) }
        switch sample {
        case .quantity(var q):
            (q.startDate, q.endDate) = (try move(q.startDate), try move(q.endDate))
            return .quantity(q)
        case .category(var c):
            (c.startDate, c.endDate) = (try move(c.startDate), try move(c.endDate))
            return .category(c)
        case .correlation(var k):
            (k.startDate, k.endDate) = (try move(k.startDate), try move(k.endDate))
            return .correlation(k)
        case .workout(var w):
            (w.startDate, w.endDate) = (try move(w.startDate), try move(w.endDate))
            w.events = try w.events.map { event in
                var moved = event
                moved.date = try move(event.date)
                return moved
            }
            return .workout(w)
        }
    }

    /// The value raised by one (the first object's for a correlation), and the field it names.
    static func altered(_ sample: Sample) -> (Sample, String) {
        switch sample {
        case .quantity(var q):
            q.quantity.value += 1
            return (.quantity(q), "value")
        case .category(var c):
            c.value += 1
            return (.category(c), "value")
        case .correlation(var k):
            k.objects[0].quantity.value += 1
            return (.correlation(k), "objects[0].value")
        case .workout(var w):
            w.duration.value -= 1
            return (.workout(w), "duration")
        }
    }

    @Test("an altered value of every sample kind is content-mismatch naming the field with signed and stored values")
    func alteredValueEveryKind() throws {
        let signed = try BatchFixtures.batchSigned(try BatchFixtures.everyKind(), count: 720)
        for i in signed.indices {
            var stored = signed
            let (changed, field) = Self.altered(signed[i])
            stored[i] = changed
            let (verdicts, _) = try BatchFixtures.verify(stored)
            #expect(verdicts[i].kind == .contentMismatch)
            let mismatch = try #require(verdicts[i].mismatches.first)
            #expect(verdicts[i].mismatches.count == 1)
            #expect(mismatch.field == field)
            #expect(mismatch.signed != mismatch.stored)
            #expect(verdicts.enumerated().allSatisfy { $0.offset == i || $0.element.kind == .valid })
        }
    }

    @Test("heart rate 72 stored as 90 names value: signed 72 count/min, stored 90 count/min")
    func alteredValueText() throws {
        var signed = try BatchFixtures.batchSigned([try Fixtures.heartRate("72"), try Fixtures.heartRate("75", at: "2026-11-21T08:00:05Z")], count: 2)
        guard case .quantity(var q) = signed[0] else { throw Failure("not a quantity") }
        q.quantity = try Fixtures.quantity("90", "count/min")
        signed[0] = .quantity(q)
        let (verdicts, _) = try BatchFixtures.verify(signed)
        #expect(verdicts[0].mismatches == [FieldMismatch(field: "value", signed: "72 count/min", stored: "90 count/min")])
    }

    @Test("a sample moved to another batch is content-mismatch on the record that index holds there")
    func movedToAnotherBatch() throws {
        var stored = try Self.twoBatches()
        let (verdicts0, _) = try BatchFixtures.verify(stored)
        #expect(verdicts0.allSatisfy { $0.kind == .valid })
        // Sample 2 of batch 1 claims to be sample 2 of batch 2.
        let batch2 = try #require(BatchFixtures.text(stored[7], BatchReference.metadataKey))
        stored[2] = Self.replacingMetadata(stored[2], BatchReference.metadataKey, with: batch2)
        let (verdicts, statuses) = try BatchFixtures.verify(stored)
        #expect(verdicts[2].kind == .contentMismatch)
        #expect(verdicts[2].mismatches.map(\.field).contains("startDate"))
        #expect(verdicts[7].kind == .contentMismatch)  // index 2 of batch 2 now appears twice
        #expect(statuses.map(\.absent) == [1, 0])
    }

    @Test("a duplicated sample: the second copy is content-mismatch on batch.index")
    func duplicated() throws {
        var stored = try Self.twoBatches()
        stored.insert(stored[1], at: 6)
        let (verdicts, statuses) = try BatchFixtures.verify(stored)
        #expect(verdicts[1].kind == .valid)
        #expect(verdicts[6].kind == .contentMismatch)
        #expect(verdicts[6].mismatches == [FieldMismatch(field: "batch.index", signed: "index 1 once",
                                                         stored: "index 1 again (a duplicate)")])
        #expect(verdicts.filter { $0.kind == .valid }.count == 10)
        #expect(statuses.map(\.absent) == [0, 0])
    }

    @Test("a batch replayed under another day is content-mismatch on its dates for every sample")
    func replayedUnderAnotherDay() throws {
        let stored = try Self.twoBatches().prefix(5).map { try Self.shifted($0, seconds: 86_400) }
        let (verdicts, _) = try BatchFixtures.verify(stored)
        #expect(verdicts.allSatisfy { $0.kind == .contentMismatch && $0.mismatches.map(\.field) == ["startDate", "endDate"] })
    }

    @Test("the same batch stored twice: every copy of the second is content-mismatch on batch.index")
    func replayedBatchCopy() throws {
        let batch = Array(try Self.twoBatches().prefix(5))
        let (verdicts, statuses) = try BatchFixtures.verify(batch + batch)
        #expect(verdicts.prefix(5).allSatisfy { $0.kind == .valid })
        #expect(verdicts.suffix(5).allSatisfy { $0.kind == .contentMismatch && $0.mismatches.first?.field == "batch.index" })
        #expect(statuses.count == 1)
    }

    @Test("an index beyond the batch is content-mismatch on batch.index")
    func indexBeyondBatch() throws {
        var stored = try Self.twoBatches()
        let text = try #require(BatchFixtures.text(stored[0], BatchReference.metadataKey))
        let reference = try #require(BatchReference(text: text))
        stored[0] = Self.replacingMetadata(stored[0], BatchReference.metadataKey,
                                           with: BatchReference(batchIdentifier: reference.batchIdentifier, index: 5).description)
        let (verdicts, _) = try BatchFixtures.verify(stored)
        #expect(verdicts[0].mismatches == [FieldMismatch(field: "batch.index", signed: "index 0...4 (the batch holds 5)", stored: "5")])
    }

    @Test("deleting samples that do not carry the signature leaves the others valid and counts the absent per batch")
    func deletedMembers() throws {
        let all = try Self.twoBatches()
        let stored = [all[0], all[3], all[4], all[5], all[6], all[7], all[8], all[9]]
        let (verdicts, statuses) = try BatchFixtures.verify(stored)
        #expect(verdicts.allSatisfy { $0.kind == .valid })
        #expect(statuses.map(\.absent) == [2, 0])
        #expect(statuses.map(\.count) == [5, 5])
    }

    @Test("without its carrier a batch's samples are unsigned (batch-signature-missing), never valid")
    func carrierGone() throws {
        let all = try Self.twoBatches()
        let stored = Array(all[0..<4]) + Array(all[5...])
        let (verdicts, statuses) = try BatchFixtures.verify(stored)
        #expect(verdicts.prefix(4).allSatisfy { $0.kind == .unsigned && $0.reasonCode == "batch-signature-missing" })
        #expect(verdicts.suffix(5).allSatisfy { $0.kind == .valid })
        #expect(statuses.map(\.signature) == [.unsigned, .valid])
        #expect(statuses.map(\.absent) == [nil, 0])
    }

    @Test("members waiting beyond the pending bound are given up as batch-signature-missing; later members still verify")
    func pendingBound() throws {
        let signed = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 6, interval: 5), count: 6)
        var verifier = BatchSampleVerifier<Int>(verifier: try Fixtures.verifier(), pendingLimit: 2)
        var outcomes: [BatchSampleVerifier<Int>.Outcome] = []
        for (i, sample) in signed.enumerated() { outcomes += verifier.add(sample, tag: i) }
        outcomes += verifier.finish()
        let kinds = outcomes.sorted { $0.tag < $1.tag }.map(\.verdict.kind)
        #expect(kinds == [.unsigned, .unsigned, .unsigned, .valid, .valid, .valid])
    }

    @Test("a damaged batch signature is bad-signature for the carrier and every member")
    func damagedSignature() throws {
        var stored = try Self.twoBatches()
        let carrier = stored[4]
        let text = try #require(BatchFixtures.text(carrier, BatchReference.signatureMetadataKey))
        var der = Array(try #require(Data(base64Encoded: text)))
        der[der.count - 3] ^= 0x01  // inside the ECDSA signature value
        stored[4] = Self.replacingMetadata(carrier, BatchReference.signatureMetadataKey, with: Data(der).base64EncodedString())
        let (verdicts, statuses) = try BatchFixtures.verify(stored)
        #expect(verdicts.prefix(5).allSatisfy { $0.kind == .badSignature })
        #expect(verdicts.suffix(5).allSatisfy { $0.kind == .valid })
        #expect(statuses.map(\.signature) == [.badSignature, .valid])
    }

    @Test("a batch signed by a key outside the trust set is untrusted-signer for all its samples")
    func untrustedSigner() throws {
        let stored = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 3, interval: 5), count: 3,
                                                   key: try Fixtures.otherKey())
        let (verdicts, _) = try BatchFixtures.verify(stored)
        #expect(verdicts.allSatisfy { $0.kind == .untrustedSigner })
    }

    @Test("a per-sample record signed as if it were a batch signature is malformed: batch-manifest-content-type")
    func recordIsNotAManifest() throws {
        var stored = try Self.twoBatches()
        let recordSignature = try Fixtures.signatureText(try Fixtures.signed(try Fixtures.heartRate()))
        stored[4] = Self.replacingMetadata(stored[4], BatchReference.signatureMetadataKey, with: recordSignature)
        let (verdicts, _) = try BatchFixtures.verify(stored)
        #expect(verdicts.prefix(5).allSatisfy { $0.kind == .malformed && $0.reasonCode == "batch-manifest-content-type" })
    }

    @Test("a reference that is not <id>/<index> is malformed: batch-reference", arguments: [
        "", "sLCwsLCwsLCwsLCw", "sLCwsLCwsLCwsLCw/", "sLCwsLCwsLCwsLCw/01", "sLCwsLCwsLCwsLCw/-1",
        "sLCwsLCwsLCwsLCw/123456", "sLCwsLCwsLCwsLC/0", "sLCwsLCwsLCwsLC=/0", "sLCwsLCwsLCwsLCx/0/1", "sLCwsLCwsLCw+LCw/0",
    ])
    func malformedReference(text: String) throws {
        var stored = try Self.twoBatches()
        stored[0] = Self.replacingMetadata(stored[0], BatchReference.metadataKey, with: text)
        let (verdicts, _) = try BatchFixtures.verify(stored)
        #expect(verdicts[0].kind == .malformed && verdicts[0].reasonCode == "batch-reference")
    }
}
