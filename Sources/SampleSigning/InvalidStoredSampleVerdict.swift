import HealthSamples

/// The verdict for a signed stored item that is not a valid sample (a start moved past its end,
/// a unit of the wrong dimension, a member of the wrong type …), in JSON or export.xml alike.
///
/// Such an item cannot be compared as a sample, but it need not be `malformed` or unreadable:
/// docs/VERIFY.md checks the signature first (steps 2–3), and a signature that holds names a
/// record that was a valid sample when signed (signing validates), so the stored item differs
/// from it — `content-mismatch`, naming each field whose stored text differs from the signed
/// value (the start that was moved, not the end the validator tripped over). Only when no
/// compared field differs (the reader refused a device string or a metadata key, say) is the
/// field the reader refused named. A signature that does not hold keeps its own verdict.
public enum InvalidStoredSampleVerdict {
    /// The verdict for `fields` (whose ``StoredSampleFields/signatureText`` is the signature;
    /// without one the item is `unsigned`), which the reader refused at `invalidField` because
    /// of `problem`.
    public static func verdict(stored fields: StoredSampleFields, invalidField: String, problem: String,
                               storedForm: StoredForm, verifier: SampleVerifier) -> SampleVerdict {
        guard let signatureText = fields.signatureText else {
            return SampleVerdict(kind: .unsigned, reasonCode: "no-signature",
                                 reason: "the sample has no HKDigitalSignature metadata (and is not a valid sample: \(problem))")
        }
        let record: SignedRecord
        let signer: SignerDescription
        switch verifier.signedRecord(signatureText: signatureText) {
        case .verdict(let verdict): return verdict
        case .record(let r, let s): (record, signer) = (r, s)
        }
        return verdict(stored: fields, invalidField: invalidField, problem: problem, storedForm: storedForm,
                       record: record, signer: signer)
    }

    /// The verdict for `fields` against a trusted `record` (a per-sample signature's, or a batch
    /// member's record in its verified manifest).
    static func verdict(stored fields: StoredSampleFields, invalidField: String, problem: String,
                        storedForm: StoredForm, record: SignedRecord, signer: SignerDescription) -> SampleVerdict {
        var comparator = FieldComparator(form: storedForm)
        comparator.compare(record: record, withStored: fields)
        var mismatches = comparator.mismatches
        if mismatches.isEmpty {
            let field = invalidField.isEmpty ? "sample" : invalidField
            mismatches = [FieldMismatch(field: field, signed: signedText(record, field), stored: storedText(fields, field))]
        }
        let list = mismatches.map(\.description).joined(separator: "; ")
        return SampleVerdict(kind: .contentMismatch, reasonCode: "stored-sample-invalid",
                             reason: "\(list) (the stored sample is not valid: \(problem))",
                             mismatches: mismatches, signer: signer, signedRecord: .decoded(record),
                             unsignedContext: comparator.unsignedContext)
    }

    /// Splits `objects[1].unit` into member index 1 and `unit`.
    static func split(_ field: String) -> (member: Int?, name: String) {
        guard field.hasPrefix("objects["), let close = field.firstIndex(of: "]"),
              let index = Int(field[field.index(field.startIndex, offsetBy: 8)..<close]) else { return (nil, field) }
        let rest = field[field.index(after: close)...]
        return (index, rest.hasPrefix(".") ? String(rest.dropFirst()) : String(rest))
    }

    static func signedText(_ record: SignedRecord, _ field: String) -> String {
        let (member, name) = split(field)
        var target = record
        if let member {
            guard member < record.objects.count else { return FieldComparator.absent }
            target = record.objects[member]
        }
        switch name {
        case "value", "unit": return target.valueText ?? FieldComparator.absent
        case "startDate": return target.startDate.rfc3339String
        case "endDate": return target.endDate.rfc3339String
        case "type": return target.type
        case "objects": return "\(target.objects.count) object(s)"
        case "device": return target.device.map(deviceText) ?? FieldComparator.absent
        case "activityType":
            return target.workout.map { FieldComparator.activityTypeText($0.activityType) } ?? FieldComparator.absent
        case "duration":
            return target.workout.map { DecimalText.format($0.duration) + " s" } ?? FieldComparator.absent
        default:
            if let event = eventField(name), let signed = target.workout?.events {
                guard event.index < signed.count else { return FieldComparator.absent }
                return event.field == "date" ? signed[event.index].date.rfc3339String
                    : WorkoutEventType(rawValue: signed[event.index].type)?.name ?? String(signed[event.index].type)
            }
            guard let total = WorkoutTotal(rawValue: name) else { return "(not shown)" }
            guard let signed = target.workout?.totals[total] else { return FieldComparator.absent }
            return DecimalText.format(signed.value) + " " + signed.unit
        }
    }

    static func storedText(_ fields: StoredSampleFields, _ field: String) -> String {
        let (member, name) = split(field)
        var target = fields
        if let member {
            guard member < fields.objects.count else { return FieldComparator.absent }
            target = fields.objects[member]
        }
        switch name {
        case "value", "unit":
            let text = [target.value, target.unit].compactMap { $0 }.joined(separator: " ")
            return text.isEmpty ? FieldComparator.absent : text
        case "startDate": return target.startDate ?? FieldComparator.absent
        case "endDate": return target.endDate ?? FieldComparator.absent
        case "type": return target.type ?? FieldComparator.absent
        case "objects": return "\(target.objects.count) object(s)"
        default: return target.workoutFields[name] ?? "(not shown)"
        }
    }

    /// `events[2].date` as event 2 and `date`; nil for any other field path.
    static func eventField(_ name: String) -> (index: Int, field: String)? {
        guard name.hasPrefix("events["), let close = name.firstIndex(of: "]"),
              let index = Int(name[name.index(name.startIndex, offsetBy: 7)..<close]) else { return nil }
        let field = String(name[name.index(after: close)...].dropFirst())
        return field == "date" || field == "type" ? (index, field) : nil
    }

    static func deviceText(_ device: Device) -> String {
        [("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
         ("hardware", device.hardwareVersion), ("software", device.softwareVersion)]
            .compactMap { label, value in value.map { "\(label):\($0)" } }.joined(separator: ", ")
    }
}
