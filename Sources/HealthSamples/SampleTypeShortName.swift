/// Type identifiers without HealthKit's kind prefix: `HeartRate` for
/// `HKQuantityTypeIdentifierHeartRate`, as tables, filters and suggestions show and accept them.
public enum SampleTypeShortName {
    /// The prefixes of quantity, category and correlation type identifiers.
    public static let identifierPrefixes = [QuantityType.identifierPrefix, CategoryType.identifierPrefix, "HKCorrelationTypeIdentifier"]

    /// A workout's short name. `HKWorkoutTypeIdentifier` is a whole identifier, not a prefix
    /// followed by a name, so it is named rather than cut.
    public static let workout = "Workout"

    /// `identifier` without its kind prefix; any other text as it is.
    public static func of(_ identifier: String) -> String {
        if identifier == Workout.typeIdentifier { return workout }
        for prefix in identifierPrefixes where identifier.hasPrefix(prefix) { return String(identifier.dropFirst(prefix.count)) }
        return identifier
    }

    /// The full identifiers a short `name` may stand for, most likely first.
    public static func identifiers(for name: String) -> [String] {
        (name == workout ? [Workout.typeIdentifier] : []) + identifierPrefixes.map { $0 + name }
    }
}
