import HealthSamples

/// The metadata keys of batch signatures (docs/BATCH.md): an item carrying one is a signed item
/// even without `HKDigitalSignature`, so a reader that refuses it as a sample still hands over
/// its fields for the verifier to judge against its batch's record.
enum BatchSignatureKeys {
    static let reference = "HealthSigBatch"
    static let signature = "HealthSigBatchSignature"

    /// Whether `key` is one of the two.
    static func contains(_ key: String) -> Bool { key == reference || key == signature }
}
