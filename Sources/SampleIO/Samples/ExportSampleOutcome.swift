import HealthSamples

/// What one top-level export.xml item maps to.
public enum ExportSampleOutcome: Sendable, Hashable {
    /// A sample of the catalog (its ``StoredSample/exportItem`` holds the raw item).
    case sample(StoredSample)
    /// A record or correlation whose type is outside the catalogs of ``HealthSamples`` (e.g.
    /// `HKQuantityTypeIdentifierEnvironmentalSoundReduction`, `HKDataTypeSleepDurationGoal`). It
    /// is surfaced rather than dropped so that a caller can still see it, e.g. report that an
    /// unknown record carries a signature it cannot check.
    case unsupported(ExportXMLItem)
    /// An item of a known type that cannot be a valid sample (bad date, unit, value, device
    /// string, or a HealthKit rule broken).
    case invalid(ExportXMLItem, SampleInputError)

    /// The stored form of every export.xml item, whatever it maps to.
    public var form: StoredForm { .healthExport }
}
