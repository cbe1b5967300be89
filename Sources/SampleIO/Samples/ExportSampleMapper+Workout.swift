import Foundation
import HealthSamples

extension ExportSampleMapper {
    /// A `<Workout>` as a ``HealthSamples/Workout``, in both shapes the Health app has written.
    ///
    /// - `workoutActivityType` is the activity type's name; `startDate`, `endDate`, `device` and
    ///   `MetadataEntry` children as for records.
    /// - `duration` with `durationUnit` (usually `min`); without a `duration`, the whole interval.
    /// - Totals as attributes (`totalDistance`/`totalDistanceUnit`,
    ///   `totalEnergyBurned`/`totalEnergyBurnedUnit`, older exports) or as `WorkoutStatistics`
    ///   children (newer exports, `sum` and `unit`): `ActiveEnergyBurned` is the energy total,
    ///   any `Distance…` type the distance, `SwimmingStrokeCount` and `FlightsClimbed` the other
    ///   two. When an element has both, or several `WorkoutStatistics` of one total, the first
    ///   (attribute first) is the total and the others are kept as
    ///   ``HealthSamples/Workout/storedTotalCopies``.
    /// - `WorkoutEvent` children: `type` (a `HKWorkoutEventType…` name), `date`, optional
    ///   `duration`/`durationUnit`, their own `MetadataEntry` children.
    /// - `WorkoutRoute` children are not read: the route is not part of a signed workout.
    mutating func workout(_ item: ExportXMLItem) throws(SampleInputError) -> Workout {
        guard let activityName = item.attribute("workoutActivityType") else {
            throw SampleInputError(line: item.line, field: "activityType", reason: .missingField)
        }
        guard let activityType = WorkoutActivityType.named(activityName) else {
            throw invalid(item, "activityType", .unknownActivityType(activityName))
        }
        let (start, end) = try dates(item, path: "")
        let duration = try quantity(item, value: "duration", unit: "durationUnit", field: "duration")
        var totals: [WorkoutTotal: Quantity] = [:]
        for (total, attribute) in [(WorkoutTotal.energyBurned, "totalEnergyBurned"), (.distance, "totalDistance")] {
            if let quantity = try quantity(item, value: attribute, unit: attribute + "Unit", field: total.fieldName) {
                totals[total] = quantity
            }
        }
        // Every further copy of a total is kept: the verifier compares each with the signed total.
        var copies: [WorkoutTotalCopy] = []
        for statistics in item.statistics {
            guard let type = statistics.attribute("type"), let total = Self.total(forStatisticsType: type),
                  let quantity = try quantity(statistics, value: "sum", unit: "unit", field: total.fieldName) else { continue }
            if totals[total] == nil {
                totals[total] = quantity
            } else {
                copies.append(WorkoutTotalCopy(total: total, quantity: quantity,
                                               location: "WorkoutStatistics \(type) at line \(statistics.line)"))
            }
        }
        var events: [WorkoutEvent] = []
        for (index, event) in item.events.enumerated() {
            let path = "events[\(index)]."
            guard let typeName = event.attribute("type") else {
                throw SampleInputError(line: event.line, field: path + "type", reason: .missingField)
            }
            guard let type = WorkoutEventType.named(typeName) else {
                throw invalid(event, path + "type", .unknownEventType(typeName))
            }
            let date = try self.date(event.attribute("date"), item: event, field: path + "date")
            events.append(WorkoutEvent(type: type, date: date,
                                       duration: try quantity(event, value: "duration", unit: "durationUnit", field: path + "duration"),
                                       metadata: metadata(event)))
        }
        var workout = Workout(activityType: activityType, startDate: start, endDate: end, duration: duration, totals: totals,
                              events: events, device: try device(item, path: ""), metadata: metadata(item))
        workout.storedTotalCopies = copies
        return workout
    }

    /// Which workout total a `WorkoutStatistics` type carries, or nil.
    static func total(forStatisticsType type: String) -> WorkoutTotal? {
        switch type {
        case "HKQuantityTypeIdentifierActiveEnergyBurned": .energyBurned
        case "HKQuantityTypeIdentifierSwimmingStrokeCount": .swimmingStrokeCount
        case "HKQuantityTypeIdentifierFlightsClimbed": .flightsClimbed
        default: type.hasPrefix("HKQuantityTypeIdentifierDistance") ? .distance : nil
        }
    }

    /// The quantity in attributes `value` and `unit` of `item`, nil when `value` is absent.
    private func quantity(_ item: ExportXMLItem, value: String, unit: String, field: String) throws(SampleInputError) -> Quantity? {
        guard let valueText = item.attribute(value) else { return nil }
        let amount: DecimalText.ExactDecimal
        do {
            amount = try DecimalText.parseExactly(valueText)
        } catch {
            throw SampleInputError(line: item.line, field: field, reason: .invalidNumber(error))
        }
        guard let unitText = item.attribute(unit) else {
            throw SampleInputError(line: item.line, field: field + "Unit", reason: .missingField)
        }
        let healthUnit: HealthUnit
        do {
            healthUnit = try HealthUnit(unitText)
        } catch {
            throw SampleInputError(line: item.line, field: field + "Unit", reason: .invalidUnit(error))
        }
        return Quantity(amount, unit: healthUnit, fractionDigits: Self.fractionDigits(of: valueText))
    }

    private func invalid(_ item: ExportXMLItem, _ field: String, _ kind: SampleValidationError.Kind) -> SampleInputError {
        SampleInputError(line: item.line, field: field,
                         reason: .invalidSample(SampleValidationError(typeIdentifier: Workout.typeIdentifier, field: field, kind: kind)))
    }
}
