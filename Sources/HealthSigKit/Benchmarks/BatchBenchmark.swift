import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleSigning

/// `healthsig bench`'s batch line: samples/s verifying the same heart-rate samples batch-signed
/// (one ECDSA verification per batch, docs/BATCH.md) and per-sample signed, same process.
///
/// Both go through the verifier code `healthsig verify` runs on each parsed sample: per-sample,
/// `SampleVerifier.verify` (what its workers decide); batch, that decision and then the
/// pipeline's batch stage (``BatchVerdictOrdering`` over `BatchSampleVerifier`). Reading the
/// input and writing the report, the same for both, are left out (`bench --full-path` measures
/// them).
public enum BatchBenchmark {
    /// Results of one run.
    public struct Result: Sendable {
        /// Samples in the measured set (one batch).
        public let batchSize: Int
        /// Per-sample signatures: every sample's CMS verified and its record compared.
        public let perSample: Benchmark.Rate
        /// Batch signature: a fresh verifier per round, so each round pays the batch's ECDSA
        /// verification, inflation and manifest decoding again.
        public let batch: Benchmark.Rate

        /// The lines printed by `healthsig bench`.
        public var report: String {
            func line(_ r: Benchmark.Rate) -> String {
                "\(r.name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%10.0f", r.perSecond)) samples/s  (\(r.operations) samples in \(String(format: "%.2f", r.seconds)) s)"
            }
            return """
            \(line(perSample))
            \(line(batch))
            ratio verify (batch of \(batchSize) / per-sample): \(String(format: "%.3f", batch.perSecond / perSample.perSecond))
            """
        }
    }

    /// Measures verification of `batchSize` heart-rate samples from a fully described device,
    /// each way for about `secondsPerMeasurement`.
    public static func run(secondsPerMeasurement: Double = 1.0, batchSize: Int = 720) throws -> Result {
        let key = try P256PrivateKey.generate()
        let samples = try readings(batchSize)
        let perSampleSigned = try samples.map { try SampleSigner().signed($0, using: key) }
        var signer = BatchSampleSigner(key: key, maximumCount: batchSize)
        var batchSigned: [Sample] = []
        for sample in samples { batchSigned += try signer.add(sample) }
        batchSigned += try signer.finish()
        let verifier = SampleVerifier(trust: TrustSet(publicKeys: [key.publicKey]))

        let perSample = try rounds("per-sample verify (CMS+fields)", samples: batchSize, secondsPerMeasurement) {
            for sample in perSampleSigned where verifier.verify(sample).kind != .valid {
                throw ToolError.usage("per-sample verify failed")
            }
        }
        let batch = try rounds("batch verify (\(batchSize) a batch)", samples: batchSize, secondsPerMeasurement) {
            var stage = BatchVerdictOrdering<SampleVerdict>(verifier: verifier, setVerdict: { $0 = $1 })
            var valid = 0
            for sample in batchSigned {
                let decided = verifier.verify(sample, storedForm: .json)
                valid += Self.validCount(stage.add(decided, sample: sample, storedForm: .json))
            }
            valid += Self.validCount(stage.finish())
            guard valid == batchSize else { throw ToolError.usage("batch verify failed") }
        }
        return Result(batchSize: batchSize, perSample: perSample, batch: batch)
    }

    /// Valid verdicts among `verdicts`, counted without building another array (the count is
    /// the benchmark's check, not verification work).
    static func validCount(_ verdicts: [SampleVerdict]) -> Int {
        verdicts.reduce(0) { $0 + ($1.kind == .valid ? 1 : 0) }
    }

    /// Heart rate every 5 s with the device and metadata of the size table in docs/FORMAT.md.
    static func readings(_ count: Int) throws -> [Sample] {
        let device = Device(name: "Acme BP-200 Cuff", manufacturer: "Acme Medical Devices Inc.", model: "BP-200",
                            hardwareVersion: "2.1", firmwareVersion: "1.4.7", softwareVersion: "3.0.12",
                            localIdentifier: "AA:BB:CC:DD:EE:FF", udiDeviceIdentifier: "(01)00812345678901(21)SN12345")
        let metadata: Metadata = ["HKDeviceSerialNumber": .string("SN12345"), "HKTimeZone": .string("Europe/Berlin")]
        let midnight = try SampleDate(utcYear: 2026, month: 11, day: 21, hour: 0, minute: 0, second: 0)
        return try (0..<count).map { i in
            .quantity(QuantitySample(
                type: .heartRate, quantity: Quantity(value: Decimal(55 + (i * 37) % 50), unit: .countPerMinute),
                startDate: try SampleDate(epochSeconds: midnight.epochSeconds + Int64(i) * 5),
                device: device, metadata: metadata))
        }
    }

    /// Whole rounds over the sample set until the time is spent; the rate counts samples.
    static func rounds(_ name: String, samples: Int, _ seconds: Double, _ body: () throws -> Void) throws -> Benchmark.Rate {
        try body()
        let start = DispatchTime.now().uptimeNanoseconds
        var done = 0
        var elapsed = 0.0
        repeat {
            try body()
            done += samples
            elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        } while elapsed < seconds
        return Benchmark.Rate(name: name, operations: done, seconds: elapsed)
    }
}
