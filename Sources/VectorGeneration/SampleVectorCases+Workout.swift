import DER
import HealthSigKit
import SampleIO
import SampleSigning

/// The `samples.json` workout cases: stored as signed in JSON and in both export.xml shapes,
/// and every signed field altered, with the fields docs/VERIFY.md ("Workouts") names.
extension SampleVectorCases {
    static func workouts(_ m: SampleVectorMaker) -> [VectorCase] {
        typealias X = SampleVectorReadings.WorkoutXML
        let w = R.workout
        func signed() throws -> String { try m.signature(w) }
        func quantity(_ value: String, _ unit: String) -> JSONValue { .object(["value": number(value), "unit": .text(unit)]) }
        func changed(_ change: (inout X) -> Void) -> X {
            var v = X()
            change(&v)
            return v
        }
        /// A valid signature over the workout's record with `change` applied: docs/FORMAT.md's
        /// workout rules make each of these `malformed`.
        func record(_ change: (inout RecordDictionary) -> Void) throws -> String {
            var dictionary = try m.recordDictionary(w)
            change(&dictionary)
            return try m.cms(RecordBuilder.encode(dictionary))
        }
        return [
            json("workout stored as signed", ["Workout", "AsSigned"], "valid") { try m.stored(w, signature: try signed()) },
            json("workout duration stored as 40.5 min, signed 2430 s", ["Workout", "UnitConversion"], "valid") {
                try m.stored(w, signature: try signed(), [("duration", quantity("40.5", "min"))])
            },
            json("workout distance stored as 3.86 mi (6.212 km), signed 6.21 km", ["Workout", "UnitConversion", "UnitTolerance"], "valid") {
                try m.stored(w, signature: try signed(), [("totalDistance", quantity("3.86", "mi"))])
            },
            json("workout distance stored as 3.87 mi (6.228 km), signed 6.21 km", ["Workout", "UnitConversion", "UnitTolerance"],
                 "content-mismatch", ["totalDistance"]) {
                try m.stored(w, signature: try signed(), [("totalDistance", quantity("3.87", "mi"))])
            },
            json("workout with unsigned weather metadata added", ["Workout", "UnsignedMetadata"], "valid") {
                try m.stored(w, signature: try signed(), [("metadata.HKWeatherHumidity", .text("45 %"))])
            },
            json("workout activity type changed to walking", ["Workout", "ValueAltered"], "content-mismatch", ["activityType"]) {
                try m.stored(w, signature: try signed(), [("activityType", .text("HKWorkoutActivityTypeWalking"))])
            },
            json("workout activity type given as raw value 37", ["Workout", "ActivityTypeRawValue"], "valid") {
                try m.stored(w, signature: try signed(), [("activityType", number("37"))])
            },
            json("workout start moved a minute earlier", ["Workout", "DateAltered"], "content-mismatch", ["startDate"]) {
                try m.stored(w, signature: try signed(), [("startDate", .text("2026-11-20T06:59:00+01:00"))])
            },
            json("workout end moved later", ["Workout", "DateAltered"], "content-mismatch", ["endDate"]) {
                try m.stored(w, signature: try signed(), [("endDate", .text("2026-11-20T07:45:00+01:00"))])
            },
            json("workout duration changed to 2400 s", ["Workout", "ValueAltered"], "content-mismatch", ["duration"]) {
                try m.stored(w, signature: try signed(), [("duration", number("2400"))])
            },
            json("workout energy changed to 512 kcal", ["Workout", "ValueAltered"], "content-mismatch", ["totalEnergyBurned"]) {
                try m.stored(w, signature: try signed(), [("totalEnergyBurned", quantity("512", "kcal"))])
            },
            json("workout distance changed to 6.5 km", ["Workout", "ValueAltered"], "content-mismatch", ["totalDistance"]) {
                try m.stored(w, signature: try signed(), [("totalDistance", quantity("6.5", "km"))])
            },
            json("workout distance removed", ["Workout", "ValueAltered"], "content-mismatch", ["totalDistance"]) {
                try m.stored(w, signature: try signed(), [("totalDistance", nil)])
            },
            json("workout gains an unsigned flights total", ["Workout", "StoredExtraField"], "content-mismatch", ["totalFlightsClimbed"]) {
                try m.stored(w, signature: try signed(), [("totalFlightsClimbed", quantity("3", "count"))])
            },
            json("workout resume event moved a minute later", ["Workout", "EventsAltered"], "content-mismatch", ["events[1].date"]) {
                try m.stored(w, signature: try signed(), [("events[1].date", .text("2026-11-20T07:22:30+01:00"))])
            },
            json("workout pause event turned into a motion pause", ["Workout", "EventsAltered"], "content-mismatch", ["events[0].type"]) {
                try m.stored(w, signature: try signed(), [("events[0].type", .text("HKWorkoutEventTypeMotionPaused"))])
            },
            json("workout lap duration changed to 80 s", ["Workout", "EventsAltered"], "content-mismatch", ["events[2].duration"]) {
                try m.stored(w, signature: try signed(), [("events[2].duration", number("80"))])
            },
            json("workout lap length changed to 450 m", ["Workout", "EventsAltered", "MetadataAltered"], "content-mismatch",
                 ["events[2].metadata.HKLapLength"]) {
                try m.stored(w, signature: try signed(), [("events[2].metadata.HKLapLength", .text("450 m"))])
            },
            json("workout resume event removed", ["Workout", "EventsAltered"], "content-mismatch", ["events"]) {
                try m.stored(w, signature: try signed(), [("events[1]", nil)])
            },
            json("workout marked outdoor", ["Workout", "MetadataAltered"], "content-mismatch", ["metadata.HKIndoorWorkout"]) {
                try m.stored(w, signature: try signed(), [("metadata.HKIndoorWorkout", .bool(false))])
            },
            json("workout average speed changed", ["Workout", "MetadataAltered"], "content-mismatch", ["metadata.HKAverageSpeed"]) {
                try m.stored(w, signature: try signed(), [("metadata.HKAverageSpeed", .text("2.7 m/s"))])
            },
            json("workout gains an unsigned HKCoachedWorkout", ["Workout", "StoredExtraField"], "content-mismatch",
                 ["metadata.HKCoachedWorkout"]) {
                try m.stored(w, signature: try signed(), [("metadata.HKCoachedWorkout", .bool(true))])
            },
            json("workout device model changed", ["Workout", "DeviceAltered"], "content-mismatch", ["device.model"]) {
                try m.stored(w, signature: try signed(), [("device.model", .text("T-1000"))])
            },
            xml("workout in export.xml, totals as attributes, with a route", ["Workout", "WorkoutAttributes", "WorkoutRoute"], "valid") {
                R.workoutAttributesXML(signature: try signed())
            },
            xml("workout in export.xml, totals as WorkoutStatistics, with a route", ["Workout", "WorkoutStatistics", "WorkoutRoute"], "valid") {
                R.workoutStatisticsXML(signature: try signed())
            },
            xml("workout in export.xml with distance in miles and average speed in km/hr", ["Workout", "WorkoutAttributes", "UnitConversion"],
                "valid") {
                R.workoutAttributesXML(signature: try signed(), changed { $0.distance = "3.86"; $0.distanceUnit = "mi"; $0.averageSpeed = "9.2016 km/hr" })
            },
            xml("workout in export.xml, distance attribute changed", ["Workout", "WorkoutAttributes", "ValueAltered"], "content-mismatch",
                ["totalDistance"]) {
                R.workoutAttributesXML(signature: try signed(), changed { $0.distance = "6.5" })
            },
            xml("workout in export.xml, energy statistics changed", ["Workout", "WorkoutStatistics", "ValueAltered"], "content-mismatch",
                ["totalEnergyBurned"]) {
                R.workoutStatisticsXML(signature: try signed(), changed { $0.energy = "400" })
            },
            xml("workout in export.xml, duration attribute changed", ["Workout", "WorkoutStatistics", "ValueAltered"], "content-mismatch",
                ["duration"]) {
                R.workoutStatisticsXML(signature: try signed(), changed { $0.duration = "41" })
            },
            xml("workout in export.xml, activity type changed", ["Workout", "WorkoutAttributes", "ValueAltered"], "content-mismatch",
                ["activityType"]) {
                R.workoutAttributesXML(signature: try signed(), changed { $0.activityType = "HKWorkoutActivityTypeHiking" })
            },
            xml("workout in export.xml, resume event moved", ["Workout", "WorkoutStatistics", "EventsAltered"], "content-mismatch",
                ["events[1].date"]) {
                R.workoutStatisticsXML(signature: try signed(), changed { $0.resume = "2026-11-20 07:22:30 +0100" })
            },
            xml("workout in export.xml, lap duration and lap length changed", ["Workout", "WorkoutAttributes", "EventsAltered"],
                "content-mismatch", ["events[2].duration", "events[2].metadata.HKLapLength"]) {
                R.workoutAttributesXML(signature: try signed(), changed { $0.lapDuration = "1.6"; $0.lapLength = "450 m" })
            },
            xml("workout in export.xml marked outdoor", ["Workout", "WorkoutAttributes", "MetadataAltered"], "content-mismatch",
                ["metadata.HKIndoorWorkout"]) {
                R.workoutAttributesXML(signature: try signed(), changed { $0.indoor = "0" })
            },
            xml("workout in export.xml without signature", ["Workout", "NoSignature"], "unsigned") {
                R.workoutAttributesXML(signature: nil)
            },
            json("workout resume event moved before the pause: no valid workout, still signed", ["Workout", "EventsAltered", "InvalidStoredSample"],
                 "content-mismatch", ["events[1].date"]) {
                try m.stored(w, signature: try signed(), [("events[1].date", .text("2026-11-20T07:19:30+01:00"))])
            },
            json("workout record without its activity type at", ["Workout", "NotARecord"], "malformed") {
                try m.stored(w, signature: try record { $0[RecordKeys.activityType] = nil })
            },
            json("workout record with its duration du as an INTEGER", ["Workout", "NotARecord"], "malformed") {
                try m.stored(w, signature: try record { $0[RecordKeys.duration] = .integer(DERInteger(2430)) })
            },
            json("workout record with a total that is a bare REAL", ["Workout", "NotARecord"], "malformed") {
                let distance = try DERReal(decimalText: "6.21")
                return try m.stored(w, signature: try record { $0["td"] = .real(distance) })
            },
            json("workout record with an event whose offset is a date", ["Workout", "NotARecord"], "malformed") {
                try m.stored(w, signature: try record { dictionary in
                    guard case .date(let start)? = dictionary[RecordKeys.startDate] else { return }
                    dictionary[RecordKeys.events] = .array([.array([.integer(DERInteger(1)), .date(start)])])
                })
            },
            json("workout record with an event offset finer than a nanosecond", ["Workout", "NotARecord"], "malformed") {
                let offset = try DERReal(decimalText: "1200.0000000001")
                return try m.stored(w, signature: try record { dictionary in
                    dictionary[RecordKeys.events] = .array([.array([.integer(DERInteger(1)), .real(offset)])])
                })
            },
        ]
    }
}
