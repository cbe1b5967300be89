/// A HealthKit workout activity type (`HKWorkoutActivityType`): its name as the Health app's
/// export.xml writes it (`HKWorkoutActivityTypeRunning`) and HealthKit's numeric raw value (37).
///
/// Only the types in ``all`` exist: readers that meet another name or number report it.
/// Equality and hashing use the raw value.
public struct WorkoutActivityType: Sendable, Hashable, CustomStringConvertible {
    /// HealthKit's raw value, e.g. 37 for running.
    public let rawValue: Int
    /// The full name, e.g. `HKWorkoutActivityTypeRunning`.
    public let name: String

    /// `HKWorkoutActivityType`, the prefix of every name.
    public static let namePrefix = "HKWorkoutActivityType"

    init(_ rawValue: Int, _ suffix: String) {
        self.rawValue = rawValue
        self.name = Self.namePrefix + suffix
    }

    /// The name without `HKWorkoutActivityType`, e.g. `Running`.
    public var shortName: String { String(name.dropFirst(Self.namePrefix.count)) }

    /// The type with this full name, or nil.
    public static func named(_ name: String) -> WorkoutActivityType? { byName[name] }

    /// The type with this raw value, or nil.
    public static func withRawValue(_ rawValue: Int) -> WorkoutActivityType? { byRawValue[rawValue] }

    private static let byName: [String: WorkoutActivityType] =
        Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    private static let byRawValue: [Int: WorkoutActivityType] =
        Dictionary(all.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The name.
    public var description: String { name }

    /// Equal when the raw values are equal.
    public static func == (lhs: WorkoutActivityType, rhs: WorkoutActivityType) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the raw value, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// `HKWorkoutActivityTypeRunning` (37).
    public static let running = WorkoutActivityType(37, "Running")
    /// `HKWorkoutActivityTypeCycling` (13).
    public static let cycling = WorkoutActivityType(13, "Cycling")
    /// `HKWorkoutActivityTypeSwimming` (46).
    public static let swimming = WorkoutActivityType(46, "Swimming")
    /// `HKWorkoutActivityTypeRowing` (35).
    public static let rowing = WorkoutActivityType(35, "Rowing")
    /// `HKWorkoutActivityTypeWalking` (52).
    public static let walking = WorkoutActivityType(52, "Walking")
    /// `HKWorkoutActivityTypeStairClimbing` (44).
    public static let stairClimbing = WorkoutActivityType(44, "StairClimbing")
    /// `HKWorkoutActivityTypeOther` (3000).
    public static let other = WorkoutActivityType(3000, "Other")
}
