import Foundation
import HealthSamples
import Testing

/// Workouts of every shape for the SampleSigning tests.
extension Fixtures {
    /// 2026-11-20T06:00:00Z (07:00 at +01:00), the start of the reference run.
    static let runStart = "2026-11-20T07:00:00+01:00"
    /// 42 min 10 s later.
    static let runEnd = "2026-11-20T07:42:10+01:00"

    /// A treadmill run: 2430 s active, 412 kcal, 6.21 km, a pause and a resume.
    static func run(device: Device? = Device(name: "Acme Treadmill", manufacturer: "Acme Fitness", model: "T-900"),
                    metadata: Metadata = ["HKIndoorWorkout": .bool(true), "HKDeviceSerialNumber": .string("T900-0042")],
                    events: [WorkoutEvent]? = nil) throws -> Sample {
        .workout(Workout(
            activityType: .running, startDate: try date(runStart), endDate: try date(runEnd),
            duration: try quantity("2430", "s"),
            totals: [.energyBurned: try quantity("412", "kcal"), .distance: try quantity("6.21", "km")],
            events: try events ?? [
                WorkoutEvent(type: .pause, date: try date("2026-11-20T07:20:00+01:00")),
                WorkoutEvent(type: .resume, date: try date("2026-11-20T07:21:30+01:00")),
            ],
            device: device, metadata: metadata))
    }

    /// The fully described workout of the size budget: a stair-climbing session (energy,
    /// distance and flights, the most totals one workout can have: HealthKit pairs strokes with
    /// swimming and flights with climbing), the full device, the signed metadata every size row
    /// carries plus `HKIndoorWorkout`, and a dozen events: two pause/resume pairs, two motion
    /// pauses with their resumes and four one-minute laps.
    static func fullyDescribedWorkout() throws -> Sample {
        var events: [WorkoutEvent] = []
        let start = try date("2026-11-20T06:00:00Z")
        func at(_ seconds: Int) throws -> SampleDate { try start.adding(seconds: Decimal(seconds)) }
        for (type, second) in [(WorkoutEventType.pause, 300), (.resume, 360), (.motionPaused, 900), (.motionResumed, 930),
                               (.pause, 1500), (.resume, 1620), (.motionPaused, 2100), (.motionResumed, 2115)] {
            events.append(WorkoutEvent(type: type, date: try at(second)))
        }
        for lap in 0..<4 {
            events.append(WorkoutEvent(type: .lap, date: try at(2400 + 60 * lap), duration: try quantity("60", "s")))
        }
        events.sort { $0.date < $1.date }
        var metadata = deviceMetadata
        metadata["HKIndoorWorkout"] = .bool(true)
        return .workout(Workout(
            activityType: .stairClimbing, startDate: start, endDate: try at(2700), duration: try quantity("2475.5", "s"),
            totals: [.energyBurned: try quantity("412.5", "kcal"), .distance: try quantity("1.25", "km"),
                     .flightsClimbed: try quantity("96", "count")],
            events: events, device: fullDevice, metadata: metadata))
    }
}
