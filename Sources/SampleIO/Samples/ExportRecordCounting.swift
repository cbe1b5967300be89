/// When every consumer of a run only counts unsigned samples (per type and per source), an
/// unsigned top-level `Record` need not become a ``HealthSamples/Sample``: the reader hands it out
/// as it was read (``ExportCountingOutcome/unsignedRecord(_:)``), and a consumer that later needs
/// its details maps it with ``ExportSampleMapper`` as the reference path does.
///
/// The metadata keys that make a record signed material are the verifier's (its signature key
/// in both spellings, the timestamp key, the batch keys): SampleIO does not know them, so the
/// caller names them.
public struct ExportRecordCounting: Sendable {
    /// Metadata keys whose presence sends a record down the full path.
    public let signingKeys: [String]

    /// Counting that sends any record carrying one of `signingKeys` (compared as Strings, as
    /// the verifier compares them: a canonically equivalent spelling matches too) down the full path.
    public init(signingKeys: [String]) {
        self.signingKeys = signingKeys
    }

    /// Whether `key` is one of ``signingKeys``.
    func isSigningKey(_ key: String) -> Bool {
        signingKeys.contains { $0 == key }
    }
}

/// What ``ExportSampleReader/next(counting:)`` hands out for one top-level item.
public enum ExportCountingOutcome: Sendable {
    /// What ``ExportSampleReader/next()`` would hand out.
    case outcome(ExportSampleOutcome)
    /// A top-level `Record` read by the record shortcut, without a signing metadata key, of a
    /// catalog type spelled as the catalog spells it that no correlation holds: an unsigned
    /// sample whether or not its fields are valid, reported under its `type` and `sourceName`.
    /// ``ExportSampleMapper/map(_:)`` gives its full outcome.
    case unsignedRecord(ExportXMLItem)
}
