import Foundation
import HealthSamples
import SampleSigning

/// What the report keeps of workouts: a row per workout grouped by activity type (at most
/// ``rowLimit`` rows in all; past that workouts are counted, not listed) and the minutes per
/// week for the chart. Memory is bounded by the row limit, the number of activity types
/// HealthKit defines and ``WeeklyDurations/barLimit``, whatever the input.
struct WorkoutLog {
    /// Rows listed across all activity types.
    static let rowLimit = 2_000

    /// One workout as the report lists it: the authentic values (an altered workout's signed
    /// ones, with what is stored instead in `stored`), or an unverified workout's stored ones.
    struct Row {
        let start: SampleDate
        let activity: WorkoutActivityType
        let duration: Quantity
        let distance: Quantity?
        let energy: Quantity?
        let device: String?
        let verdict: SampleVerdict.Kind
        /// An altered workout's stored values, shown beside the signed ones.
        var stored: Workout? = nil
        /// Stored metadata keys the signature does not cover, in words (docs/REPORT.md).
        var unsignedContext: [String] = []
    }

    /// The workouts of one activity type.
    struct ActivityGroup {
        let activity: WorkoutActivityType
        var rows: [Row] = []
        /// Workouts of this type, listed or not.
        var count = 0
        /// Workouts counted but not listed (past ``WorkoutLog/rowLimit``).
        var notListed = 0
    }

    private(set) var groups: [Int: ActivityGroup] = [:]
    /// Activity raw values in the order first seen.
    private(set) var order: [Int] = []
    private(set) var listed = 0
    /// Workouts per ``ReadingClass`` (by raw value).
    private(set) var counts = [Int](repeating: 0, count: ReadingClass.allCases.count)
    private(set) var weeks = WeeklyDurations()
    /// Workouts whose duration is not a time the chart can add (not drawn, counted).
    private(set) var notDrawn = 0
    /// Altered workouts with no signed values to show: counted, neither listed nor drawn.
    private(set) var alteredNotShown = 0

    var total: Int { counts.reduce(0, +) }

    /// An altered workout with no signed values to show: its stored ones are not the workout.
    mutating func countNotShown(_ workout: Workout, verdict: SampleVerdict.Kind) {
        counts[ReadingClass(verdict).rawValue] += 1
        alteredNotShown += 1
    }

    mutating func add(_ workout: Workout, verdict: SampleVerdict.Kind, stored: Workout? = nil, device: String?,
                      unsignedContext: [String] = []) {
        let key = workout.activityType.rawValue
        if groups[key] == nil {
            groups[key] = ActivityGroup(activity: workout.activityType)
            order.append(key)
        }
        groups[key]?.count += 1
        if listed < Self.rowLimit {
            groups[key]?.rows.append(Row(start: workout.startDate, activity: workout.activityType, duration: workout.duration,
                                         distance: workout.totalDistance, energy: workout.totalEnergyBurned, device: device,
                                         verdict: verdict, stored: stored, unsignedContext: unsignedContext))
            listed += 1
        } else {
            groups[key]?.notListed += 1
        }
        let readingClass = ReadingClass(verdict)
        counts[readingClass.rawValue] += 1
        if let seconds = Self.seconds(workout.duration) {
            weeks.add(start: workout.startDate.epochSeconds, minutes: seconds / 60, as: readingClass)
        } else {
            notDrawn += 1
        }
    }

    /// A duration in seconds: exactly where the unit allows (docs/FORMAT.md signs seconds).
    static func seconds(_ duration: Quantity) -> Double? {
        let value = duration.exactSeconds.map { NSDecimalNumber(decimal: $0).doubleValue }
            ?? (try? duration.doubleValue(in: .second))
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }
}
