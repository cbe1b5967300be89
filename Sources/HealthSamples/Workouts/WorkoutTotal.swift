/// The four totals a workout can carry (HealthKit's `HKWorkout` properties), each a quantity
/// whose unit must have the total's dimension.
public enum WorkoutTotal: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `totalEnergyBurned`: energy (`kcal`, `kJ`, `Cal`).
    case energyBurned = "totalEnergyBurned"
    /// `totalDistance`: length (`km`, `mi`, `m`).
    case distance = "totalDistance"
    /// `totalSwimmingStrokeCount`: a count (`count`).
    case swimmingStrokeCount = "totalSwimmingStrokeCount"
    /// `totalFlightsClimbed`: a count (`count`).
    case flightsClimbed = "totalFlightsClimbed"

    /// The field name, as in JSON and in validation errors.
    public var fieldName: String { rawValue }

    /// The dimension its unit must have.
    public var dimension: UnitDimension {
        switch self {
        case .energyBurned: .energy
        case .distance: .length
        case .swimmingStrokeCount, .flightsClimbed: .count
        }
    }

    /// The field name.
    public var description: String { rawValue }
}
