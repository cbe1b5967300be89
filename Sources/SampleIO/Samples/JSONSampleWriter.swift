import Foundation
import HealthSamples

/// Encodes samples in the JSON format read by ``JSONSampleDecoder``: one compact object per
/// sample, keys in a fixed order (`type`, `uuid`, `value`, `unit`, `startDate`, `endDate`,
/// `objects`, `device`, `metadata`; a workout: `type`, `uuid`, `activityType` by name, dates,
/// `duration`, the totals, `events`, `device`, `metadata`), absent optional fields left out.
///
/// Values: quantities as their exact decimal text (`36.6`; `1e-128` for the rare value whose plain
/// notation would exceed the reader's length limit), dates as RFC 3339 in their own
/// offset (fractional seconds only when the date has them), device fields in HKDevice order.
/// Metadata values keep their JSON kind where JSON has one (string, number, boolean); a date
/// value is written as its RFC 3339 string and a quantity as `"value unit"` text, so those two
/// read back as strings.
public enum JSONSampleWriter {
    /// The sample as a JSON value.
    public static func jsonValue(for sample: Sample) -> JSONValue {
        switch sample {
        case .quantity(let quantitySample):
            return .object(object(for: quantitySample))
        case .category(let categorySample):
            var object = JSONObject()
            object["type"] = .string(categorySample.type.identifier)
            if let uuid = categorySample.uuid { object["uuid"] = .string(uuid) }
            object["value"] = .number(JSONNumber(categorySample.value))
            appendCommon(startDate: categorySample.startDate, endDate: categorySample.endDate,
                         device: categorySample.device, metadata: categorySample.metadata, to: &object)
            return .object(object)
        case .correlation(let correlation):
            var object = JSONObject()
            object["type"] = .string(correlation.type.identifier)
            if let uuid = correlation.uuid { object["uuid"] = .string(uuid) }
            object["startDate"] = .string(correlation.startDate.rfc3339String)
            object["endDate"] = .string(correlation.endDate.rfc3339String)
            object["objects"] = .array(correlation.objects.map { .object(Self.object(for: $0)) })
            appendCommon(startDate: nil, endDate: nil, device: correlation.device, metadata: correlation.metadata, to: &object)
            return .object(object)
        case .workout(let workout):
            return .object(object(for: workout))
        }
    }

    private static func object(for workout: Workout) -> JSONObject {
        var object = JSONObject()
        object["type"] = .string(Workout.typeIdentifier)
        if let uuid = workout.uuid { object["uuid"] = .string(uuid) }
        object["activityType"] = .string(workout.activityType.name)
        object["startDate"] = .string(workout.startDate.rfc3339String)
        object["endDate"] = .string(workout.endDate.rfc3339String)
        object["duration"] = duration(workout.duration)
        for total in WorkoutTotal.allCases {
            if let quantity = workout.totals[total] { object[total.fieldName] = quantityObject(quantity) }
        }
        if !workout.events.isEmpty {
            object["events"] = .array(workout.events.map { event in
                var item = JSONObject()
                item["type"] = .string(event.type.name)
                item["date"] = .string(event.date.rfc3339String)
                if let duration = event.duration { item["duration"] = Self.duration(duration) }
                if !event.metadata.isEmpty { item["metadata"] = metadataObject(event.metadata) }
                return .object(item)
            })
        }
        appendCommon(startDate: nil, endDate: nil, device: workout.device, metadata: workout.metadata, to: &object)
        return object
    }

    /// Seconds as a number, any other time unit as a value/unit object.
    private static func duration(_ quantity: Quantity) -> JSONValue {
        quantity.unit == .second ? number(quantity.value) : quantityObject(quantity)
    }

    private static func quantityObject(_ quantity: Quantity) -> JSONValue {
        .object(["value": number(quantity.value), "unit": .string(quantity.unit.unitString)])
    }

    private static func metadataObject(_ metadata: Metadata) -> JSONValue {
        .object(JSONObject(metadata.entries.map { JSONMember(key: $0.key, value: value(for: $0.value)) }))
    }

    /// The sample as one compact JSON line (without a line break).
    public static func line(for sample: Sample) -> String {
        JSONWriter.string(jsonValue(for: sample))
    }

    /// Appends the sample's JSON text and a line feed to `output` (JSON Lines).
    public static func writeLine(for sample: Sample, into output: inout [UInt8]) {
        JSONWriter.write(jsonValue(for: sample), into: &output)
        output.append(0x0A)
    }

    private static func object(for sample: QuantitySample) -> JSONObject {
        var object = JSONObject()
        object["type"] = .string(sample.type.identifier)
        if let uuid = sample.uuid { object["uuid"] = .string(uuid) }
        object["value"] = number(sample.quantity.value)
        object["unit"] = .string(sample.quantity.unit.unitString)
        appendCommon(startDate: sample.startDate, endDate: sample.endDate, device: sample.device,
                     metadata: sample.metadata, to: &object)
        return object
    }

    private static func appendCommon(startDate: SampleDate?, endDate: SampleDate?, device: Device?, metadata: Metadata,
                                     to object: inout JSONObject) {
        if let startDate { object["startDate"] = .string(startDate.rfc3339String) }
        if let endDate { object["endDate"] = .string(endDate.rfc3339String) }
        if let device {
            object["device"] = .object(JSONObject(device.fields.map { JSONMember(key: $0.key, value: .string($0.value)) }))
        }
        if !metadata.isEmpty {
            object["metadata"] = metadataObject(metadata)
        }
    }

    private static func value(for value: MetadataValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .number(let decimal): number(decimal)
        case .bool(let flag): .bool(flag)
        case .date(let date): .string(date.rfc3339String)
        case .quantity(let quantity): .string(quantity.description)
        }
    }

    /// A decimal as a JSON number; `NaN` (which valid samples never hold) becomes `null`.
    private static func number(_ value: Decimal) -> JSONValue {
        guard !value.isNaN, let number = JSONNumber(text: numberText(value)) else { return .null }
        return .number(number)
    }

    /// Plain notation (`36.6`, `-0.004`, `120`), or `digits e exponent` (`1e-128`) when the plain
    /// form would be longer than ``HealthSamples/DecimalText/maximumLength``, so that every value
    /// the reader accepts is written as text the reader accepts again (1e-128 is 130 characters
    /// in plain notation).
    static func numberText(_ value: Decimal) -> String {
        let plain = DecimalText.format(value)
        guard plain.utf8.count > DecimalText.maximumLength else { return plain }
        var negative = false
        var digits: [Character] = []
        var exponent = 0
        var afterPoint = false
        for character in plain {
            switch character {
            case "-": negative = true
            case ".": afterPoint = true
            default:
                if !(digits.isEmpty && character == "0") { digits.append(character) }
                if afterPoint { exponent -= 1 }
            }
        }
        while digits.count > 1, digits.last == "0" {
            digits.removeLast()
            exponent += 1
        }
        guard !digits.isEmpty else { return "0" }
        return (negative ? "-" : "") + String(digits) + "e" + String(exponent)
    }
}
