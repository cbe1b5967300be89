import SampleSigning

/// What the batches of a run say is missing (docs/BATCH.md, "Missing samples"), as the report's
/// headline and the FHIR command's summary state it: readings a verified batch signature lists
/// that the input does not hold, and batches whose signature was not found or did not verify,
/// so nothing can say how many of their readings are missing. `verify --require-complete`
/// fails on exactly these batches.
public struct BatchAbsence: Sendable, Hashable {
    /// Readings listed by a batch's verified manifest and absent from the input.
    public let absentReadings: Int
    /// Batches with readings absent.
    public let batchesWithAbsentReadings: Int
    /// Batches without a valid signature.
    public let batchesWithoutValidSignature: Int
    /// The incomplete batches themselves.
    public let batches: [BatchStatus]

    public init(_ totals: VerificationTotals) {
        batches = totals.incompleteBatches
        absentReadings = batches.reduce(0) { $0 + max(0, $1.absent ?? 0) }
        batchesWithAbsentReadings = batches.filter { ($0.absent ?? 0) > 0 }.count
        batchesWithoutValidSignature = batches.filter { $0.signature != .valid }.count
    }

    /// Whether every batch met is complete and validly signed.
    public var isEmpty: Bool { batches.isEmpty }

    /// `2 batch-signed readings absent from the input (listed by 1 batch signature); 1 batch
    /// without a valid signature (how many of its readings are absent is unknown)`, or nil.
    public var sentence: String? {
        var parts: [String] = []
        if absentReadings > 0 {
            parts.append("\(ReportWords.readings(absentReadings)) signed in a batch \(absentReadings == 1 ? "is" : "are") absent from the input "
                + "(listed by \(batchesWithAbsentReadings) batch signature\(batchesWithAbsentReadings == 1 ? "" : "s"))")
        }
        if batchesWithoutValidSignature > 0 {
            parts.append("\(batchesWithoutValidSignature) batch\(batchesWithoutValidSignature == 1 ? " has" : "es have") no valid signature "
                + "(how many of \(batchesWithoutValidSignature == 1 ? "its" : "their") readings are absent is unknown)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
