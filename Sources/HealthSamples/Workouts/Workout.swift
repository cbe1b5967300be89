/// A workout (HealthKit's `HKWorkout`): an activity over an interval, with its duration, its
/// totals, its events, the device that recorded it and its metadata.
///
/// Samples recorded during the workout (heart rate, distance in slices, the route) are separate
/// samples, each signed on its own; the workout does not hold them.
public struct Workout: Sendable, Hashable {
    /// `HKWorkoutTypeIdentifier`, the type identifier of every workout.
    public static let typeIdentifier = "HKWorkoutTypeIdentifier"

    /// The workout's UUID as text, if known.
    public var uuid: String?
    /// What kind of activity.
    public var activityType: WorkoutActivityType
    /// When it started.
    public var startDate: SampleDate
    /// When it ended.
    public var endDate: SampleDate
    /// How long the user was active, a time quantity (at most the interval: pauses are not counted).
    public var duration: Quantity
    /// The totals that are set, keyed by total.
    public var totals: [WorkoutTotal: Quantity]
    /// Further stored copies of totals (export.xml only; see ``WorkoutTotalCopy``). Empty for
    /// a workout read from JSON or built in code.
    public var storedTotalCopies: [WorkoutTotalCopy] = []
    /// The events, in chronological order.
    public var events: [WorkoutEvent]
    /// The device that recorded it.
    public var device: Device?
    /// Its metadata.
    public var metadata: Metadata

    /// Creates a workout; `duration` defaults to the whole interval in seconds, as in HealthKit.
    public init(uuid: String? = nil, activityType: WorkoutActivityType, startDate: SampleDate, endDate: SampleDate,
                duration: Quantity? = nil, totals: [WorkoutTotal: Quantity] = [:], events: [WorkoutEvent] = [],
                device: Device? = nil, metadata: Metadata = Metadata()) {
        self.uuid = uuid
        self.activityType = activityType
        self.startDate = startDate
        self.endDate = endDate
        self.duration = duration ?? Quantity(value: endDate.seconds(since: startDate), unit: .second)
        self.totals = totals
        self.events = events
        self.device = device
        self.metadata = metadata
    }

    /// `totalEnergyBurned`.
    public var totalEnergyBurned: Quantity? { totals[.energyBurned] }
    /// `totalDistance`.
    public var totalDistance: Quantity? { totals[.distance] }
    /// `totalSwimmingStrokeCount`.
    public var totalSwimmingStrokeCount: Quantity? { totals[.swimmingStrokeCount] }
    /// `totalFlightsClimbed`.
    public var totalFlightsClimbed: Quantity? { totals[.flightsClimbed] }
}
