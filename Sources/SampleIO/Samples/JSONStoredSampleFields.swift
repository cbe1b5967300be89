import HealthSamples

/// The fields a JSON sample object still states when it does not decode to a valid sample.
///
/// A signed object altered into an invalid sample (start after end, an incompatible unit) is
/// still a sample someone signed, so it goes to the verifier with its fields as written
/// (docs/VERIFY.md); text that is not a JSON object, or an object without a signature, stays an
/// input error.
enum JSONStoredSampleFields {
    /// `error` carrying the fields of `value` when `value` is an object with exactly one
    /// `HKDigitalSignature` string (under either spelling); `error` unchanged otherwise.
    static func attaching(to error: SampleInputError, from value: JSONValue) -> SampleInputError {
        guard case .object(let object) = value, let signature = signatureText(object) else { return error }
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
        return StoredSampleFields(type: text(object["type"]), startDate: text(object["startDate"]),
                                  endDate: text(object["endDate"]), value: text(object["value"]),
                                  unit: text(object["unit"]), objects: objects)
    }

    /// A scalar as written: a string's text, a number's literal; nil for anything else.
    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: return s
        case .number(let n)?: return n.text
        default: return nil
        }
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
