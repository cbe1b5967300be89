/// A HealthKit workout event type (`HKWorkoutEventType`), with HealthKit's raw values.
public enum WorkoutEventType: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The user paused the workout.
    case pause = 1
    /// The user resumed it.
    case resume = 2
    /// A lap (an interval: pool length, track lap).
    case lap = 3
    /// A point or interval the user or app marked.
    case marker = 4
    /// The device detected that the user stopped moving.
    case motionPaused = 5
    /// The device detected that the user moved again.
    case motionResumed = 6
    /// A segment of the workout (an interval: a kilometre split, a swimming set).
    case segment = 7
    /// A pause or resume the user asked for, whichever the session's state made it.
    case pauseOrResumeRequest = 8

    /// `HKWorkoutEventType`, the prefix of every name.
    public static let namePrefix = "HKWorkoutEventType"

    /// The full name as export.xml writes it, e.g. `HKWorkoutEventTypeMotionPaused`.
    public var name: String {
        let suffix: String = switch self {
        case .pause: "Pause"
        case .resume: "Resume"
        case .lap: "Lap"
        case .marker: "Marker"
        case .motionPaused: "MotionPaused"
        case .motionResumed: "MotionResumed"
        case .segment: "Segment"
        case .pauseOrResumeRequest: "PauseOrResumeRequest"
        }
        return Self.namePrefix + suffix
    }

    /// The event type with this full name, or nil.
    public static func named(_ name: String) -> WorkoutEventType? { allCases.first { $0.name == name } }

    /// The name.
    public var description: String { name }
}
