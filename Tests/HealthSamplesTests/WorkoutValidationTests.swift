import Foundation
import Testing
@testable import HealthSamples

/// Every workout rule provoked on purpose, with the exact error case and field path.
@Suite struct WorkoutValidationTests {
    let start: SampleDate
    let end: SampleDate

    init() throws {
        start = try SampleDate(rfc3339: "2026-11-20T07:00:00+01:00")
        end = try SampleDate(rfc3339: "2026-11-20T07:42:10+01:00")   // 2530 s later
    }

    private func q(_ value: String, _ unit: String) throws -> Quantity {
        Quantity(value: try DecimalText.parse(value), unit: try HealthUnit(unit))
    }

    private func date(_ text: String) throws -> SampleDate { try SampleDate(rfc3339: text) }

    private func run() throws -> Workout {
        Workout(activityType: .running, startDate: start, endDate: end, duration: try q("2430", "s"),
                totals: [.energyBurned: try q("412", "kcal"), .distance: try q("6.21", "km")],
                events: [WorkoutEvent(type: .pause, date: try date("2026-11-20T07:20:00+01:00")),
                         WorkoutEvent(type: .resume, date: try date("2026-11-20T07:21:30+01:00")),
                         WorkoutEvent(type: .lap, date: try date("2026-11-20T07:30:00+01:00"), duration: try q("5", "min"))],
                device: Device(name: "Acme Treadmill"), metadata: ["HKIndoorWorkout": .bool(true)])
    }

    private func expectProblem(_ workout: Workout, field: String, _ kind: SampleValidationError.Kind,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = SampleValidationError(typeIdentifier: "HKWorkoutTypeIdentifier", field: field, kind: kind)
        #expect(throws: expected, sourceLocation: sourceLocation) { try SampleValidator.validate(.workout(workout)) }
    }

    @Test func aWellFormedWorkoutPasses() throws {
        #expect(SampleValidator.problems(in: .workout(try run())).isEmpty)
    }

    @Test func durationDefaultsToTheWholeInterval() throws {
        let workout = Workout(activityType: .cycling, startDate: start, endDate: end)
        #expect(workout.duration == Quantity(value: 2530, unit: .second))
    }

    @Test func endBeforeStartIsNamed() throws {
        var workout = try run()
        workout.endDate = try date("2026-11-20T06:59:59+01:00")
        workout.events = []
        workout.duration = try q("0", "s")
        expectProblem(workout, field: "endDate", .endBeforeStart(start: workout.startDate, end: workout.endDate))
    }

    @Test func durationLongerThanTheIntervalIsNamed() throws {
        var workout = try run()
        workout.duration = try q("2530.5", "s")
        expectProblem(workout, field: "duration", .durationLongerThanInterval(duration: "2530.5", interval: "2530"))
    }

    @Test func durationInMinutesIsComparedExactly() throws {
        var workout = try run()
        workout.duration = try q("42.5", "min")  // 2550 s > 2530 s
        expectProblem(workout, field: "duration", .durationLongerThanInterval(duration: "2550", interval: "2530"))
        workout.duration = try q("40.5", "min")
        #expect(SampleValidator.problems(in: .workout(workout)).isEmpty)
    }

    @Test func durationInALengthUnitIsRefused() throws {
        var workout = try run()
        workout.duration = try q("2430", "m")
        expectProblem(workout, field: "duration", .fieldUnitIncompatible(unit: "m", expected: .time))
    }

    @Test func negativeDurationIsRefused() throws {
        var workout = try run()
        workout.duration = try q("-1", "s")
        expectProblem(workout, field: "duration", .negativeDuration)
    }

    @Test func energyTotalInALengthUnitIsNamed() throws {
        var workout = try run()
        workout.totals[.energyBurned] = try q("412", "km")
        expectProblem(workout, field: "totalEnergyBurned", .fieldUnitIncompatible(unit: "km", expected: .energy))
    }

    @Test func distanceTotalInAnEnergyUnitIsNamed() throws {
        var workout = try run()
        workout.totals[.distance] = try q("6.21", "kcal")
        expectProblem(workout, field: "totalDistance", .fieldUnitIncompatible(unit: "kcal", expected: .length))
    }

    @Test func strokeAndFlightTotalsAreCounts() throws {
        var workout = try run()
        workout.totals[.swimmingStrokeCount] = try q("300", "count")
        workout.totals[.flightsClimbed] = try q("3", "m")
        expectProblem(workout, field: "totalFlightsClimbed", .fieldUnitIncompatible(unit: "m", expected: .count))
    }

    @Test func eventBeforeTheStartIsNamed() throws {
        var workout = try run()
        workout.events[0].date = try date("2026-11-20T06:59:00+01:00")
        expectProblem(workout, field: "events[0].date", .eventOutsideWorkout)
    }

    @Test func eventAfterTheEndIsNamed() throws {
        var workout = try run()
        workout.events.append(WorkoutEvent(type: .marker, date: try date("2026-11-20T07:42:11+01:00")))
        expectProblem(workout, field: "events[3].date", .eventOutsideWorkout)
    }

    @Test func eventIntervalRunningPastTheEndIsNamed() throws {
        var workout = try run()
        workout.events[2].duration = try q("12.5", "min")  // 07:30 + 12:30 = 07:42:30 > 07:42:10
        expectProblem(workout, field: "events[2].duration", .eventOutsideWorkout)
    }

    @Test func eventsOutOfOrderAreNamed() throws {
        var workout = try run()
        workout.events.swapAt(0, 1)
        expectProblem(workout, field: "events[1].date", .eventsOutOfOrder)
    }

    @Test func workoutMetadataValuesAreChecked() throws {
        var workout = try run()
        workout.metadata["HKElevationAscended"] = .string("42 kcal")
        expectProblem(workout, field: "metadata.HKElevationAscended", .workoutMetadataValue(expected: "a quantity of length"))
        workout.metadata["HKElevationAscended"] = .string("42 m")
        workout.metadata["HKIndoorWorkout"] = .string("indoors")
        expectProblem(workout, field: "metadata.HKIndoorWorkout", .workoutMetadataValue(expected: "a boolean (true, false, 0 or 1)"))
        workout.metadata["HKIndoorWorkout"] = .string("1")
        workout.metadata["HKAverageSpeed"] = .quantity(try q("2.56", "m/s"))
        #expect(SampleValidator.problems(in: .workout(workout)).isEmpty)
    }

    @Test func eventMetadataKeyUnderBothSpellingsIsNamed() throws {
        var workout = try run()
        workout.events[2].metadata = ["HKSwimmingStrokeStyle": .number(2), "HKMetadataKeySwimmingStrokeStyle": .number(2)]
        expectProblem(workout, field: "events[2].metadata.HKMetadataKeySwimmingStrokeStyle",
                      .metadataKeyTwice(earlier: "HKSwimmingStrokeStyle"))
    }

    @Test func exactSecondsOfTimeUnits() throws {
        #expect(try q("1.5", "min").exactSeconds == 90)
        #expect(try q("2", "hr").exactSeconds == 7200)
        #expect(try q("250", "ms").exactSeconds == Decimal(string: "0.25"))
        #expect(try q("1", "m").exactSeconds == nil)
    }

    @Test func dateArithmeticIsExact() throws {
        let moved = try start.adding(seconds: try DecimalText.parse("1230.25"))
        #expect(moved == (try date("2026-11-20T06:20:30.25Z")))
        #expect(moved.seconds(since: start) == (try DecimalText.parse("1230.25")))
        #expect(throws: SampleDateError.self) { try start.adding(seconds: try DecimalText.parse("0.0000000001")) }
    }
}
