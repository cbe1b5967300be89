import HealthSamples

/// The fields a JSON sample object still states when it does not decode to a valid sample.
///
/// A signed object altered into an invalid sample (start after end, an incompatible unit) is
/// still a sample someone signed, so it goes to the verifier with its fields as written
/// (docs/VERIFY.md); text that is not a JSON object, or an object without a signature, stays an
/// input error.
enum JSONStoredSampleFields {
    /// `error` carrying the fields of `value` when `value` is an object with exactly one
    /// `HKDigitalSignature` string (under either spelling), or a batch signature's metadata
    /// (``BatchSignatureKeys``); `error` unchanged otherwise.
    static func attaching(to error: SampleInputError, from value: JSONValue) -> SampleInputError {
        guard case .object(let object) = value else { return error }
        let signature = signatureText(object)
        guard signature != nil || refersToBatch(object) else { return error }
        var fields = fields(of: object)
        fields.signatureText = signature
        var error = error
        error.storedFields = fields
        return error
    }

    static func fields(of object: JSONObject) -> StoredSampleFields {
        var objects: [StoredSampleFields] = []
        if case .array(let items)? = object["objects"] {
            for case .object(let member) in items { objects.append(fields(of: member)) }
        }
        var fields = StoredSampleFields(type: text(object["type"]), startDate: text(object["startDate"]),
                                        endDate: text(object["endDate"]), value: text(object["value"]),
                                        unit: text(object["unit"]), device: device(object["device"]),
                                        metadata: metadata(object["metadata"]), objects: objects)
        if text(object["type"]) == Workout.typeIdentifier {
            fields.workoutFields["activityType"] = text(object["activityType"])
            fields.workoutFields["duration"] = text(object["duration"]).map { $0 + " s" } ?? quantity(object["duration"])
            for total in WorkoutTotal.allCases { fields.workoutFields[total.fieldName] = quantity(object[total.fieldName]) }
            if case .array(let events)? = object["events"] {
                for (index, event) in events.enumerated() {
                    guard case .object(let fieldsOfEvent) = event else { continue }
                    fields.workoutFields["events[\(index)].type"] = text(fieldsOfEvent["type"])
                    fields.workoutFields["events[\(index)].date"] = text(fieldsOfEvent["date"])
                }
            }
        }
        return fields
    }

    /// A `{"value":…,"unit":…}` object as "value unit"; nil for anything else.
    static func quantity(_ value: JSONValue?) -> String? {
        guard case .object(let object)? = value, let number = text(object["value"]) else { return nil }
        return [number, text(object["unit"])].compactMap { $0 }.joined(separator: " ")
    }

    /// The device fields that are strings; nil when there is no device object.
    static func device(_ value: JSONValue?) -> Device? {
        guard case .object(let fields)? = value else { return nil }
        var device = Device()
        for member in fields.members where Device.fieldNames.contains(member.key) {
            if case .string(let text) = member.value { device[field: member.key] = text }
        }
        return device
    }

    /// The metadata entries whose values are strings, exact numbers or booleans.
    static func metadata(_ value: JSONValue?) -> Metadata {
        var metadata = Metadata()
        guard case .object(let entries)? = value else { return metadata }
        for member in entries.members {
            switch member.value {
            case .string(let text): metadata.append(key: member.key, value: .string(text))
            case .number(let number):
                if let decimal = try? number.decimal() { metadata.append(key: member.key, value: .number(decimal)) }
            case .bool(let flag): metadata.append(key: member.key, value: .bool(flag))
            case .null, .array, .object: continue
            }
        }
        return metadata
    }

    /// A scalar as written: a string's text, a number's literal; nil for anything else.
    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: return s
        case .number(let n)?: return n.text
        default: return nil
        }
    }

    /// Whether the object's metadata holds a batch reference or batch signature.
    static func refersToBatch(_ object: JSONObject) -> Bool {
        guard case .object(let metadata)? = object["metadata"] else { return false }
        return metadata.members.contains { BatchSignatureKeys.contains($0.key) }
    }

    /// The one signature string of the object's metadata; nil when there is none, or two (under
    /// both spellings: which one would be the signature is then unknowable), or it is not a string.
    static func signatureText(_ object: JSONObject) -> String? {
        guard case .object(let metadata)? = object["metadata"] else { return nil }
        let signatureName = MetadataKey.digitalSignature.storedName
        let entries = metadata.members.filter { MetadataKey.storedName(for: $0.key) == signatureName }
        guard entries.count == 1, case .string(let text) = entries[0].value else { return nil }
        return text
    }
}
