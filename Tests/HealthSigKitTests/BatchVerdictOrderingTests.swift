import CMS
import CryptoBackend
import Foundation
import HealthSamples
@testable import HealthSigKit
import SampleIO
import SampleSigning
import Testing

/// Batch verification inside an ordered stream: verdicts decided by the batch verifier, items
/// leaving in input order, and what is held back bounded.
@Suite("Batch verdicts in input order")
struct BatchVerdictOrderingTests {
    struct Item: Sendable {
        let position: Int
        var verdict: SampleVerdict.Kind
    }

    static let key = Result { try P256PrivateKey.generate() }

    /// `count` heart-rate samples, batch-signed in batches of `batch` (carrier last).
    static func batchSigned(_ count: Int, batch: Int) throws -> [Sample] {
        var signer = BatchSampleSigner(key: try key.get(), maximumCount: batch)
        var out: [Sample] = []
        for i in 0..<count {
            out += try signer.add(.quantity(QuantitySample(
                type: .heartRate, quantity: Quantity(value: Decimal(60 + i % 30), unit: .countPerMinute),
                startDate: try SampleDate(epochSeconds: 1_795_000_000 + Int64(i) * 5))))
        }
        return out + (try signer.finish())
    }

    static func run(_ samples: [Sample?], holdLimit: Int = 65_536) throws -> ([Item], [Int]) {
        var stage = BatchVerdictOrdering<Item>(
            verifier: SampleVerifier(trust: TrustSet(publicKeys: [try key.get().publicKey])), holdLimit: holdLimit,
            setVerdict: { $0.verdict = $1.kind })
        var out: [Item] = []
        var held: [Int] = []
        for (i, sample) in samples.enumerated() {
            out += stage.add(Item(position: i, verdict: .unsigned), sample: sample, storedForm: .json)
            held.append(i + 1 - out.count)
        }
        out += stage.finish()
        return (out, held)
    }

    @Test("members wait for their carrier, the items behind them too, and all leave in input order with batch verdicts")
    func inputOrder() throws {
        let batch = try Self.batchSigned(4, batch: 4)
        let (out, held) = try Self.run([nil, batch[0], nil, batch[1], batch[2], batch[3], nil])
        #expect(out.map(\.position) == Array(0..<7))
        #expect(out.map(\.verdict) == [.unsigned, .valid, .unsigned, .valid, .valid, .valid, .unsigned])
        #expect(held == [0, 1, 2, 3, 4, 0, 0])
    }

    @Test("beyond the hold limit the oldest waiting member is given up as unsigned; the rest still verify")
    func holdLimit() throws {
        let batch = try Self.batchSigned(6, batch: 6)
        let (out, held) = try Self.run(batch.map { $0 }, holdLimit: 3)
        #expect(out.map(\.position) == Array(0..<6))
        #expect(out.map(\.verdict) == [.unsigned, .unsigned, .valid, .valid, .valid, .valid])
        #expect(held.allSatisfy { $0 <= 3 })
    }

    @Test("members whose carrier never comes are unsigned at the end of the input, in order")
    func carrierMissing() throws {
        let batch = try Self.batchSigned(3, batch: 3)
        let (out, _) = try Self.run([batch[0], nil, batch[1]])
        #expect(out.map(\.position) == [0, 1, 2])
        #expect(out.map(\.verdict) == [.unsigned, .unsigned, .unsigned])
    }

    /// `samples` as JSON Lines in a temporary file, members of every batch before any carrier.
    static func groupedFile(_ samples: [Sample]) throws -> String {
        let carriers = samples.filter { $0.metadata[BatchReference.signatureMetadataKey] != nil }
        let members = samples.filter { $0.metadata[BatchReference.signatureMetadataKey] == nil }
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("grouped-\(UUID().uuidString).jsonl")
        try Data((members + carriers).map(JSONSampleWriter.line(for:)).joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    static func pipelineKinds(_ path: String, holdLimit: Int) throws -> [SampleVerdict.Kind] {
        var pipeline = VerificationPipeline(verifier: SampleVerifier(trust: TrustSet(publicKeys: [try key.get().publicKey])), jobs: 1)
        pipeline.batchHoldLimit = holdLimit
        let sink = CollectingSink()
        try pipeline.run(inputPath: path, sinks: [sink])
        return sink.events.compactMap { event in
            if case .decided(let decided) = event { return decided.entry.verdict.kind }
            return nil
        }
    }

    @Test("an input grouped with every member before every carrier, beyond the hold limit: a file's carriers are read ahead and every sample is valid")
    func groupedInputReadTwice() throws {
        let path = try Self.groupedFile(try Self.batchSigned(12, batch: 4))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.pipelineKinds(path, holdLimit: 3) == Array(repeating: .valid, count: 12))
    }

    @Test("after the carriers are read ahead, a member whose batch has no carrier in the input is unsigned at once")
    func memberWithoutCarrierAfterTheScan() throws {
        let signed = try Self.batchSigned(12, batch: 4)
        // The last batch's carrier removed.
        let path = try Self.groupedFile(Array(signed.dropLast()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.pipelineKinds(path, holdLimit: 3) == Array(repeating: .valid, count: 6) + Array(repeating: .unsigned, count: 3)
                + Array(repeating: .valid, count: 2))
    }
}
