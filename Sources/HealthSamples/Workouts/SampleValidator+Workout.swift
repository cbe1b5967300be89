import Foundation

extension SampleValidator {
    /// A workout's rules, in field order: the end is not before the start; the duration is a time
    /// quantity signable exactly in seconds, not negative and not longer than the interval; each
    /// total has its dimension and is not negative; events lie within the interval, in chronological order, with
    /// valid durations; workout metadata keys hold values of their kind (``WorkoutMetadataKeys``);
    /// no predefined key under both spellings, on the workout or an event.
    static func check(_ workout: Workout, into problems: inout [SampleValidationError]) {
        func report(_ field: String, _ kind: SampleValidationError.Kind) {
            problems.append(SampleValidationError(typeIdentifier: Workout.typeIdentifier, field: field, kind: kind))
        }
        if workout.endDate < workout.startDate {
            report("endDate", .endBeforeStart(start: workout.startDate, end: workout.endDate))
        }
        let interval = workout.endDate.seconds(since: workout.startDate)
        if let seconds = checkDuration(workout.duration, field: "duration", report: report),
           workout.endDate >= workout.startDate, seconds > interval {
            report("duration", .durationLongerThanInterval(duration: DecimalText.format(seconds),
                                                           interval: DecimalText.format(interval)))
        }
        for total in WorkoutTotal.allCases {
            guard let quantity = workout.totals[total] else { continue }
            if quantity.value.isNaN { report(total.fieldName, .nonFiniteValue) }
            if quantity.value < 0 { report(total.fieldName, .negativeTotal(value: quantity.description)) }
            if quantity.unit.dimension != total.dimension {
                report(total.fieldName, .fieldUnitIncompatible(unit: quantity.unit.unitString, expected: total.dimension))
            }
        }
        var previous: SampleDate?
        for (index, event) in workout.events.enumerated() {
            let prefix = "events[\(index)]."
            if event.date < workout.startDate || event.date > workout.endDate {
                report(prefix + "date", .eventOutsideWorkout)
            } else if let previous, event.date < previous {
                report(prefix + "date", .eventsOutOfOrder)
            }
            previous = event.date
            if let duration = event.duration,
               let seconds = checkDuration(duration, field: prefix + "duration", report: report),
               event.date >= workout.startDate, event.date <= workout.endDate,
               seconds > workout.endDate.seconds(since: event.date) {
                report(prefix + "duration", .eventOutsideWorkout)
            }
            checkWorkoutMetadata(event.metadata, prefix: prefix, report: report)
            checkSpellings(event.metadata, reportingAs: Workout.typeIdentifier, prefix: prefix, into: &problems)
        }
        checkWorkoutMetadata(workout.metadata, prefix: "", report: report)
        checkSpellings(workout.metadata, reportingAs: Workout.typeIdentifier, prefix: "", into: &problems)
    }

    /// The duration in exact seconds, or nil after reporting why it has none.
    private static func checkDuration(_ duration: Quantity, field: String,
                                      report: (String, SampleValidationError.Kind) -> Void) -> Decimal? {
        guard duration.unit.dimension == .time else {
            report(field, .fieldUnitIncompatible(unit: duration.unit.unitString, expected: .time))
            return nil
        }
        guard !duration.value.isNaN else {
            report(field, .nonFiniteValue)
            return nil
        }
        guard let seconds = duration.exactSeconds else {
            report(field, .durationNotExactSeconds(unit: duration.unit.unitString))
            return nil
        }
        if seconds < 0 {
            report(field, .negativeDuration)
            return nil
        }
        return seconds
    }

    private static func checkWorkoutMetadata(_ metadata: Metadata, prefix: String,
                                             report: (String, SampleValidationError.Kind) -> Void) {
        for entry in metadata.entries {
            guard let kind = WorkoutMetadataKeys.kind(of: entry.key),
                  !WorkoutMetadataKeys.accepts(entry.value, as: kind) else { continue }
            report(prefix + "metadata." + entry.key, .workoutMetadataValue(expected: kind.description))
        }
    }
}
