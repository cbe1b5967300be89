import Foundation
import HealthSamples
import Testing
@testable import SampleIO

/// Workouts in the JSON sample format: reading, writing and every refusal with its line and field.
@Suite struct WorkoutJSONTests {
    /// The issue's example line, with a device.
    static let run = #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeRunning","startDate":"2026-11-20T07:00:00+01:00","endDate":"2026-11-20T07:42:10+01:00","duration":2430,"totalEnergyBurned":{"value":412,"unit":"kcal"},"totalDistance":{"value":6.21,"unit":"km"},"events":[{"type":"HKWorkoutEventTypePause","date":"2026-11-20T07:20:00+01:00"},{"type":"HKWorkoutEventTypeResume","date":"2026-11-20T07:21:30+01:00"}],"device":{"name":"Acme Treadmill","manufacturer":"Acme Fitness","model":"T-900"},"metadata":{"HKIndoorWorkout":false}}"#

    private func replacing(_ old: String, _ new: String) -> String { Self.run.replacingOccurrences(of: old, with: new) }

    private func expectError(_ line: String, field: String, sourceLocation: SourceLocation = #_sourceLocation,
                             _ matches: (SampleInputError.Reason) -> Bool) {
        do {
            _ = try JSONSampleDecoder.decode(line, line: 7)
            Issue.record("accepted: \(line)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.line == 7, sourceLocation: sourceLocation)
            #expect(error.field == field, sourceLocation: sourceLocation)
            #expect(matches(error.reason), "\(error)", sourceLocation: sourceLocation)
        }
    }

    private func validation(_ kind: SampleValidationError.Kind) -> (SampleInputError.Reason) -> Bool {
        { reason in if case .invalidSample(let error) = reason { error.kind == kind } else { false } }
    }

    @Test func readsTheExampleWorkout() throws {
        let sample = try JSONSampleDecoder.decode(Self.run)
        guard case .workout(let workout) = sample else { Issue.record("not a workout"); return }
        #expect(workout.activityType == .running)
        #expect(workout.duration == Quantity(value: 2430, unit: .second))
        #expect(workout.totalEnergyBurned == Quantity(value: 412, unit: .kilocalorie))
        #expect(workout.totalDistance?.value == Decimal(string: "6.21"))
        #expect(workout.totalDistance?.fractionDigits == 2)
        #expect(workout.events.map(\.type) == [.pause, .resume])
        #expect(workout.events[1].date == (try SampleDate(rfc3339: "2026-11-20T06:21:30Z")))
        #expect(workout.metadata["HKIndoorWorkout"] == .bool(false))
        #expect(workout.device?.model == "T-900")
    }

    @Test func numericActivityAndEventTypesAreAliases() throws {
        let numeric = replacing(#""activityType":"HKWorkoutActivityTypeRunning""#, #""activityType":37"#)
            .replacingOccurrences(of: #""type":"HKWorkoutEventTypePause""#, with: #""type":1"#)
        #expect(try JSONSampleDecoder.decode(numeric) == (try JSONSampleDecoder.decode(Self.run)))
    }

    @Test func durationMayBeAQuantityOrLeftOut() throws {
        let minutes = try JSONSampleDecoder.decode(replacing(#""duration":2430"#, #""duration":{"value":40.5,"unit":"min"}"#))
        guard case .workout(let w) = minutes else { Issue.record("not a workout"); return }
        #expect(w.duration.exactSeconds == 2430)
        let absent = try JSONSampleDecoder.decode(replacing(#""duration":2430,"#, ""))
        guard case .workout(let whole) = absent else { Issue.record("not a workout"); return }
        #expect(whole.duration == Quantity(value: 2530, unit: .second))
    }

    @Test func writerRoundTripsByteForByte() throws {
        let sample = try JSONSampleDecoder.decode(Self.run)
        #expect(JSONSampleWriter.line(for: sample) == Self.run)
        let lap = replacing(#"{"type":"HKWorkoutEventTypeResume","date":"2026-11-20T07:21:30+01:00"}"#,
                            #"{"type":"HKWorkoutEventTypeLap","date":"2026-11-20T07:21:30+01:00","duration":{"value":1.5,"unit":"min"},"metadata":{"HKSwimmingStrokeStyle":2}}"#)
        #expect(JSONSampleWriter.line(for: try JSONSampleDecoder.decode(lap)) == lap)
    }

    @Test func unknownActivityTypeIsNamed() {
        expectError(replacing("Running", "Jogging"), field: "activityType",
                    validation(.unknownActivityType("HKWorkoutActivityTypeJogging")))
        expectError(replacing(#""activityType":"HKWorkoutActivityTypeRunning""#, #""activityType":81"#), field: "activityType",
                    validation(.unknownActivityType("81")))
    }

    @Test func aNegativeTotalIsRefusedNamingTheTotal() {
        expectError(replacing(#""value":412,"unit":"kcal""#, #""value":-412,"unit":"kcal""#), field: "totalEnergyBurned",
                    validation(.negativeTotal(value: "-412 kcal")))
        expectError(replacing(#""value":6.21,"unit":"km""#, #""value":-0.5,"unit":"km""#), field: "totalDistance",
                    validation(.negativeTotal(value: "-0.5 km")))
    }

    @Test func aMisspeltActivityTypeGetsADidYouMean() throws {
        let error = SampleValidationError(typeIdentifier: Workout.typeIdentifier, field: "activityType",
                                          kind: .unknownActivityType("HKWorkoutActivityTypeRuning"))
        #expect(error.description == "HKWorkoutTypeIdentifier: activityType: unknown workout activity type "
            + "HKWorkoutActivityTypeRuning; did you mean HKWorkoutActivityTypeRunning?")
        #expect(WorkoutActivityTypeSuggestion.suggestion(for: "running") == "HKWorkoutActivityTypeRunning")
        #expect(WorkoutActivityTypeSuggestion.suggestion(for: "HKWorkoutActivityTypeHighIntensityIntervalTrainig")
            == "HKWorkoutActivityTypeHighIntensityIntervalTraining")
        #expect(WorkoutActivityTypeSuggestion.suggestion(for: "HKWorkoutActivityTypeQuidditch") == nil)
        do {
            _ = try JSONSampleDecoder.decode(replacing("Running", "Runing"), line: 3)
            Issue.record("accepted a misspelt activity type")
        } catch {
            #expect("\(error)".contains("did you mean HKWorkoutActivityTypeRunning?"), "\(error)")
        }
    }

    @Test func unknownEventTypeIsNamed() {
        expectError(replacing("HKWorkoutEventTypeResume", "HKWorkoutEventTypeStop"), field: "events[1].type",
                    validation(.unknownEventType("HKWorkoutEventTypeStop")))
    }

    @Test func unknownFieldsAreNamed() {
        expectError(replacing(#""duration":2430"#, #""duration":2430,"totalSteps":{"value":1,"unit":"count"}"#),
                    field: "totalSteps") { $0 == .unknownField }
        expectError(replacing(#""date":"2026-11-20T07:20:00+01:00""#, #""date":"2026-11-20T07:20:00+01:00","note":"x""#),
                    field: "events[0].note") { $0 == .unknownField }
        expectError(replacing(#"{"value":412,"unit":"kcal"}"#, #"{"value":412,"unit":"kcal","source":"x"}"#),
                    field: "totalEnergyBurned.source") { $0 == .unknownField }
    }

    @Test func energyTotalInALengthUnitIsNamed() {
        expectError(replacing(#""unit":"kcal""#, #""unit":"km""#), field: "totalEnergyBurned",
                    validation(.fieldUnitIncompatible(unit: "km", expected: .energy)))
    }

    @Test func eventsOutOfOrderAreNamed() {
        expectError(replacing("07:21:30", "07:19:30"), field: "events[1].date", validation(.eventsOutOfOrder))
    }

    @Test func eventOutsideTheWorkoutIsNamed() {
        expectError(replacing("07:21:30", "07:50:00"), field: "events[1].date", validation(.eventOutsideWorkout))
    }

    @Test func durationLongerThanTheIntervalIsNamed() {
        expectError(replacing(#""duration":2430"#, #""duration":2600"#), field: "duration",
                    validation(.durationLongerThanInterval(duration: "2600", interval: "2530")))
    }

    @Test func wrongKindsAreNamed() {
        expectError(replacing(#""duration":2430"#, #""duration":"2430""#), field: "duration") {
            $0 == .wrongType(expected: "number or object", found: "string")
        }
        expectError(replacing(#""activityType":"HKWorkoutActivityTypeRunning""#, #""activityType":true"#), field: "activityType") {
            $0 == .wrongType(expected: "string or integer", found: "boolean")
        }
        let minimal = #"{"type":"HKWorkoutTypeIdentifier","activityType":37,"startDate":"2026-11-20T07:00:00Z","endDate":"2026-11-20T07:00:00Z","events":{"a":1}}"#
        expectError(minimal, field: "events") {
            $0 == .wrongType(expected: "array", found: "object")
        }
    }

    @Test func aWorkoutCannotBeACorrelationMember() {
        let bp = #"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-20T07:00:00Z","endDate":"2026-11-20T07:00:00Z","objects":[{"type":"HKWorkoutTypeIdentifier","activityType":37,"startDate":"2026-11-20T07:00:00Z","endDate":"2026-11-20T07:00:00Z"}]}"#
        expectError(bp, field: "objects[0].type") { $0 == .wrongSampleKind(expected: "quantity", found: "workout") }
    }
}
