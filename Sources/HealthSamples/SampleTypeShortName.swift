/// Type identifiers without HealthKit's kind prefix: `HeartRate` for
/// `HKQuantityTypeIdentifierHeartRate`, as tables, filters and suggestions show and accept them.
public enum SampleTypeShortName {
    /// The prefixes of quantity, category and correlation type identifiers.
    public static let identifierPrefixes = [QuantityType.identifierPrefix, CategoryType.identifierPrefix, "HKCorrelationTypeIdentifier"]

    /// `identifier` without its kind prefix; any other text as it is.
    public static func of(_ identifier: String) -> String {
        for prefix in identifierPrefixes where identifier.hasPrefix(prefix) { return String(identifier.dropFirst(prefix.count)) }
        return identifier
    }
}
