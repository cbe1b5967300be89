/// A HealthKit correlation type: a sample that groups other samples.
public enum CorrelationType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `HKCorrelationTypeIdentifierBloodPressure`: exactly one systolic and one diastolic sample.
    case bloodPressure = "HKCorrelationTypeIdentifierBloodPressure"
    /// `HKCorrelationTypeIdentifierFood`: nutrition (`Dietary…`) samples of one food.
    case food = "HKCorrelationTypeIdentifierFood"

    /// The full identifier.
    public var identifier: String { rawValue }

    /// The type with this full identifier, or nil if it is not known.
    public static func named(_ identifier: String) -> CorrelationType? { CorrelationType(rawValue: identifier) }

    /// The type whose identifier is exactly these UTF-8 bytes, found without making a String.
    /// (``named(_:)`` compares Strings, which also matches a canonically equivalent spelling.)
    public static func named(utf8 identifier: UnsafeBufferPointer<UInt8>) -> CorrelationType? {
        byIdentifierUTF8.value(named: identifier)
    }

    private static let byIdentifierUTF8 = UTF8KeyedTable(allCases.map { ($0.rawValue, $0) })

    /// The identifier.
    public var description: String { rawValue }
}
