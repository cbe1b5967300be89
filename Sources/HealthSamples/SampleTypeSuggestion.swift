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
        let lowered = identifier.lowercased()
        if let match = identifiers.first(where: { $0.lowercased() == lowered }) { return match }
        let short = shortName(of: identifier).lowercased()
        if let match = identifiers.first(where: { shortName(of: $0).lowercased() == short }) { return match }
        let byShortName = Dictionary(identifiers.map { (shortName(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        // A short name allows fewer edits: `Foo` is one edit from `Food` but no typo of it.
        let name = shortName(of: identifier)
        let limit = min(3, name.count / 4)
        if limit > 0, let close = EditDistance.closest(to: name, among: Array(byShortName.keys).sorted(), limit: limit) {
            return byShortName[close]
        }
        return nil
    }

    private static func shortName(of identifier: String) -> String {
        SampleTypeShortName.of(identifier)
    }
}
