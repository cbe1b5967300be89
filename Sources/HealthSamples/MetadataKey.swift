/// A predefined HealthKit metadata key, with both of its spellings.
///
/// Code uses the SDK constant's *name* (`HKMetadataKeyDigitalSignature`), but HealthKit stores and
/// exports the constant's *value*, which is usually the name without `MetadataKey`
/// (`HKDigitalSignature`). A few keys store their full name (`HKMetadataKeySyncIdentifier`,
/// `HKMetadataKeyHeartRateMotionContext`, see docs/EXPORT-XML.md §5). ``storedName(for:)`` maps either
/// spelling to the stored one, so `Metadata` lookups work whichever a writer used.
public struct MetadataKey: Sendable, Hashable, CustomStringConvertible {
    /// The SDK constant's name, e.g. `HKMetadataKeyDigitalSignature`.
    public let constantName: String
    /// What HealthKit stores and exports, e.g. `HKDigitalSignature`.
    public let storedName: String

    /// `HKMetadataKey`, the prefix of every SDK constant name.
    public static let constantPrefix = "HKMetadataKey"

    /// A key whose stored name is the constant name without `MetadataKey`.
    init(_ suffix: String) {
        constantName = Self.constantPrefix + suffix
        storedName = "HK" + suffix
    }

    /// A key whose stored name is its full constant name.
    init(keepingFullName suffix: String) {
        constantName = Self.constantPrefix + suffix
        storedName = constantName
    }

    /// The stored name.
    public var description: String { storedName }

    // MARK: HealthKit's predefined keys (docs/READINGS.md, "Metadata": either spelling is accepted)

    /// `HKMetadataKeyDeviceSerialNumber` ↔ `HKDeviceSerialNumber`.
    public static let deviceSerialNumber = MetadataKey("DeviceSerialNumber")
    /// `HKMetadataKeyBodyTemperatureSensorLocation` ↔ `HKBodyTemperatureSensorLocation`.
    public static let bodyTemperatureSensorLocation = MetadataKey("BodyTemperatureSensorLocation")
    /// `HKMetadataKeyHeartRateSensorLocation` ↔ `HKHeartRateSensorLocation`.
    public static let heartRateSensorLocation = MetadataKey("HeartRateSensorLocation")
    /// `HKMetadataKeyFoodType` ↔ `HKFoodType`.
    public static let foodType = MetadataKey("FoodType")
    /// `HKMetadataKeyUDIDeviceIdentifier` ↔ `HKUDIDeviceIdentifier`.
    public static let udiDeviceIdentifier = MetadataKey("UDIDeviceIdentifier")
    /// `HKMetadataKeyUDIProductionIdentifier` ↔ `HKUDIProductionIdentifier`.
    public static let udiProductionIdentifier = MetadataKey("UDIProductionIdentifier")
    /// `HKMetadataKeyDigitalSignature` ↔ `HKDigitalSignature`: base64 DER CMS SignedData.
    public static let digitalSignature = MetadataKey("DigitalSignature")
    /// `HKMetadataKeyExternalUUID` ↔ `HKExternalUUID`.
    public static let externalUUID = MetadataKey("ExternalUUID")
    /// `HKMetadataKeyTimeZone` ↔ `HKTimeZone`: an IANA time-zone name.
    public static let timeZone = MetadataKey("TimeZone")
    /// `HKMetadataKeyDeviceName` ↔ `HKDeviceName`.
    public static let deviceName = MetadataKey("DeviceName")
    /// `HKMetadataKeyDeviceManufacturerName` ↔ `HKDeviceManufacturerName`.
    public static let deviceManufacturerName = MetadataKey("DeviceManufacturerName")
    /// `HKMetadataKeyWasTakenInLab` ↔ `HKWasTakenInLab`.
    public static let wasTakenInLab = MetadataKey("WasTakenInLab")
    /// `HKMetadataKeyReferenceRangeLowerLimit` ↔ `HKReferenceRangeLowerLimit`.
    public static let referenceRangeLowerLimit = MetadataKey("ReferenceRangeLowerLimit")
    /// `HKMetadataKeyReferenceRangeUpperLimit` ↔ `HKReferenceRangeUpperLimit`.
    public static let referenceRangeUpperLimit = MetadataKey("ReferenceRangeUpperLimit")
    /// `HKMetadataKeyWasUserEntered` ↔ `HKWasUserEntered`.
    public static let wasUserEntered = MetadataKey("WasUserEntered")
    /// `HKMetadataKeyWorkoutBrandName` ↔ `HKWorkoutBrandName`.
    public static let workoutBrandName = MetadataKey("WorkoutBrandName")
    /// `HKMetadataKeyGroupFitness` ↔ `HKGroupFitness`.
    public static let groupFitness = MetadataKey("GroupFitness")
    /// `HKMetadataKeyIndoorWorkout` ↔ `HKIndoorWorkout`.
    public static let indoorWorkout = MetadataKey("IndoorWorkout")
    /// `HKMetadataKeyCoachedWorkout` ↔ `HKCoachedWorkout`.
    public static let coachedWorkout = MetadataKey("CoachedWorkout")
    /// `HKMetadataKeySexualActivityProtectionUsed` ↔ `HKSexualActivityProtectionUsed`.
    public static let sexualActivityProtectionUsed = MetadataKey("SexualActivityProtectionUsed")
    /// `HKMetadataKeyMenstrualCycleStart` ↔ `HKMenstrualCycleStart`.
    public static let menstrualCycleStart = MetadataKey("MenstrualCycleStart")
    /// `HKMetadataKeyInsulinDeliveryReason` ↔ `HKInsulinDeliveryReason` (1 basal, 2 bolus).
    public static let insulinDeliveryReason = MetadataKey("InsulinDeliveryReason")
    /// `HKMetadataKeyVO2MaxTestType` ↔ `HKVO2MaxTestType` (1 maximal exercise, 2 predicted
    /// from sub-maximal exercise, 3 predicted without exercise).
    public static let vo2MaxTestType = MetadataKey("VO2MaxTestType")

    // MARK: Keys seen in real exports (docs/EXPORT-XML.md §5)

    /// `HKMetadataKeyWeatherTemperature` ↔ `HKWeatherTemperature` (a quantity, e.g. `56 degF`).
    public static let weatherTemperature = MetadataKey("WeatherTemperature")
    /// `HKMetadataKeyWeatherHumidity` ↔ `HKWeatherHumidity` (a quantity in `%`).
    public static let weatherHumidity = MetadataKey("WeatherHumidity")
    /// `HKMetadataKeyBloodGlucoseMealTime` ↔ `HKBloodGlucoseMealTime`.
    public static let bloodGlucoseMealTime = MetadataKey("BloodGlucoseMealTime")
    /// `HKMetadataKeyHeartRateMotionContext`, stored under its full name.
    public static let heartRateMotionContext = MetadataKey(keepingFullName: "HeartRateMotionContext")
    /// `HKMetadataKeySyncIdentifier`, stored under its full name.
    public static let syncIdentifier = MetadataKey(keepingFullName: "SyncIdentifier")
    /// `HKMetadataKeySyncVersion`, stored under its full name.
    public static let syncVersion = MetadataKey(keepingFullName: "SyncVersion")

    // MARK: Workout keys (HealthKit's workout metadata)

    /// `HKMetadataKeyAverageSpeed` ↔ `HKAverageSpeed` (a speed quantity, e.g. `2.5 m/s`).
    public static let averageSpeed = MetadataKey("AverageSpeed")
    /// `HKMetadataKeyMaximumSpeed` ↔ `HKMaximumSpeed` (a speed quantity).
    public static let maximumSpeed = MetadataKey("MaximumSpeed")
    /// `HKMetadataKeyAverageMETs` ↔ `HKAverageMETs` (a quantity in `kcal/hr·kg`).
    public static let averageMETs = MetadataKey("AverageMETs")
    /// `HKMetadataKeyElevationAscended` ↔ `HKElevationAscended` (a length quantity).
    public static let elevationAscended = MetadataKey("ElevationAscended")
    /// `HKMetadataKeyElevationDescended` ↔ `HKElevationDescended` (a length quantity).
    public static let elevationDescended = MetadataKey("ElevationDescended")
    /// `HKMetadataKeyAlpineSlopeGrade` ↔ `HKAlpineSlopeGrade` (a quantity in `%`).
    public static let alpineSlopeGrade = MetadataKey("AlpineSlopeGrade")
    /// `HKMetadataKeyLapLength` ↔ `HKLapLength` (a length quantity: the pool's length).
    public static let lapLength = MetadataKey("LapLength")
    /// `HKMetadataKeySwimmingLocationType` ↔ `HKSwimmingLocationType` (0 unknown, 1 pool, 2 open water).
    public static let swimmingLocationType = MetadataKey("SwimmingLocationType")
    /// `HKMetadataKeySwimmingStrokeStyle` ↔ `HKSwimmingStrokeStyle` (0 unknown … 6 kickboard).
    public static let swimmingStrokeStyle = MetadataKey("SwimmingStrokeStyle")
    /// `HKMetadataKeyFitnessMachineDuration` ↔ `HKFitnessMachineDuration` (a time quantity).
    public static let fitnessMachineDuration = MetadataKey("FitnessMachineDuration")
    /// `HKMetadataKeyIndoorBikeDistance` ↔ `HKIndoorBikeDistance` (a length quantity).
    public static let indoorBikeDistance = MetadataKey("IndoorBikeDistance")
    /// `HKMetadataKeyCrossTrainerDistance` ↔ `HKCrossTrainerDistance` (a length quantity).
    public static let crossTrainerDistance = MetadataKey("CrossTrainerDistance")
    /// `HKMetadataKeyWeatherCondition` ↔ `HKWeatherCondition` (0 none … 27 tornado).
    public static let weatherCondition = MetadataKey("WeatherCondition")
    /// `HKMetadataKeyWaterSalinity` ↔ `HKWaterSalinity` (1 fresh water, 2 salt water).
    public static let waterSalinity = MetadataKey("WaterSalinity")
    /// `HKMetadataKeyActivityType` ↔ `HKActivityType` (an activity type's raw value).
    public static let activityType = MetadataKey("ActivityType")
    /// `HKMetadataKeyPhysicalEffortEstimationType` ↔ `HKPhysicalEffortEstimationType`.
    public static let physicalEffortEstimationType = MetadataKey("PhysicalEffortEstimationType")

    /// Every predefined key known here.
    public static let all: [MetadataKey] = [
        .deviceSerialNumber, .bodyTemperatureSensorLocation, .heartRateSensorLocation, .foodType,
        .udiDeviceIdentifier, .udiProductionIdentifier, .digitalSignature, .externalUUID, .timeZone,
        .deviceName, .deviceManufacturerName, .wasTakenInLab, .referenceRangeLowerLimit,
        .referenceRangeUpperLimit, .wasUserEntered, .workoutBrandName, .groupFitness, .indoorWorkout,
        .coachedWorkout, .sexualActivityProtectionUsed, .menstrualCycleStart, .insulinDeliveryReason, .vo2MaxTestType,
        .weatherTemperature, .weatherHumidity, .bloodGlucoseMealTime,
        .heartRateMotionContext, .syncIdentifier, .syncVersion,
        .averageSpeed, .maximumSpeed, .averageMETs, .elevationAscended, .elevationDescended, .alpineSlopeGrade,
        .lapLength, .swimmingLocationType, .swimmingStrokeStyle, .fitnessMachineDuration, .indoorBikeDistance,
        .crossTrainerDistance, .weatherCondition, .waterSalinity, .activityType, .physicalEffortEstimationType,
    ]

    private static let byEitherName: [String: MetadataKey] = {
        var table: [String: MetadataKey] = [:]
        for key in all {
            table[key.constantName] = key
            table[key.storedName] = key
        }
        return table
    }()

    /// Both spellings of every predefined key, each a String made once, by their UTF-8 bytes.
    private static let namesByUTF8 = UTF8KeyedTable<String>(
        all.flatMap { [(name: $0.constantName, value: $0.constantName), (name: $0.storedName, value: $0.storedName)] })

    // Perf: the names are mostly longer than the 15 bytes a String holds inline; the shared one
    // saves an allocation a key, and equal keys compare by identity (not measured).
    /// The name, either spelling, of the predefined key whose UTF-8 bytes are `utf8`, or nil:
    /// the same String for every key of that name.
    public static func name(utf8: UnsafeBufferPointer<UInt8>) -> String? { namesByUTF8.value(named: utf8) }

    /// ``name(utf8:)`` together with the key's index in ``all``: two keys of one metadata are
    /// two spellings of one predefined key (``SampleValidator``'s rule) exactly when they are
    /// different texts with the same index, which a reader that has the keys as bytes can tell
    /// without asking ``storedName(for:)`` of each.
    public static func spelling(utf8: UnsafeBufferPointer<UInt8>) -> (name: String, index: Int)? {
        spellingsByUTF8.value(named: utf8)
    }

    /// Both spellings of every predefined key, with the key's index in ``all``.
    private static let spellingsByUTF8 = UTF8KeyedTable<(name: String, index: Int)>(
        all.enumerated().flatMap { index, key in
            [(name: key.constantName, value: (key.constantName, index)), (name: key.storedName, value: (key.storedName, index))]
        })

    /// The predefined key spelled either way, or nil for a custom key.
    public static func named(_ name: String) -> MetadataKey? { byEitherName[name] }

    /// The stored spelling of a key: `HKMetadataKeyDigitalSignature` → `HKDigitalSignature`;
    /// a stored name or a custom key comes back unchanged.
    public static func storedName(for name: String) -> String {
        // By bytes first: the validator asks this of every metadata key of every sample read,
        // and hashing a String for the dictionary cost several hundred instructions. Bytes
        // decide every ASCII name (equal ASCII Strings are equal bytes); any other name may
        // still equal a predefined one canonically, which the dictionary decides.
        var contiguous = name
        let byBytes: String?? = contiguous.withUTF8 { utf8 in
            if let stored = storedNamesByUTF8.value(named: utf8) { return .some(stored) }
            return utf8.allSatisfy { $0 < 0x80 } ? .some(nil) : nil
        }
        if let byBytes { return byBytes ?? name }
        return byEitherName[name]?.storedName ?? name
    }

    /// ``storedName(for:)`` of the predefined key spelled (either way) exactly as the bytes
    /// `utf8`; nil for any other bytes.
    static func storedName(utf8: UnsafeBufferPointer<UInt8>) -> String? { storedNamesByUTF8.value(named: utf8) }

    /// The stored spelling of every predefined key, by the UTF-8 bytes of either spelling.
    private static let storedNamesByUTF8 = UTF8KeyedTable<String>(
        all.flatMap { [(name: $0.constantName, value: $0.storedName), (name: $0.storedName, value: $0.storedName)] })

    /// Every name whose ``storedName(for:)`` is `storedName`: the spellings that name one entry,
    /// for a caller that tests many keys against one (a splice into every signed reading).
    public static func names(withStoredName storedName: String) -> [String] {
        var names = byEitherName.filter { $0.value.storedName == storedName }.map(\.key)
        if byEitherName[storedName] == nil { names.append(storedName) }
        return names
    }
}
