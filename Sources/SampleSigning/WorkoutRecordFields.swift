import DER
import Foundation
import HealthSamples

/// The workout-only fields of a record (docs/FORMAT.md, "Workouts"): `at`, `du`, the totals and
/// `ev`. Numbers are exact: durations and event offsets are decimal seconds.
enum WorkoutRecordFields {
    /// The record entries for `workout`'s activity type, duration, totals and events.
    static func fields(of workout: Workout, all: Bool = true) throws(DERError) -> RecordDictionary {
        var dict = RecordDictionary()
        dict[RecordKeys.activityType] = .integer(DERInteger(workout.activityType.rawValue))
        dict[RecordKeys.duration] = .real(try DERReal(try seconds(workout.duration)))
        for (total, key) in RecordKeys.totalKeys {
            guard let quantity = workout.totals[total] else { continue }
            dict[key] = .array([.real(try DERReal(quantity.value)), .string(quantity.unit.unitString)])
        }
        if !workout.events.isEmpty {
            var events: [RecordValue] = []
            for event in workout.events {
                // [type, offset from the workout's start, duration?, signed metadata?]: positional
                // and typed, so a dozen events stay within the ~1 KB budget.
                var items: [RecordValue] = [
                    .integer(DERInteger(event.type.rawValue)),
                    .real(try DERReal(event.date.seconds(since: workout.startDate))),
                ]
                if let duration = event.duration { items.append(.real(try DERReal(try seconds(duration)))) }
                let metadata = try RecordBuilder.signedMetadata(event.metadata, workout: true, all: all)
                if !metadata.isEmpty { items.append(.dictionary(metadata)) }
                events.append(.array(items))
            }
            dict[RecordKeys.events] = .array(events)
        }
        return dict
    }

    /// A time quantity in exact seconds. The validator refuses any other, so this fallback
    /// (an error, never a rounded value) is reached only by unvalidated samples.
    static func seconds(_ quantity: Quantity) throws(DERError) -> Decimal {
        // Already in seconds (the usual unit of a duration): the value itself, which is what
        // `exactSeconds` computes by multiplying by one in `Decimal` arithmetic, some thousands
        // of instructions. The record's REAL depends only on the number, never on how the
        // `Decimal` holds it.
        if quantity.unit.unitString == "s", quantity.value.isFinite { return quantity.value }
        guard let seconds = quantity.exactSeconds else {
            throw DERError(.invalidValue, at: 0, "duration \(quantity) is not an exact number of seconds")
        }
        return seconds
    }
}
