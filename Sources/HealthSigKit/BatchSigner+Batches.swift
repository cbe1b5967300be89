import CMS
import CryptoBackend
import HealthSamples
import SampleIO
import SampleSigning

extension BatchSigner {
    /// `--batch N` / `--batch-seconds S`: batch signatures (docs/BATCH.md) instead of one
    /// signature per reading.
    public struct Batching: Sendable, Hashable {
        /// Most samples in a batch (1...65,535).
        public let maximumCount: Int
        /// Seconds of sample time after which a batch closes, if set.
        public let maximumSeconds: Int64?

        /// Creates the options.
        public init(maximumCount: Int, maximumSeconds: Int64?) {
            self.maximumCount = maximumCount
            self.maximumSeconds = maximumSeconds
        }
    }

    /// Signs the readings `next` yields in batches, in input order, on the calling thread (a
    /// batch is one sequence: each sample's index and the carrier depend on the ones before),
    /// handing each signed line to `write` and each invalid reading to `problem`. A line is
    /// ready once the reading after it has been read or its batch has closed: the last line of
    /// a batch carries the batch signature, which covers every sample of the batch.
    static func signInBatches(_ batching: Batching, key: P256PrivateKey, builder: SignedDataBuilder,
                              next: () throws(ToolError) -> Swift.Result<StoredSample, SampleInputError>?,
                              write: (String) throws(ToolError) -> Void,
                              problem: (Problem) -> Void) throws(ToolError) {
        var stage = BatchSigningStage(key: key, builder: builder, maximumCount: batching.maximumCount,
                                      maximumSeconds: batching.maximumSeconds)
        func record(_ error: BatchSigningStageError) {
            switch error {
            case .sample(let line, let e): problem(Self.problem(e, line: line))
            case .splice(let line, let e): problem(Problem(line: line, field: "", reason: "\(e)"))
            }
        }
        while let item = try next() {
            switch item {
            case .failure(let error):
                problem(Self.problem(error))
            case .success(let stored):
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
