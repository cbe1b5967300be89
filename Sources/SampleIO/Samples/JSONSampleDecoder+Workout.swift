import Foundation
import HealthSamples

extension JSONSampleDecoder.Context {
    /// A workout object (see ``JSONSampleDecoder``); the validator runs afterwards on the whole sample.
    func workout(_ object: JSONObject, path: String) throws(SampleInputError) -> Workout {
        try checkFields(object, allowed: JSONSampleDecoder.workoutFields, path: path)
        let activityPath = join(path, "activityType")
        let activityType: WorkoutActivityType
        switch try required(object, "activityType", path) {
        case .string(let name):
            guard let type = WorkoutActivityType.named(name) else { throw invalid(activityPath, .unknownActivityType(name)) }
            activityType = type
        case .number(let number):
            guard let raw = number.intValue, let type = WorkoutActivityType.withRawValue(raw) else {
                throw invalid(activityPath, .unknownActivityType(number.text))
            }
            activityType = type
        case let other:
            throw fail(activityPath, .wrongType(expected: "string or integer", found: other.kindName))
        }
        let (start, end) = try dates(object, path: path)
        let duration = try object["duration"].map { value throws(SampleInputError) in
            try timeQuantity(value, path: join(path, "duration"))
        }
        var totals: [WorkoutTotal: Quantity] = [:]
        for total in WorkoutTotal.allCases {
            guard let value = object[total.fieldName] else { continue }
            totals[total] = try quantityObject(value, path: join(path, total.fieldName))
        }
        var events: [WorkoutEvent] = []
        if let value = object["events"] {
            let eventsPath = join(path, "events")
            guard case .array(let elements) = value else {
                throw fail(eventsPath, .wrongType(expected: "array", found: value.kindName))
            }
            for (index, element) in elements.enumerated() {
                events.append(try event(element, path: "\(eventsPath)[\(index)]"))
            }
        }
        return Workout(uuid: try uuid(object, path: path), activityType: activityType, startDate: start, endDate: end,
                       duration: duration, totals: totals, events: events, device: try device(object, path: path),
                       metadata: try metadata(object, path: path))
    }

    private func event(_ value: JSONValue, path: String) throws(SampleInputError) -> WorkoutEvent {
        guard case .object(let object) = value else { throw fail(path, .wrongType(expected: "object", found: value.kindName)) }
        for member in object.members where !JSONSampleDecoder.workoutEventFields.contains(member.key) {
            throw fail(join(path, member.key), .unknownField)
        }
        let typePath = join(path, "type")
        let type: WorkoutEventType
        switch try required(object, "type", path) {
        case .string(let name):
            guard let known = WorkoutEventType.named(name) else { throw invalid(typePath, .unknownEventType(name)) }
            type = known
        case .number(let number):
            guard let raw = number.intValue, let known = WorkoutEventType(rawValue: raw) else {
                throw invalid(typePath, .unknownEventType(number.text))
            }
            type = known
        case let other:
            throw fail(typePath, .wrongType(expected: "string or integer", found: other.kindName))
        }
        let date = try self.date(object, "date", path: path)
        let duration = try object["duration"].map { value throws(SampleInputError) in
            try timeQuantity(value, path: join(path, "duration"))
        }
        return WorkoutEvent(type: type, date: date, duration: duration,
                            metadata: try metadata(object["metadata"], path: join(path, "metadata")))
    }

    /// A duration: a number of seconds, or a `{"value":…,"unit":…}` object.
    private func timeQuantity(_ value: JSONValue, path: String) throws(SampleInputError) -> Quantity {
        if case .number(let number) = value {
            return Quantity(value: try decimal(value, path: path), unit: .second,
                            fractionDigits: DecimalText.fractionDigits(of: number.text))
        }
        guard case .object = value else { throw fail(path, .wrongType(expected: "number or object", found: value.kindName)) }
        return try quantityObject(value, path: path)
    }

    /// `{"value": number, "unit": "unit string"}`.
    private func quantityObject(_ value: JSONValue, path: String) throws(SampleInputError) -> Quantity {
        guard case .object(let object) = value else { throw fail(path, .wrongType(expected: "object", found: value.kindName)) }
        try checkFields(object, allowed: JSONSampleDecoder.quantityObjectFields, path: path)
        let unitPath = join(path, "unit")
        let unitText = try string(try required(object, "unit", path), path: unitPath)
        let unit: HealthUnit
        do {
            unit = try HealthUnit(unitText)
        } catch {
            throw fail(unitPath, .invalidUnit(error))
        }
        let valueJSON = try required(object, "value", path)
        let amount = try decimal(valueJSON, path: join(path, "value"))
        let places: Int? = if case .number(let n) = valueJSON { DecimalText.fractionDigits(of: n.text) } else { nil }
        return Quantity(value: amount, unit: unit, fractionDigits: places)
    }

    private func invalid(_ path: String, _ kind: SampleValidationError.Kind) -> SampleInputError {
        fail(path, .invalidSample(SampleValidationError(typeIdentifier: Workout.typeIdentifier, field: path, kind: kind)))
    }
}
