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

    /// The identifier.
    public var description: String { rawValue }
}
