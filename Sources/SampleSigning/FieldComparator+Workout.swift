import DER
import Foundation
import HealthSamples

extension FieldComparator {
    /// The workout fields (docs/VERIFY.md, "Workouts"): activity type, duration, each total,
    /// and the events one by one in signed order.
    mutating func compareWorkout(_ record: SignedRecord, _ stored: Workout) {
        guard let signed = record.workout else {
            mismatch("activityType", Self.absent, stored.activityType.name)
            return
        }
        if signed.activityType != stored.activityType.rawValue {
            mismatch("activityType", Self.activityTypeText(signed.activityType), stored.activityType.name)
        }
        compareQuantity(signedValue: signed.duration, signedUnitText: "s", stored: stored.duration, field: "duration",
                        unitField: "duration")
        for total in WorkoutTotal.allCases {
            switch (signed.totals[total], stored.totals[total]) {
            case (nil, nil):
                continue
            case (let s?, nil):
                mismatch(total.fieldName, DecimalText.format(s.value) + " " + s.unit, Self.absent)
            case (nil, let t?):
                mismatch(total.fieldName, Self.absent, t.description)
            case (let s?, let t?):
                compareQuantity(signedValue: s.value, signedUnitText: s.unit, stored: t, field: total.fieldName,
                                unitField: total.fieldName)
            }
        }
        compareCopies(signed, stored.storedTotalCopies)
        compareEvents(signed.events, stored.events)
    }

    /// Every further stored copy of a total must equal the signed total, as the first does: a
    /// program reading the other copy would otherwise show a value nobody signed. The mismatch
    /// is on the total's field, its stored side naming where the copy is.
    private mutating func compareCopies(_ signed: SignedWorkout, _ copies: [WorkoutTotalCopy]) {
        for copy in copies {
            let storedText = "\(copy.quantity) (\(copy.location))"
            guard let s = signed.totals[copy.total] else {
                mismatch(copy.total.fieldName, Self.absent, storedText)
                continue
            }
            let equal: Bool
            if let signedUnit = try? HealthUnit(s.unit), signedUnit.isCompatible(with: copy.quantity.unit) {
                equal = signedUnit == copy.quantity.unit ? s.value == copy.quantity.value
                    : Self.quantityWithinRounding(signedValue: s.value, signedUnit: signedUnit, stored: copy.quantity)
            } else {
                equal = false
            }
            if !equal { mismatch(copy.total.fieldName, DecimalText.format(s.value) + " " + s.unit, storedText) }
        }
    }

    private mutating func compareEvents(_ signed: [SignedWorkout.Event], _ stored: [WorkoutEvent]) {
        guard signed.count == stored.count else {
            mismatch("events", "\(signed.count) events", "\(stored.count) events")
            return
        }
        for (index, (s, t)) in zip(signed, stored).enumerated() {
            let path = "events[\(index)]."
            if s.type != t.type.rawValue {
                mismatch(path + "type", WorkoutEventType(rawValue: s.type)?.name ?? String(s.type), t.type.name)
            }
            compareDate(s.date, t.date, field: path + "date")
            // An instant is a zero-length interval in HealthKit: an absent duration equals 0 s.
            let storedDuration = t.duration ?? Quantity(value: 0, unit: .second)
            compareQuantity(signedValue: s.duration ?? 0, signedUnitText: "s", stored: storedDuration,
                            field: path + "duration", unitField: path + "duration")
            compareMetadata(s.metadata, t.metadata, keys: RecordKeys.signedWorkoutMetadataKeys, path: path)
        }
    }

    /// `HKWorkoutActivityTypeRunning` for 37, the bare number for a value HealthKit does not define.
    static func activityTypeText(_ rawValue: Int) -> String {
        WorkoutActivityType.withRawValue(rawValue)?.name ?? String(rawValue)
    }
}
