/// A HealthKit category type: its identifier and the enumeration its samples' integer values
/// come from, with the labels export.xml writes instead of the integers.
///
/// Equality and hashing use the identifier.
public struct CategoryType: Sendable, Hashable, CustomStringConvertible {
    /// One allowed value of a category.
    public struct Value: Sendable, Hashable {
        /// The integer HealthKit stores, e.g. 0 for `inBed`.
        public let rawValue: Int
        /// The SDK case name, e.g. `inBed`, `asleepUnspecified`.
        public let name: String
        /// The label export.xml writes, e.g. `HKCategoryValueSleepAnalysisInBed`.
        public let label: String
        /// Older or alternative labels that mean the same value, e.g. `HKCategoryValueSleepAnalysisAsleep`.
        public let aliases: [String]

        /// Creates a value.
        init(_ rawValue: Int, _ name: String, _ label: String, aliases: [String] = []) {
            self.rawValue = rawValue
            self.name = name
            self.label = label
            self.aliases = aliases
        }
    }

    // Perf: a class: as a struct of its own fields each copy of a sample retained its identifier
    // and its values (not measured).
    /// The type's fields, shared by every copy.
    private final class Storage: Sendable {
        let identifier: String
        let values: [Value]

        init(identifier: String, values: [Value]) {
            self.identifier = identifier
            self.values = values
        }
    }

    private let storage: Storage

    /// The full identifier, e.g. `HKCategoryTypeIdentifierSleepAnalysis`.
    public var identifier: String { storage.identifier }
    /// The allowed values, in increasing raw value.
    public var values: [Value] { storage.values }

    /// `HKCategoryTypeIdentifier`, the prefix of every category-type identifier.
    public static let identifierPrefix = "HKCategoryTypeIdentifier"

    /// Creates a type from its identifier suffix and values.
    init(_ suffix: String, _ values: [Value]) {
        storage = Storage(identifier: Self.identifierPrefix + suffix, values: values)
    }

    /// The identifier without `HKCategoryTypeIdentifier`, e.g. `SleepAnalysis`.
    public var shortName: String { String(identifier.dropFirst(Self.identifierPrefix.count)) }

    /// The allowed raw values, in increasing order.
    public var allowedRawValues: [Int] { values.map(\.rawValue) }

    /// Whether `rawValue` is one of the category's values.
    public func allows(_ rawValue: Int) -> Bool { values.contains { $0.rawValue == rawValue } }

    /// The value with this raw value, if allowed.
    public func value(forRawValue rawValue: Int) -> Value? { values.first { $0.rawValue == rawValue } }

    /// The raw value an export.xml label stands for, accepting current labels and aliases
    /// (`HKCategoryValueSleepAnalysisAsleep` → 1), or nil for a label this category does not have.
    public func rawValue(forLabel label: String) -> Int? {
        values.first { $0.label == label || $0.aliases.contains(label) }?.rawValue
    }

    /// The current export label for a raw value, e.g. 0 → `HKCategoryValueSleepAnalysisInBed`.
    public func label(forRawValue rawValue: Int) -> String? { value(forRawValue: rawValue)?.label }

    /// The type with this full identifier, or nil if it is not known.
    public static func named(_ identifier: String) -> CategoryType? { byIdentifier[identifier] }

    private static let byIdentifier: [String: CategoryType] =
        Dictionary(all.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })

    /// The type whose identifier is exactly these UTF-8 bytes, found without making a String.
    /// (``named(_:)`` compares Strings, which also matches a canonically equivalent spelling.)
    public static func named(utf8 identifier: UnsafeBufferPointer<UInt8>) -> CategoryType? {
        byIdentifierUTF8.value(named: identifier)
    }

    private static let byIdentifierUTF8 = UTF8KeyedTable(all.map { ($0.identifier, $0) })

    /// The identifier.
    public var description: String { identifier }

    /// Equal when the identifiers are equal.
    public static func == (lhs: CategoryType, rhs: CategoryType) -> Bool {
        // Types come from the catalog, so equal ones are nearly always the same storage.
        lhs.storage === rhs.storage || lhs.storage.identifier == rhs.storage.identifier
    }

    /// Hashes the identifier, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
