import SampleSigning

/// How reports show a batch of batch-signed samples (docs/BATCH.md, "Missing samples").
enum BatchStatusText {
    /// `batch AAECAwQFBgcICQoL: 718 of 720 samples present, 2 absent` (or why the count is unknown).
    static func line(_ batch: BatchStatus) -> String {
        guard let count = batch.count, let absent = batch.absent else {
            let why = batch.signature == .unsigned ? "its signature (HealthSigBatchSignature) was not found"
                                                   : "its signature is \(batch.signature.rawValue)"
            return "batch \(batch.identifier): \(batch.present) sample(s) present, count unknown: \(why)"
        }
        let line = "batch \(batch.identifier): \(batch.present) of \(count) samples present, \(absent) absent"
        // A counted batch without a valid signature: its carriers held different signatures.
        return batch.signature == .valid ? line : line + "; its carriers hold different signatures (\(batch.signature.rawValue))"
    }
}
