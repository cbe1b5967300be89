/// The workout `samples.json` signs: JSON sample text and its export.xml renderings in both
/// shapes the Health app has written.
extension SampleVectorReadings {
    static let treadmillDevice = #"{"name":"Acme Treadmill","manufacturer":"Acme Fitness","model":"T-900","firmwareVersion":"4.2"}"#

    /// A treadmill run at +01:00: 2430 s active, 412 kcal, 6.21 km, a pause, a resume and a
    /// 90.5-second lap carrying its lap length, signed workout metadata and an unsigned weather key.
    static let workout = #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeRunning","startDate":"2026-11-20T07:00:00+01:00","endDate":"2026-11-20T07:42:10+01:00","duration":2430,"totalEnergyBurned":{"value":412,"unit":"kcal"},"totalDistance":{"value":6.21,"unit":"km"},"events":[{"type":"HKWorkoutEventTypePause","date":"2026-11-20T07:20:00+01:00"},{"type":"HKWorkoutEventTypeResume","date":"2026-11-20T07:21:30+01:00"},{"type":"HKWorkoutEventTypeLap","date":"2026-11-20T07:30:00+01:00","duration":90.5,"metadata":{"HKLapLength":"400 m"}}],"device":\#(treadmillDevice),"metadata":{"HKIndoorWorkout":true,"HKAverageSpeed":"2.556 m/s","HKDeviceSerialNumber":"T900-0042"}}"#

    static let treadmillDeviceString = "<<HKDevice: 0x283f1c6a0>, name:Acme Treadmill, manufacturer:Acme Fitness, model:T-900>"

    /// What export.xml may change in the workout (defaults: as signed).
    struct WorkoutXML {
        var activityType = "HKWorkoutActivityTypeRunning"
        var duration = "40.5"
        var durationUnit = "min"
        var energy = "412"
        var energyUnit = "kcal"
        var distance = "6.21"
        var distanceUnit = "km"
        var resume = "2026-11-20 07:21:30 +0100"
        var lapDuration = "1.508333333333333"
        var lapLength = "400 m"
        var averageSpeed = "2.556 m/s"
        var indoor = "1"
    }

    private static let workoutDates = #"startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:42:10 +0100""#

    /// The children every shape has: metadata (with the signature and an unsigned weather key),
    /// the events with the lap's own metadata, and a route, which is not signed.
    private static func workoutChildren(_ signature: String?, _ v: WorkoutXML) -> [String] {
        var lines = [
            "  <MetadataEntry key=\"HKIndoorWorkout\" value=\"\(v.indoor)\"/>",
            "  <MetadataEntry key=\"HKAverageSpeed\" value=\"\(escape(v.averageSpeed))\"/>",
            "  <MetadataEntry key=\"HKDeviceSerialNumber\" value=\"T900-0042\"/>",
            "  <MetadataEntry key=\"HKWeatherTemperature\" value=\"56 degF\"/>",
        ]
        if let signature { lines.append("  <MetadataEntry key=\"HKDigitalSignature\" value=\"\(signature)\"/>") }
        lines += [
            "  <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2026-11-20 07:20:00 +0100\"/>",
            "  <WorkoutEvent type=\"HKWorkoutEventTypeResume\" date=\"\(v.resume)\"/>",
            "  <WorkoutEvent type=\"HKWorkoutEventTypeLap\" date=\"2026-11-20 07:30:00 +0100\" duration=\"\(v.lapDuration)\" durationUnit=\"min\">",
            "   <MetadataEntry key=\"HKLapLength\" value=\"\(escape(v.lapLength))\"/>",
            "  </WorkoutEvent>",
            "  <WorkoutRoute sourceName=\"Acme Fitness\" sourceVersion=\"2.0\" creationDate=\"2026-11-20 07:45:00 +0100\" \(workoutDates)>",
            "   <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"2\"/>",
            "   <FileReference path=\"/workout-routes/route_2026-11-20_7.42am.gpx\"/>",
            "  </WorkoutRoute>",
        ]
        return lines
    }

    /// The workout with its totals and duration as attributes (older exports).
    static func workoutAttributesXML(signature: String?, _ v: WorkoutXML = WorkoutXML()) -> String {
        let open = " <Workout workoutActivityType=\"\(v.activityType)\" duration=\"\(v.duration)\" durationUnit=\"\(v.durationUnit)\" "
            + "totalDistance=\"\(v.distance)\" totalDistanceUnit=\"\(v.distanceUnit)\" totalEnergyBurned=\"\(v.energy)\" "
            + "totalEnergyBurnedUnit=\"\(v.energyUnit)\" sourceName=\"Acme Fitness\" sourceVersion=\"2.0\" "
            + "device=\"\(escape(treadmillDeviceString))\" creationDate=\"2026-11-20 07:45:00 +0100\" \(workoutDates)>"
        return ([open] + workoutChildren(signature, v) + [" </Workout>"]).joined(separator: "\n")
    }

    /// The workout with its totals as `WorkoutStatistics` children (newer exports).
    static func workoutStatisticsXML(signature: String?, _ v: WorkoutXML = WorkoutXML()) -> String {
        let open = " <Workout workoutActivityType=\"\(v.activityType)\" duration=\"\(v.duration)\" durationUnit=\"\(v.durationUnit)\" "
            + "sourceName=\"Acme Fitness\" sourceVersion=\"2.0\" device=\"\(escape(treadmillDeviceString))\" "
            + "creationDate=\"2026-11-20 07:45:00 +0100\" \(workoutDates)>"
        let statistics = [
            "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\" \(workoutDates) average=\"141\" minimum=\"98\" maximum=\"171\" unit=\"count/min\"/>",
            "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" \(workoutDates) sum=\"\(v.energy)\" unit=\"\(v.energyUnit)\"/>",
            "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierBasalEnergyBurned\" \(workoutDates) sum=\"95\" unit=\"kcal\"/>",
            "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" \(workoutDates) sum=\"\(v.distance)\" unit=\"\(v.distanceUnit)\"/>",
        ]
        return ([open] + workoutChildren(signature, v) + statistics + [" </Workout>"]).joined(separator: "\n")
    }
}
