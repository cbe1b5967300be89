/// A HealthKit quantity type: its identifier, the dimension of units it accepts, how values
/// combine over time, and its usual unit.
///
/// Only the types in ``all`` exist: a reader that meets an unknown identifier gets `nil` from
/// ``named(_:)`` and reports ``SampleValidationError/Kind/unknownType(identifier:)``.
/// Equality and hashing use the identifier.
public struct QuantityType: Sendable, Hashable, CustomStringConvertible {
    /// How HealthKit combines samples of a type over an interval.
    public enum Aggregation: String, Sendable, Hashable {
        /// Each sample is a reading at a point (heart rate, body mass): average, min, max.
        case discrete
        /// Samples add up over time (steps, energy, nutrients): sum.
        case cumulative
    }

    // Perf: a class, shared by every copy of a type (in every quantity sample); as a struct each
    // copy of a sample retained both of its strings (not measured).
    /// The type's fields, shared by every copy.
    private final class Storage: Sendable {
        let identifier: String
        let dimension: UnitDimension
        let aggregation: Aggregation
        let canonicalUnit: HealthUnit
        /// ``QuantityType/plausibleRange``, worked out once.
        let plausibleRange: PlausibleRange?

        init(identifier: String, dimension: UnitDimension, aggregation: Aggregation, canonicalUnit: HealthUnit,
             plausibility: Plausibility) {
            self.identifier = identifier
            self.dimension = dimension
            self.aggregation = aggregation
            self.canonicalUnit = canonicalUnit
            plausibleRange = plausibility.range(aggregation: aggregation, canonicalUnit: canonicalUnit)
        }
    }

    private let storage: Storage

    /// The full identifier, e.g. `HKQuantityTypeIdentifierHeartRate`.
    public var identifier: String { storage.identifier }
    /// The dimension every unit of this type must have.
    public var dimension: UnitDimension { storage.dimension }
    /// Discrete or cumulative.
    public var aggregation: Aggregation { storage.aggregation }
    /// HealthKit's usual unit for the type, e.g. `count/min` for heart rate.
    public var canonicalUnit: HealthUnit { storage.canonicalUnit }
    /// Whether this is a nutrition type (`HKQuantityTypeIdentifierDietary…`), the only kind a
    /// food correlation may hold.
    public var isDietary: Bool { identifier.hasPrefix(Self.identifierPrefix + "Dietary") }

    /// `HKQuantityTypeIdentifier`, the prefix of every quantity-type identifier.
    public static let identifierPrefix = "HKQuantityTypeIdentifier"

    /// Creates a type from its identifier suffix (`HeartRate`), dimension, aggregation, usual unit
    /// and the values a reading can have (from zero up unless said).
    init(_ suffix: String, _ dimension: UnitDimension, _ aggregation: Aggregation, _ canonicalUnit: HealthUnit,
         plausible plausibility: Plausibility = .nonNegative) {
        storage = Storage(identifier: Self.identifierPrefix + suffix, dimension: dimension,
                          aggregation: aggregation, canonicalUnit: canonicalUnit, plausibility: plausibility)
    }

    /// The identifier without `HKQuantityTypeIdentifier`, e.g. `HeartRate`.
    public var shortName: String { String(identifier.dropFirst(Self.identifierPrefix.count)) }

    /// The values a reading of this type can physically have; nil for the few types whose scale
    /// has no natural bound (wrist temperature, sound level in dB, heart-rate recovery, a
    /// difference that may be negative).
    public var plausibleRange: PlausibleRange? { storage.plausibleRange }

    /// Whether `quantity` lies in ``plausibleRange`` (true when there is none).
    func plausibleRangeContains(_ quantity: Quantity) -> Bool {
        // Perf: read in place; the range copied out for every signed reading retained its unit
        // and its reason (not measured).
        storage.plausibleRange?.contains(quantity) ?? true
    }

    /// Whether values of this type may be stored in `unit` (its dimension matches).
    public func accepts(_ unit: HealthUnit) -> Bool { unit.dimension == storage.dimension }

    /// The type with this full identifier, or nil if HealthKit (as modelled here) has none.
    public static func named(_ identifier: String) -> QuantityType? { byIdentifier[identifier] }

    private static let byIdentifier: [String: QuantityType] =
        Dictionary(all.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })

    /// The type whose identifier is exactly these UTF-8 bytes, found without making a String.
    /// (``named(_:)`` compares Strings, which also matches a canonically equivalent spelling.)
    public static func named(utf8 identifier: UnsafeBufferPointer<UInt8>) -> QuantityType? {
        byIdentifierUTF8.value(named: identifier)
    }

    private static let byIdentifierUTF8 = UTF8KeyedTable(all.map { ($0.identifier, $0) })

    /// The identifier.
    public var description: String { identifier }

    /// Equal when the identifiers are equal.
    public static func == (lhs: QuantityType, rhs: QuantityType) -> Bool {
        // Types come from the catalog, so equal ones are nearly always the same storage.
        lhs.storage === rhs.storage || lhs.storage.identifier == rhs.storage.identifier
    }

    /// Hashes the identifier, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
