import Testing
@testable import HealthSamples

/// The activity-type and event-type catalogs against HealthKit's enumerations.
@Suite struct WorkoutActivityTypeTests {
    @Test func rawValuesAreHealthKits() {
        let expected: [String: Int] = [
            "AmericanFootball": 1, "Cycling": 13, "Dance": 14, "Elliptical": 16, "Hiking": 24,
            "MixedMetabolicCardioTraining": 30, "Rowing": 35, "Running": 37, "StairClimbing": 44, "Swimming": 46,
            "Walking": 52, "Yoga": 57, "Barre": 58, "HighIntensityIntervalTraining": 63, "WheelchairRunPace": 71,
            "MixedCardio": 73, "Pickleball": 79, "Cooldown": 80, "SwimBikeRun": 82, "Transition": 83,
            "UnderwaterDiving": 84, "Other": 3000,
        ]
        for (suffix, rawValue) in expected {
            #expect(WorkoutActivityType.named("HKWorkoutActivityType" + suffix)?.rawValue == rawValue, "\(suffix)")
            #expect(WorkoutActivityType.withRawValue(rawValue)?.shortName == suffix)
        }
    }

    @Test func catalogHasEveryValueOnceAndNo81() {
        let all = WorkoutActivityType.all
        #expect(all.count == 84)
        #expect(Set(all.map(\.rawValue)).count == all.count)
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(all.map(\.rawValue) == Array(1 ... 80) + [82, 83, 84, 3000])
        #expect(WorkoutActivityType.withRawValue(81) == nil)
        #expect(WorkoutActivityType.named("HKWorkoutActivityTypeJogging") == nil)
    }

    @Test func eventTypesAreHealthKits() {
        #expect(WorkoutEventType.allCases.map(\.rawValue) == Array(1 ... 8))
        #expect(WorkoutEventType.named("HKWorkoutEventTypeMotionPaused") == .motionPaused)
        #expect(WorkoutEventType.named("HKWorkoutEventTypePauseOrResumeRequest")?.rawValue == 8)
        #expect(WorkoutEventType.segment.name == "HKWorkoutEventTypeSegment")
        #expect(WorkoutEventType.named("HKWorkoutEventTypeStop") == nil)
    }

    @Test func workoutMetadataKeysHaveBothSpellings() {
        #expect(MetadataKey.named("HKMetadataKeyElevationAscended")?.storedName == "HKElevationAscended")
        #expect(WorkoutMetadataKeys.kind(of: "HKMetadataKeyAverageSpeed") == .quantity(.speed))
        #expect(WorkoutMetadataKeys.kind(of: "HKIndoorWorkout") == .boolean)
        #expect(WorkoutMetadataKeys.kind(of: "HKTimeZone") == nil)
    }
}
