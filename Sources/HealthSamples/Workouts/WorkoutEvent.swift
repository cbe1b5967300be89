/// One event of a workout (HealthKit's `HKWorkoutEvent`): its type, when it happened, for
/// interval events (laps, segments) how long it lasted, and its own metadata.
public struct WorkoutEvent: Sendable, Hashable {
    /// What happened.
    public var type: WorkoutEventType
    /// When it happened (the start of its date interval).
    public var date: SampleDate
    /// How long it lasted, a time quantity; nil for an instant (HealthKit's zero-length interval).
    public var duration: Quantity?
    /// The event's metadata (e.g. `HKSwimmingStrokeStyle` on a lap).
    public var metadata: Metadata

    /// Creates an event.
    public init(type: WorkoutEventType, date: SampleDate, duration: Quantity? = nil, metadata: Metadata = Metadata()) {
        self.type = type
        self.date = date
        self.duration = duration
        self.metadata = metadata
    }
}
