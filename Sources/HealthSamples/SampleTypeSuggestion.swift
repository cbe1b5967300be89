/// "Did you mean …" for a sample type identifier no catalog knows.
public enum SampleTypeSuggestion {
    /// Every known identifier: quantity, category and correlation types, and the workout type.
    public static let identifiers: [String] =
        QuantityType.all.map(\.identifier) + CategoryType.all.map(\.identifier) + CorrelationType.allCases.map(\.identifier)
        + [Workout.typeIdentifier]

    /// The known identifier `identifier` was probably meant to be, or nil when none is close.
    ///
    /// In order: the same text in another case (`HKQuantityTypeIdentifierHeartrate`); the short
    /// name alone or with the wrong prefix (`HeartRate`, `HKQuantityTypeIdentifierSleepAnalysis`);
    /// then the closest identifier within 3 edits (one per four characters of the name), compared
    /// on the short names.
    public static func suggestion(for identifier: String) -> String? {
        if let match = byLowercased[identifier.lowercased()] { return match }
        let name = shortName(of: identifier)
        if let match = byLowercasedShortName[name.lowercased()] { return match }
        // A short name allows fewer edits: `Foo` is one edit from `Food` but no typo of it.
        let limit = min(3, name.count / 4)
        if limit > 0, let close = EditDistance.closest(to: name, among: sortedShortNames, limit: limit) {
            return byShortName[close]
        }
        return nil
    }

    // The lookup tables, built once: a suggestion is made for every refused item of an input.
    // On equal keys the first identifier listed wins, as a search of the list in order would.
    private static let byLowercased = firstByKey { $0.lowercased() }
    private static let byLowercasedShortName = firstByKey { shortName(of: $0).lowercased() }
    private static let byShortName = firstByKey { shortName(of: $0) }
    private static let sortedShortNames = byShortName.keys.sorted()

    private static func firstByKey(_ key: (String) -> String) -> [String: String] {
        Dictionary(identifiers.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func shortName(of identifier: String) -> String {
        SampleTypeShortName.of(identifier)
    }
}
