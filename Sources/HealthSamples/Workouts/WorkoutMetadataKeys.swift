import Foundation

/// The metadata keys HealthKit predefines for workouts and their events, with the kind of value
/// each holds, so that a workout's metadata can be checked like its totals: a quantity key's
/// unit must have the key's dimension (`HKElevationAscended` in `kcal` is refused).
public enum WorkoutMetadataKeys {
    /// What a workout key's value must be.
    public enum ValueKind: Sendable, Hashable, CustomStringConvertible {
        /// A quantity (`.quantity`, or "number unit" text as export.xml writes it) of this dimension.
        case quantity(UnitDimension)
        /// A boolean (`true`/`false`, or 0/1 as HealthKit stores it).
        case boolean
        /// An integer of a HealthKit enumeration.
        case enumeration
        /// Text.
        case string

        /// What is expected, for error messages.
        public var description: String {
            switch self {
            case .quantity(let dimension): "a quantity of \(dimension)"
            case .boolean: "a boolean (true, false, 0 or 1)"
            case .enumeration: "an integer"
            case .string: "text"
            }
        }
    }

    /// Each workout key and its value kind.
    public static let all: [(key: MetadataKey, kind: ValueKind)] = [
        (.indoorWorkout, .boolean), (.groupFitness, .boolean), (.coachedWorkout, .boolean),
        (.workoutBrandName, .string),
        (.averageSpeed, .quantity(.speed)), (.maximumSpeed, .quantity(.speed)),
        (.averageMETs, .quantity(.energyPerTimeMass)),
        (.elevationAscended, .quantity(.length)), (.elevationDescended, .quantity(.length)),
        (.alpineSlopeGrade, .quantity(.percent)), (.lapLength, .quantity(.length)),
        (.fitnessMachineDuration, .quantity(.time)), (.indoorBikeDistance, .quantity(.length)),
        (.crossTrainerDistance, .quantity(.length)),
        (.weatherTemperature, .quantity(.temperature)), (.weatherHumidity, .quantity(.percent)),
        (.swimmingLocationType, .enumeration), (.swimmingStrokeStyle, .enumeration), (.weatherCondition, .enumeration),
        (.waterSalinity, .enumeration), (.activityType, .enumeration), (.physicalEffortEstimationType, .enumeration),
    ]

    private static let kinds: [String: ValueKind] =
        Dictionary(all.map { ($0.key.storedName, $0.kind) }, uniquingKeysWith: { first, _ in first })

    /// The value kind of a workout key (either spelling), or nil for any other key.
    public static func kind(of key: String) -> ValueKind? { kinds[MetadataKey.storedName(for: key)] }

    /// Whether `value` is acceptable for a key of `kind`.
    public static func accepts(_ value: MetadataValue, as kind: ValueKind) -> Bool {
        switch (kind, value) {
        case (.quantity(let dimension), .quantity(let quantity)):
            return quantity.unit.dimension == dimension
        case (.quantity(let dimension), .string(let text)):
            guard let quantity = try? Quantity(parsing: text) else { return false }
            return quantity.unit.dimension == dimension
        case (.boolean, _):
            return value.boolValue != nil || value.stringValue == "0" || value.stringValue == "1"
        case (.enumeration, .number(var number)):
            var whole = Decimal()
            NSDecimalRound(&whole, &number, 0, .plain)
            return whole == number
        case (.enumeration, .string(let text)):
            return Int(text) != nil
        case (.string, .string):
            return true
        default:
            return false
        }
    }
}
