import HealthSamples

/// The fixed key names of format version 1 (docs/FORMAT.md, "Keys").
public enum RecordKeys {
    public static let formatVersion = "fv"
    public static let type = "t"
    public static let value = "v"
    public static let unit = "u"
    public static let startDate = "s"
    public static let endDate = "e"
    public static let device = "d"
    public static let metadata = "m"
    public static let objects = "o"
    /// Workout: activity type, INTEGER (HealthKit's raw value).
    public static let activityType = "at"
    /// Workout: duration in seconds, REAL.
    public static let duration = "du"
    /// Workout: events, an array of event arrays (docs/FORMAT.md, "Workouts").
    public static let events = "ev"
    /// Workout totals: each an array of REAL value and UTF8String unit.
    public static let totalKeys: [(total: WorkoutTotal, key: String)] = [
        (.energyBurned, "te"), (.distance, "td"), (.swimmingStrokeCount, "ts"), (.flightsClimbed, "tf"),
    ]

    /// The format versions this implementation writes and reads: 1, and 2 for a record that
    /// signs a metadata key version 1 does not (``MetadataSigningRule``).
    public static let formatVersions = 1...2

    /// Device field (as in `Device.fieldNames`) → record key, in `Device.fieldNames` order.
    public static let deviceKeys: [(field: String, key: String)] = [
        ("name", "nm"), ("manufacturer", "mf"), ("model", "md"), ("hardwareVersion", "hw"),
        ("firmwareVersion", "fw"), ("softwareVersion", "sw"), ("localIdentifier", "li"),
        ("udiDeviceIdentifier", "udi"),
    ]

    /// Metadata keys format version 1 copies into the record, in their stored spelling; a record
    /// that signs only these (and the workout keys below) has format version 1. Every other key
    /// the device supplied is signed too, in a record of format version 2 (``MetadataSigningRule``).
    public static let signedMetadataKeys: [MetadataKey] = [
        .deviceSerialNumber, .udiDeviceIdentifier, .udiProductionIdentifier, .externalUUID, .timeZone,
    ]

    /// Metadata keys format version 1 copies into a workout's record and its events'
    /// (docs/FORMAT.md, "Workouts"): the five above plus the workout keys that describe what the device itself
    /// measured or was set to. Weather keys are left out: the phone adds them from a weather
    /// service after the workout.
    public static let signedWorkoutMetadataKeys: [MetadataKey] = signedMetadataKeys + [
        .indoorWorkout, .groupFitness, .coachedWorkout, .workoutBrandName, .averageSpeed, .maximumSpeed,
        .averageMETs, .elevationAscended, .elevationDescended, .alpineSlopeGrade, .lapLength,
        .swimmingLocationType, .swimmingStrokeStyle, .fitnessMachineDuration, .indoorBikeDistance,
        .crossTrainerDistance,
    ]

    /// The signed metadata keys of a record whose type identifier is `type`.
    static func signedMetadataKeys(forType type: String) -> [MetadataKey] {
        type == Workout.typeIdentifier ? signedWorkoutMetadataKeys : signedMetadataKeys
    }

    /// Every key the format defines; anything else is reported as unknown. Which of them a record
    /// may hold depends on its kind (`RecordKind.allowedKeys`).
    static let formatKeys: Set<String> = Set([formatVersion, type, value, unit, startDate, endDate, device, metadata, objects,
                                              activityType, duration, events] + totalKeys.map(\.key))
}
