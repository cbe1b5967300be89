import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Workouts signed and verified: every shape round-trips, and every alteration of a signed field
/// is caught and named (docs/VERIFY.md, "Workouts").
@Suite struct WorkoutVerificationTests {
    static func shapes() throws -> [(String, Sample)] {
        [
            ("full", try Fixtures.run()),
            ("no device", try Fixtures.run(device: nil)),
            ("no metadata", try Fixtures.run(metadata: Metadata())),
            ("no events", try Fixtures.run(events: [])),
            ("no totals", .workout(Workout(activityType: .other, startDate: try Fixtures.date(Fixtures.runStart),
                                           endDate: try Fixtures.date(Fixtures.runEnd)))),
            ("fully described", try Fixtures.fullyDescribedWorkout()),
            ("swim with strokes and lap metadata", .workout(Workout(
                activityType: .swimming, startDate: try Fixtures.date("2026-11-20T18:00:00.5Z"),
                endDate: try Fixtures.date("2026-11-20T18:30:00Z"), duration: try Fixtures.quantity("29.5", "min"),
                totals: [.swimmingStrokeCount: try Fixtures.quantity("640", "count"), .distance: try Fixtures.quantity("1000", "m")],
                events: [WorkoutEvent(type: .lap, date: try Fixtures.date("2026-11-20T18:00:00.5Z"),
                                      duration: try Fixtures.quantity("45.25", "s"),
                                      metadata: ["HKSwimmingStrokeStyle": .number(2), "HKWeatherCondition": .number(1)])],
                metadata: ["HKLapLength": .string("25 m"), "HKSwimmingLocationType": .number(1)]))),
        ]
    }

    @Test(arguments: try shapes())
    func everyShapeVerifiesAsSigned(_ shape: (String, Sample)) throws {
        let verdict = try Fixtures.verify(try Fixtures.signed(shape.1))
        #expect(verdict.kind == .valid, "\(shape.0): \(verdict.reason)")
        #expect(verdict.record?.workout != nil)
    }

    @Test func signedRecordDecodesToTheWorkout() throws {
        let sample = try Fixtures.run()
        let record = try SignedRecord(derEncoded: try SampleSigner().recordBytes(for: sample))
        let workout = try #require(record.workout)
        #expect(record.type == "HKWorkoutTypeIdentifier")
        #expect(workout.activityType == 37)
        #expect(workout.duration == 2430)
        #expect(workout.totals[.distance]?.value == Decimal(string: "6.21"))
        #expect(workout.totals[.distance]?.unit == "km")
        #expect(workout.events.map(\.type) == [1, 2])
        #expect(workout.events[1].date == (try Fixtures.date("2026-11-20T07:21:30+01:00")))
        #expect(record.metadata["HKIndoorWorkout"] == .boolean(true))
        #expect(record.metadata["HKDeviceSerialNumber"] == .string("T900-0042"))
    }

    private func expectMismatch(_ fields: [String], sourceLocation: SourceLocation = #_sourceLocation,
                                form: StoredForm = .json, _ change: (inout Workout) throws -> Void) throws {
        let verdict = try Fixtures.tamper(try Fixtures.run(), form: form) { sample in try sample.editWorkout(change) }
        #expect(verdict.kind == .contentMismatch, sourceLocation: sourceLocation)
        #expect(verdict.mismatches.map(\.field) == fields, sourceLocation: sourceLocation)
    }

    @Test func alteredActivityTypeIsNamed() throws {
        try expectMismatch(["activityType"]) { $0.activityType = .walking }
    }

    @Test func alteredDatesAreNamed() throws {
        try expectMismatch(["startDate"]) { $0.startDate = try Fixtures.date("2026-11-20T06:59:00+01:00") }
        try expectMismatch(["endDate"]) { $0.endDate = try Fixtures.date("2026-11-20T07:45:00+01:00") }
    }

    @Test func alteredDurationIsNamed() throws {
        try expectMismatch(["duration"]) { $0.duration = try Fixtures.quantity("2400", "s") }
    }

    @Test func durationInMinutesEqualsTheSignedSeconds() throws {
        let verdict = try Fixtures.tamper(try Fixtures.run()) { sample in
            try sample.editWorkout { $0.duration = try Fixtures.quantity("40.5", "min") }
        }
        #expect(verdict.kind == .valid)
    }

    @Test func alteredDistanceIsNamedWithBothValues() throws {
        let verdict = try Fixtures.tamper(try Fixtures.run()) { sample in
            try sample.editWorkout { $0.totals[.distance] = try Fixtures.quantity("6.5", "km") }
        }
        #expect(verdict.mismatches.map(\.description) == ["totalDistance: signed 6.21 km, stored 6.5 km"])
    }

    @Test func distanceInMilesWithinItsRoundingIsEqual() throws {
        let verdict = try Fixtures.tamper(try Fixtures.run()) { sample in
            try sample.editWorkout { $0.totals[.distance] = try Fixtures.quantity("3.86", "mi") }  // 6.2120 km
        }
        #expect(verdict.kind == .valid, "\(verdict.reason)")
    }

    @Test func alteredEnergyIsNamed() throws {
        try expectMismatch(["totalEnergyBurned"]) { $0.totals[.energyBurned] = try Fixtures.quantity("512", "kcal") }
    }

    @Test func removedAndAddedTotalsAreNamed() throws {
        try expectMismatch(["totalDistance"]) { $0.totals[.distance] = nil }
        try expectMismatch(["totalFlightsClimbed"]) { $0.totals[.flightsClimbed] = try Fixtures.quantity("3", "count") }
    }

    @Test func alteredEventDateIsNamed() throws {
        let verdict = try Fixtures.tamper(try Fixtures.run()) { sample in
            try sample.editWorkout { $0.events[1].date = try Fixtures.date("2026-11-20T07:25:00+01:00") }
        }
        #expect(verdict.mismatches.map(\.description)
            == ["events[1].date: signed 2026-11-20T06:21:30Z, stored 2026-11-20T07:25:00+01:00"])
    }

    @Test func alteredEventTypeAndDurationAreNamed() throws {
        try expectMismatch(["events[0].type"]) { $0.events[0].type = .motionPaused }
        try expectMismatch(["events[0].duration"]) { $0.events[0].duration = try Fixtures.quantity("5", "s") }
    }

    @Test func removedEventIsNamed() throws {
        let verdict = try Fixtures.tamper(try Fixtures.run()) { sample in try sample.editWorkout { $0.events.removeLast() } }
        #expect(verdict.mismatches.map(\.description) == ["events: signed 2 events, stored 1 events"])
    }

    @Test func alteredWorkoutMetadataIsNamed() throws {
        try expectMismatch(["metadata.HKIndoorWorkout"]) { $0.metadata["HKIndoorWorkout"] = .bool(false) }
        try expectMismatch(["metadata.HKCoachedWorkout"]) { $0.metadata["HKCoachedWorkout"] = .bool(true) }
    }

    @Test func unsignedWeatherMetadataMayBeAdded() throws {
        let verdict = try Fixtures.tamper(try Fixtures.run()) { sample in
            try sample.editWorkout { $0.metadata["HKWeatherTemperature"] = .string("56 degF") }
        }
        #expect(verdict.kind == .valid)
    }

    @Test func alteredDeviceIsNamed() throws {
        try expectMismatch(["device.model"]) { $0.device?.model = "T-1000" }
    }

    @Test func exportFormComparesWholeSecondsAndQuantityMetadataByValue() throws {
        let sample = Sample.workout(Workout(
            activityType: .cycling, startDate: try Fixtures.date("2026-11-20T17:00:00.75Z"),
            endDate: try Fixtures.date("2026-11-20T18:00:00Z"), totals: [.distance: try Fixtures.quantity("30.2", "km")],
            events: [WorkoutEvent(type: .marker, date: try Fixtures.date("2026-11-20T17:30:00.5Z"))],
            metadata: ["HKAverageSpeed": .string("8.4 m/s")]))
        var stored = try Fixtures.signed(sample)
        try stored.editWorkout { workout in
            workout.startDate = try Fixtures.date("2026-11-20T18:00:00+01:00")
            workout.events[0].date = try Fixtures.date("2026-11-20T17:30:00Z")
            workout.duration = try Fixtures.quantity("59.9875", "min")
            workout.metadata["HKAverageSpeed"] = .string("30.24 km/hr")
        }
        let verdict = try Fixtures.verify(stored, form: .healthExport)
        #expect(verdict.kind == .valid, "\(verdict.reason)")
    }
}
