import CMS
import CryptoBackend
import HealthSamples
import SampleIO
import SampleSigning

extension SignRun {
    /// `--batch N` / `--batch-seconds S`: batch signatures (docs/BATCH.md) instead of one
    /// signature per reading.
    public struct Batching: Sendable, Hashable {
        /// Most samples in a batch (1...65,535).
        public let maximumCount: Int
        /// Seconds of sample time after which a batch closes, if set.
        public let maximumSeconds: Int64?
        /// Samples of each batch that carry its signature (`--batch-carriers`, docs/BATCH.md).
        public let carriers: Int

        /// Creates the options.
        public init(maximumCount: Int, maximumSeconds: Int64?, carriers: Int = 1) {
            self.maximumCount = maximumCount
            self.maximumSeconds = maximumSeconds
            self.carriers = carriers
        }
    }

    /// Signs the readings `next` yields in batches, in input order, on the calling thread (a
    /// batch is one sequence: each sample's index and the carrier depend on the ones before),
    /// handing each signed line to `write` and each invalid reading to `problem`. A line is
    /// ready once the reading after it has been read or its batch has closed: the last line of
    /// a batch carries the batch signature, which covers every sample of the batch. Already
    /// signed readings are refused unless `replaceSignatures` (``BatchSigningStage``).
    static func signInBatches(_ batching: Batching, key: P256PrivateKey, builder: SignedDataBuilder,
                              replaceSignatures: Bool = false, period: CertificatePeriodCheck? = nil,
                              next: () throws(ToolError) -> Swift.Result<StoredSample, SampleInputError>?,
                              write: (String) throws(ToolError) -> Void,
                              problem: (Problem) -> Void) throws(ToolError) {
        var stage = BatchSigningStage(key: key, builder: builder, maximumCount: batching.maximumCount,
                                      maximumSeconds: batching.maximumSeconds, carriers: batching.carriers,
                                      replaceSignatures: replaceSignatures)
        func record(_ error: BatchSigningStageError) {
            switch error {
            case .sample(let line, let e): problem(Self.problem(e, line: line))
            case .splice(let line, let e): problem(Problem(line: line, field: "", reason: "\(e)"))
            case .alreadySigned(let line, let key):
                problem(Problem(line: line, field: "metadata.\(key)", reason: alreadySignedReason))
            }
        }
        while let item = try next() {
            switch item {
            case .failure(let error):
                problem(Self.problem(error))
            case .success(let stored):
                // Each member's certificate is checked at its own signed time (docs/BATCH.md).
                if let outside = period?.problem(for: stored.sample) {
                    problem(Self.problem(outside, line: stored.line))
                    continue
                }
                var lines: [BatchSigningStage.Line] = []
                do throws(BatchSigningStageError) {
                    lines = try stage.add(stored)
                } catch {
                    record(error)
                }
                for line in lines { try write(line.text) }
            }
        }
        var lines: [BatchSigningStage.Line] = []
        do throws(BatchSigningStageError) {
            lines = try stage.finish()
        } catch {
            record(error)
        }
        for line in lines { try write(line.text) }
    }
}
