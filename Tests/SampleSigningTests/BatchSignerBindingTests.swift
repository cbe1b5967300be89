import CMS
import DER
import CryptoBackend
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// docs/BATCH.md, "What binds a member to its signer": a batch is the one its carriers make it,
/// a carrier being a member of the batch its signature's manifest names; two trusted keys never
/// decide each other's batches.
@Suite("Batch signer binding")
struct BatchSignerBindingTests {
    static let batchX: [UInt8] = Array(repeating: 0x58, count: 12)
    static let batchY: [UInt8] = Array(repeating: 0x59, count: 12)

    /// `count` heart rates from 08:00Z, 5 s apart, with values from `firstValue`, signed as one
    /// batch `id` by `key` (the carrier last).
    static func batch(_ id: [UInt8], key: P256PrivateKey, count: Int = 7, firstValue: Int = 60) throws -> [Sample] {
        let readings = try (0..<count).map { i in
            try Fixtures.heartRate(String(firstValue + i), at: "2026-11-21T08:00:\(String(format: "%02d", i * 5))Z")
        }
        var signer = BatchSampleSigner(key: key, maximumCount: count, newIdentifier: { id })
        var out: [Sample] = []
        for reading in readings { out += try signer.add(reading) }
        return out + (try signer.finish())
    }

    static func verify(_ samples: [Sample], trust: TrustSet) -> ([SampleVerdict], [BatchStatus]) {
        var verifier = BatchSampleVerifier<Int>(verifier: SampleVerifier(trust: trust))
        var outcomes: [BatchSampleVerifier<Int>.Outcome] = []
        for (i, sample) in samples.enumerated() { outcomes += verifier.add(sample, tag: i) }
        outcomes += verifier.finish()
        return (outcomes.sorted { $0.tag < $1.tag }.map(\.verdict), verifier.statuses)
    }

    static func removingSignature(_ sample: Sample) -> Sample {
        var changed = sample
        changed.metadata.removeAll(forKey: BatchReference.signatureMetadataKey)
        return changed
    }

    static func bothTrusted() throws -> TrustSet {
        TrustSet(publicKeys: [try Fixtures.deviceKey().publicKey, try Fixtures.otherKey().publicKey])
    }

    @Test("a manifest claiming another key's batch, stored on a sample outside that batch, decides none of its members")
    func signatureOnANonMemberDecidesNothing() throws {
        // B signs forged readings under A's batch identifier and puts the signature on a sample
        // that refers to no batch; the forged members refer to X.
        let forged = try Self.batch(Self.batchX, key: try Fixtures.otherKey(), firstValue: 140)
        let signature = try #require(BatchFixtures.text(forged[6], BatchReference.signatureMetadataKey))
        var stray = try Fixtures.heartRate("80", at: "2026-11-21T07:00:00Z")
        stray.metadata.append(key: BatchReference.signatureMetadataKey, value: .string(signature))
        let input = [stray] + forged.map(Self.removingSignature)
        let (verdicts, statuses) = Self.verify(input, trust: try Self.bothTrusted())
        #expect(verdicts[0].kind == .unsigned)
        #expect(verdicts[0].reasonCode == "no-signature")
        for verdict in verdicts.dropFirst() {
            #expect(verdict.kind == .unsigned)
            #expect(verdict.reasonCode == "batch-signature-missing")
        }
        #expect(statuses == [BatchStatus(identifier: BatchReference.identifierText(Self.batchX), count: nil, present: 7,
                                         signature: .unsigned)])
    }

    @Test("with A's genuine carrier present, members forged by B under A's batch are compared with A's records")
    func forgedMembersMeetTheGenuineSigner() throws {
        let genuine = try Self.batch(Self.batchX, key: try Fixtures.deviceKey())
        let forged = try Self.batch(Self.batchX, key: try Fixtures.otherKey(), firstValue: 140)
        let signature = try #require(BatchFixtures.text(forged[6], BatchReference.signatureMetadataKey))
        var stray = try Fixtures.heartRate("80", at: "2026-11-21T07:00:00Z")
        stray.metadata.append(key: BatchReference.signatureMetadataKey, value: .string(signature))
        let input = [stray] + forged.prefix(6).map(Self.removingSignature) + [genuine[6]]
        let (verdicts, statuses) = Self.verify(input, trust: try Self.bothTrusted())
        for verdict in verdicts[1...6] {
            #expect(verdict.kind == .contentMismatch)
            #expect(verdict.mismatches.map(\.field) == ["value"])
            #expect(verdict.signer?.keyIdentifier == Hex.encode(try Fixtures.deviceKey().publicKey.keyIdentifier))
        }
        #expect(verdicts[7].kind == .valid)
        #expect(statuses.first?.signature == .valid)
    }

    @Test("a member of batch X carrying batch Y's signature is content-mismatch (batch-signature-other-batch) and decides neither batch")
    func signatureOfAnotherBatchOnAMember() throws {
        let x = try Self.batch(Self.batchX, key: try Fixtures.deviceKey(), count: 3)
        let y = try Self.batch(Self.batchY, key: try Fixtures.deviceKey(), count: 3, firstValue: 90)
        let ySignature = try #require(BatchFixtures.text(y[2], BatchReference.signatureMetadataKey))
        var planted = x[0]
        planted.metadata.append(key: BatchReference.signatureMetadataKey, value: .string(ySignature))
        let input = [planted, x[1], x[2]] + y.prefix(2)
        let (verdicts, statuses) = Self.verify(input, trust: try Self.bothTrusted())
        #expect(verdicts[0].kind == .contentMismatch)
        #expect(verdicts[0].reasonCode == "batch-signature-other-batch")
        #expect(verdicts[0].mismatches.map(\.field) == [BatchReference.signatureMetadataKey])
        #expect(verdicts[1].kind == .valid)
        #expect(verdicts[2].kind == .valid)
        #expect(verdicts[3].reasonCode == "batch-signature-missing")
        #expect(verdicts[4].reasonCode == "batch-signature-missing")
        #expect(statuses.map(\.signature) == [.valid, .unsigned])
    }

    @Test("two carriers of one batch whose different signatures both verify: the later carrier and every member after it are batch-signature-conflict")
    func twoVerifiedSignaturesConflict() throws {
        let a = try Self.batch(Self.batchX, key: try Fixtures.deviceKey(), count: 4)
        let b = try Self.batch(Self.batchX, key: try Fixtures.otherKey(), count: 4)
        // A's carrier, then B's carrier (a member of X too), then A's members.
        let input = [a[3], b[3], a[0], a[1], a[2]]
        let (verdicts, statuses) = Self.verify(input, trust: try Self.bothTrusted())
        #expect(verdicts[0].kind == .valid)
        for verdict in verdicts.dropFirst() {
            #expect(verdict.kind == .contentMismatch)
            #expect(verdict.reasonCode == "batch-signature-conflict")
        }
        #expect(statuses == [BatchStatus(identifier: BatchReference.identifierText(Self.batchX), count: 4, present: 4,
                                         signature: .contentMismatch)])
    }
}
