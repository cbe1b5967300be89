/// What a verification run learned about one batch (docs/BATCH.md, "Missing samples").
public struct BatchStatus: Sendable, Hashable {
    /// The batch identifier as stored in `HealthSigBatch` (base64url).
    public let identifier: String
    /// Samples the signed manifest lists; nil when no valid signature of the batch was seen.
    public let count: Int?
    /// Distinct indices of the batch seen in the input.
    public let present: Int
    /// The signature's verdict: `valid`, a failure, or `unsigned` when no carrier was seen.
    public let signature: SampleVerdict.Kind

    /// Creates a status.
    public init(identifier: String, count: Int?, present: Int, signature: SampleVerdict.Kind) {
        self.identifier = identifier
        self.count = count
        self.present = present
        self.signature = signature
    }

    /// Samples the manifest lists that the input does not hold (nil without a valid signature).
    public var absent: Int? { count.map { $0 - present } }
}
