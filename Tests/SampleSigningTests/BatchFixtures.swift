import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Samples, signers and verifiers of the batch-signature tests.
enum BatchFixtures {
    /// Heart rate of the fully described device, `interval` seconds apart from 00:00Z, with
    /// values that vary the way a real strap's do (55–104 count/min, never a constant).
    static func heartRateDay(count: Int, interval: Int64) throws -> [Sample] {
        let midnight = try SampleDate(utcYear: 2026, month: 11, day: 21, hour: 0, minute: 0, second: 0)
        return try (0..<count).map { i in
            let start = try SampleDate(epochSeconds: midnight.epochSeconds + Int64(i) * interval)
            let value = 55 + (i * 37 + i / 11) % 50
            return .quantity(QuantitySample(
                type: .heartRate, quantity: try Fixtures.quantity(String(value), "count/min"),
                startDate: start, device: Fixtures.fullDevice, metadata: Fixtures.deviceMetadata))
        }
    }

    /// One sample of every kind, each from the fully described device.
    static func everyKind() throws -> [Sample] {
        try RecordSizeTests.kinds().map(\.1) + [try Fixtures.food()]
    }

    /// Batch identifiers 1, 2, 3, … (12 octets each), so tests can name batches.
    final class Counter: @unchecked Sendable {
        private var next: UInt8 = 0
        func identifier() -> [UInt8] {
            next &+= 1
            return [UInt8](repeating: 0xB0, count: 11) + [next]
        }
    }

    /// `samples` batch-signed by the device key, batches of at most `count` samples, each
    /// signature on `carriers` of them.
    static func batchSigned(_ samples: [Sample], count: Int, seconds: Int64? = nil,
                            key: P256PrivateKey? = nil, carriers: Int = 1) throws -> [Sample] {
        let counter = Counter()
        var signer = BatchSampleSigner(key: try key ?? Fixtures.deviceKey(), maximumCount: count,
                                       maximumSeconds: seconds, carriers: carriers, newIdentifier: counter.identifier)
        var out: [Sample] = []
        for sample in samples { out += try signer.add(sample) }
        return out + (try signer.finish())
    }

    /// A heart rate of batch `n` (an identifier of its own, no carrier of which is ever made),
    /// index 0.
    static func carrierlessMember(_ n: Int) throws -> Sample {
        let identifier = [UInt8](repeating: 0xA0, count: 8) + withUnsafeBytes(of: UInt32(n).bigEndian, Array.init)
        let reference = BatchReference(batchIdentifier: identifier, index: 0)
        return try Fixtures.heartRate(metadata: [BatchReference.metadataKey: .string(reference.description)])
    }

    /// Verdicts of `samples` in input order, and the batch statuses at the end.
    static func verify(_ samples: [Sample], form: StoredForm = .json,
                       trusting key: P256PrivateKey? = nil) throws -> ([SampleVerdict], [BatchStatus]) {
        var verifier = BatchSampleVerifier<Int>(
            verifier: SampleVerifier(trust: TrustSet(publicKeys: [try (key ?? Fixtures.deviceKey()).publicKey])))
        var outcomes: [BatchSampleVerifier<Int>.Outcome] = []
        for (i, sample) in samples.enumerated() { outcomes += verifier.add(sample, storedForm: form, tag: i) }
        outcomes += verifier.finish()
        #expect(outcomes.count == samples.count)
        return (outcomes.sorted { $0.tag < $1.tag }.map(\.verdict), verifier.statuses)
    }

    static func text(_ sample: Sample, _ key: String) -> String? {
        if case .string(let s)? = sample.metadata[key] { return s }
        return nil
    }

    /// Whether the sample carries a batch signature.
    static func isCarrier(_ sample: Sample) -> Bool { text(sample, BatchReference.signatureMetadataKey) != nil }
}
