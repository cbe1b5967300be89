/// "Did you mean …" for a workout activity type name no catalog entry has.
public enum WorkoutActivityTypeSuggestion {
    /// The activity type `name` was probably meant to be, or nil when none is close.
    ///
    /// In order, as for sample types (``SampleTypeSuggestion``): the same name in another case
    /// (`HKWorkoutActivityTyperunning`); the short name alone or in another case (`Running`);
    /// then the closest short name within 3 edits (one per four characters of the name).
    public static func suggestion(for name: String) -> String? {
        if let match = byLowercased[name.lowercased()] { return match }
        let short = name.hasPrefix(WorkoutActivityType.namePrefix) ? String(name.dropFirst(WorkoutActivityType.namePrefix.count)) : name
        if let match = byLowercasedShortName[short.lowercased()] { return match }
        let limit = min(3, short.count / 4)
        if limit > 0, let close = EditDistance.closest(to: short, among: sortedShortNames, limit: limit) {
            return byShortName[close]
        }
        return nil
    }

    // Built once: a suggestion is made for every refused workout of an input.
    private static let byLowercased = firstByKey { $0.name.lowercased() }
    private static let byLowercasedShortName = firstByKey { $0.shortName.lowercased() }
    private static let byShortName = firstByKey { $0.shortName }
    private static let sortedShortNames = byShortName.keys.sorted()

    private static func firstByKey(_ key: (WorkoutActivityType) -> String) -> [String: String] {
        Dictionary(WorkoutActivityType.all.map { (key($0), $0.name) }, uniquingKeysWith: { first, _ in first })
    }
}
