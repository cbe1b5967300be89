import HealthSamples
import SampleSigning

/// A stored item of a batch (docs/BATCH.md) that is not a valid sample, for the pipeline's batch
/// stage: judged against its batch's record like a per-sample-signed item, and counted present
/// in its batch, rather than reported `unsigned` or `unreadable` and lost from the batch.
enum BatchMemberItem: Sendable {
    /// An item the reader refused as a sample: its fields as written, the field refused and why.
    case invalid(StoredSampleFields, field: String, problem: String)
    /// An item of a type outside the catalog: its metadata, and the verdict it gets whatever its
    /// batch holds (`malformed`, `unsupported-type`, as a per-sample-signed one).
    case unsupported(Metadata, verdict: SampleVerdict)

    /// The item for `fields` when they refer to a batch without a per-sample signature (which
    /// keeps docs/VERIFY.md's path).
    static func member(_ fields: StoredSampleFields, field: String, problem: String) -> BatchMemberItem? {
        guard fields.signatureText == nil, BatchSampleVerifier<Int>.involvesBatch(fields.metadata) else { return nil }
        return .invalid(fields, field: field, problem: problem)
    }
}
