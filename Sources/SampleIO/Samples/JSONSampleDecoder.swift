import Foundation
import HealthSamples

/// Decodes one sample object of our JSON format into a ``HealthSamples/Sample``, strictly.
///
/// The format (one object per JSON Lines line, or per element of a `.json` array):
///
///     {"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min",
///      "startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z",
///      "device":{"name":"…","manufacturer":"…","model":"…","hardwareVersion":"…","firmwareVersion":"…",
///                "softwareVersion":"…","localIdentifier":"…","udiDeviceIdentifier":"…"},
///      "metadata":{"HKMetadataKeyDeviceSerialNumber":"SN-1"}}
///
/// - quantity: `type`, `value` (a JSON number, converted to `Decimal` exactly), `unit`,
///   `startDate`, `endDate` (RFC 3339);
/// - category: `type`, `value` (an integer of the category's enumeration), dates; no `unit`;
/// - correlation: `type`, `objects` (an array of quantity-sample objects), dates;
/// - workout: `type` `HKWorkoutTypeIdentifier`, `activityType` (a name such as
///   `HKWorkoutActivityTypeRunning`, or HealthKit's raw value as an integer), dates, optional
///   `duration` (seconds as a number, or `{"value":…,"unit":…}` in any time unit; default the
///   whole interval), optional totals `totalEnergyBurned`, `totalDistance`,
///   `totalSwimmingStrokeCount`, `totalFlightsClimbed` (each `{"value":…,"unit":…}`), optional
///   `events` (objects with `type` — a name or raw value —, `date`, optional `duration` and
///   `metadata`);
/// - all kinds: optional `uuid`, `device` (the eight HKDevice fields, each a string; all
///   optional) and `metadata` (string → string, number or boolean).
///
/// Strictness: any other field is an error naming it (`objects[0].valu`); every value must have
/// the right JSON kind; dates, units, UUIDs and numbers are checked; the finished sample must
/// pass ``HealthSamples/SampleValidator``, whose errors are reported with their field path.
///
/// Metadata keys: a predefined key may be spelled as HealthKit stores it (`HKTimeZone`) or by its
/// SDK constant name (`HKMetadataKeyTimeZone`), but not both ways in one object
/// (``HealthSamples/SampleValidator`` refuses that).
///
/// Metadata values: JSON strings stay strings — also when they look like dates, since JSON has
/// no date type and guessing would change what a signature covers; numbers become exact
/// decimals and `true`/`false` booleans. `null`, arrays and objects are errors.
public enum JSONSampleDecoder {
    /// Decodes a sample from the text of one JSON object; `line` is used in errors.
    ///
    /// - Throws: ``SampleInputError`` (`field` is a path such as `objects[0].unit`).
    public static func decode(_ text: String, line: Int = 1) throws(SampleInputError) -> Sample {
        let value: JSONValue
        do {
            value = try JSONParser().parse(text)
        } catch {
            throw SampleInputError(line: line + error.line - 1, field: "", reason: .invalidJSON(error))
        }
        return try decode(value, line: line)
    }

    /// Decodes a sample from a parsed JSON value; `line` is used in errors.
    ///
    /// - Throws: ``SampleInputError``.
    public static func decode(_ value: JSONValue, line: Int = 1) throws(SampleInputError) -> Sample {
        let context = Context(line: line)
        let sample = try context.sample(value, path: "", allowCorrelation: true)
        do {
            try SampleValidator.validate(sample)
        } catch {
            throw SampleInputError(line: line, field: error.field, reason: .invalidSample(error))
        }
        return sample
    }

    /// Decodes a stored sample like ``decode(_:line:)-(JSONValue,_)``; when the object carries a
    /// signature but is not a valid sample, the error holds its fields as written
    /// (``SampleInputError/storedFields``) so that the verifier can still check it (docs/VERIFY.md).
    public static func decodeStored(_ value: JSONValue, line: Int = 1) throws(SampleInputError) -> Sample {
        do {
            return try decode(value, line: line)
        } catch {
            throw JSONStoredSampleFields.attaching(to: error, from: value)
        }
    }

    // MARK: - Field sets

    // Lists, not sets: a key is a short string, and comparing it with a dozen names costs less
    // than hashing it, for every member of every sample read.
    static let commonFields = ["type", "uuid", "startDate", "endDate", "device", "metadata"]
    static let quantityFields = commonFields + ["value", "unit"]
    static let categoryFields = commonFields + ["value"]
    static let correlationFields = commonFields + ["objects"]
    static let workoutFields = commonFields + ["activityType", "duration", "events"] + WorkoutTotal.allCases.map(\.fieldName)
    static let workoutEventFields = ["type", "date", "duration", "metadata"]
    static let quantityObjectFields = ["value", "unit"]
    static let deviceFields = Device.fieldNames

    /// The decoding state: the line for errors.
    struct Context {
        let line: Int

        func fail(_ path: String, _ reason: SampleInputError.Reason) -> SampleInputError {
            SampleInputError(line: line, field: path, reason: reason)
        }

        func join(_ path: String, _ key: String) -> String {
            path.isEmpty ? key : path + "." + key
        }

        func sample(_ value: JSONValue, path: String, allowCorrelation: Bool) throws(SampleInputError) -> Sample {
            guard case .object(let object) = value else {
                throw fail(path, .wrongType(expected: "object", found: value.kindName))
            }
            guard let typeValue = object["type"] else { throw fail(join(path, "type"), .missingField) }
            let identifier = try string(typeValue, path: join(path, "type"))

            if let type = QuantityType.named(identifier) {
                try checkFields(object, allowed: JSONSampleDecoder.quantityFields, path: path)
                let unitText = try string(try required(object, "unit", path), path: join(path, "unit"))
                let unit: HealthUnit
                do {
                    unit = try HealthUnit(unitText)
                } catch {
                    throw fail(join(path, "unit"), .invalidUnit(error))
                }
                let valueJSON = try required(object, "value", path)
                let amount = try exactDecimal(valueJSON, path: join(path, "value"))
                let places: Int? = if case .number(let n) = valueJSON { DecimalText.fractionDigits(of: n.text) } else { nil }
                let (start, end) = try dates(object, path: path)
                return .quantity(QuantitySample(uuid: try uuid(object, path: path), type: type,
                                                quantity: Quantity(amount, unit: unit, fractionDigits: places),
                                                startDate: start, endDate: end,
                                                device: try device(object, path: path), metadata: try metadata(object, path: path)))
            }
            if let type = CategoryType.named(identifier) {
                try checkFields(object, allowed: JSONSampleDecoder.categoryFields, path: path)
                let valuePath = join(path, "value")
                let raw = try required(object, "value", path)
                guard case .number(let number) = raw else {
                    throw fail(valuePath, .wrongType(expected: "integer", found: raw.kindName))
                }
                guard let integer = number.intValue else { throw fail(valuePath, .invalidCategoryValue(number.text)) }
                let (start, end) = try dates(object, path: path)
                return .category(CategorySample(uuid: try uuid(object, path: path), type: type, value: integer,
                                                startDate: start, endDate: end, device: try device(object, path: path),
                                                metadata: try metadata(object, path: path)))
            }
            if let type = CorrelationType.named(identifier) {
                guard allowCorrelation else {
                    throw fail(join(path, "type"), .wrongSampleKind(expected: "quantity", found: "correlation"))
                }
                try checkFields(object, allowed: JSONSampleDecoder.correlationFields, path: path)
                let objectsPath = join(path, "objects")
                let objectsValue = try required(object, "objects", path)
                guard case .array(let elements) = objectsValue else {
                    throw fail(objectsPath, .wrongType(expected: "array", found: objectsValue.kindName))
                }
                var members: [QuantitySample] = []
                for (index, element) in elements.enumerated() {
                    let memberPath = "\(objectsPath)[\(index)]"
                    let member = try sample(element, path: memberPath, allowCorrelation: false)
                    guard case .quantity(let quantitySample) = member else {
                        throw fail(join(memberPath, "type"), .wrongSampleKind(expected: "quantity", found: "category"))
                    }
                    members.append(quantitySample)
                }
                let (start, end) = try dates(object, path: path)
                return .correlation(Correlation(uuid: try uuid(object, path: path), type: type, startDate: start, endDate: end,
                                                objects: members, device: try device(object, path: path),
                                                metadata: try metadata(object, path: path)))
            }
            if identifier == Workout.typeIdentifier {
                guard allowCorrelation else {
                    throw fail(join(path, "type"), .wrongSampleKind(expected: "quantity", found: "workout"))
                }
                return .workout(try workout(object, path: path))
            }
            throw fail(join(path, "type"), .unsupportedType(identifier))
        }

        func checkFields(_ object: JSONObject, allowed: [String], path: String) throws(SampleInputError) {
            for member in object.members where !allowed.contains(member.key) {
                throw fail(join(path, member.key), .unknownField)
            }
        }

        func required(_ object: JSONObject, _ key: String, _ path: String) throws(SampleInputError) -> JSONValue {
            guard let value = object[key] else { throw fail(join(path, key), .missingField) }
            return value
        }

        // Paths are autoclosures here: they are needed only for an error, and building one per
        // field (`device.name`, `metadata.HKTimeZone`) cost an allocation for every field read.
        func string(_ value: JSONValue, path: @autoclosure () -> String) throws(SampleInputError) -> String {
            guard case .string(let text) = value else { throw fail(path(), .wrongType(expected: "string", found: value.kindName)) }
            return text
        }

        func decimal(_ value: JSONValue, path: @autoclosure () -> String) throws(SampleInputError) -> Decimal {
            guard case .number(let number) = value else { throw fail(path(), .wrongType(expected: "number", found: value.kindName)) }
            do {
                return try number.decimal()
            } catch {
                throw fail(path(), .invalidNumber(error))
            }
        }

        /// ``decimal(_:path:)`` keeping the integer parts the parser computed (a quantity's value).
        func exactDecimal(_ value: JSONValue, path: @autoclosure () -> String) throws(SampleInputError) -> DecimalText.ExactDecimal {
            guard case .number(let number) = value else { throw fail(path(), .wrongType(expected: "number", found: value.kindName)) }
            do {
                return try DecimalText.parseExactly(number.text)
            } catch {
                throw fail(path(), .invalidNumber(error))
            }
        }

        func dates(_ object: JSONObject, path: String) throws(SampleInputError) -> (SampleDate, SampleDate) {
            (try date(object, "startDate", path: path), try date(object, "endDate", path: path))
        }

        func date(_ object: JSONObject, _ key: String, path: String) throws(SampleInputError) -> SampleDate {
            let text = try string(try required(object, key, path), path: join(path, key))
            do {
                return try SampleDate(rfc3339: text)
            } catch {
                throw fail(join(path, key), .invalidDate(error))
            }
        }

        func uuid(_ object: JSONObject, path: String) throws(SampleInputError) -> String? {
            guard let value = object["uuid"] else { return nil }
            let fieldPath = join(path, "uuid")
            let text = try string(value, path: fieldPath)
            guard UUID(uuidString: text) != nil else { throw fail(fieldPath, .invalidUUID(text)) }
            return text
        }

        func device(_ object: JSONObject, path: String) throws(SampleInputError) -> Device? {
            guard let value = object["device"] else { return nil }
            let devicePath = join(path, "device")
            guard case .object(let fields) = value else {
                throw fail(devicePath, .wrongType(expected: "object", found: value.kindName))
            }
            var device = Device()
            for member in fields.members {
                guard JSONSampleDecoder.deviceFields.contains(member.key) else {
                    throw fail(join(devicePath, member.key), .unknownField)
                }
                device[field: member.key] = try string(member.value, path: join(devicePath, member.key))
            }
            return device
        }

        func metadata(_ object: JSONObject, path: String) throws(SampleInputError) -> Metadata {
            try metadata(object["metadata"], path: join(path, "metadata"))
        }

        func metadata(_ value: JSONValue?, path metadataPath: String) throws(SampleInputError) -> Metadata {
            guard let value else { return Metadata() }
            guard case .object(let entries) = value else {
                throw fail(metadataPath, .wrongType(expected: "object", found: value.kindName))
            }
            var metadata = Metadata()
            for member in entries.members {
                switch member.value {
                case .string(let text): metadata.append(key: member.key, value: .string(text))
                case .number:
                    metadata.append(key: member.key,
                                    value: .number(try decimal(member.value, path: join(metadataPath, member.key))))
                case .bool(let flag): metadata.append(key: member.key, value: .bool(flag))
                case .null, .array, .object:
                    throw fail(join(metadataPath, member.key),
                               .wrongType(expected: "string, number or boolean", found: member.value.kindName))
                }
            }
            return metadata
        }
    }
}
