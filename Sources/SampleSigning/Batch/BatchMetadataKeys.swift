import HealthSamples

/// The metadata a batch verifier looks at (docs/BATCH.md), found in one pass over a sample's
/// entries: the first `HealthSigBatch`, `HealthSigBatchSignature` and `HealthSigBatchTimestamp`
/// values and whether `HKDigitalSignature` (either spelling) is present. Looking each key up
/// separately mapped every entry's key to its stored spelling once per lookup, for every sample
/// of a batch.
struct BatchMetadataKeys {
    /// The first `HealthSigBatch` value.
    private(set) var reference: MetadataValue?
    /// The first `HealthSigBatchSignature` value.
    private(set) var signature: MetadataValue?
    /// The first `HealthSigBatchTimestamp` value: the batch signature's RFC 3161 token.
    private(set) var timestamp: MetadataValue?
    /// Whether the sample has a per-sample signature, which takes docs/VERIFY.md's path.
    private(set) var hasDigitalSignature = false

    init(_ metadata: Metadata) {
        let digitalSignature = MetadataKey.digitalSignature
        for entry in metadata.entries {
            let key = entry.key
            // Our keys have one spelling (MetadataKey maps only HealthKit's keys), and the
            // signature key exactly its two: String equality finds what a lookup by stored
            // name finds, canonically equivalent spellings included.
            if key == BatchReference.metadataKey {
                if reference == nil { reference = entry.value }
            } else if key == BatchReference.signatureMetadataKey {
                if signature == nil { signature = entry.value }
            } else if key == BatchSampleVerifier<Int>.timestampKey {
                if timestamp == nil { timestamp = entry.value }
            } else if !hasDigitalSignature,
                      key == digitalSignature.storedName || key == digitalSignature.constantName {
                hasDigitalSignature = true
            }
        }
    }
}
