import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// The verdict for a signed export.xml item that is not a valid sample (a unit of the wrong
/// dimension, an end before the start, a member of the wrong type …).
///
/// Such an item cannot be compared field by field, but it need not be `malformed`: docs/VERIFY.md
/// checks the signature first (steps 2–3), and a signature that holds names a record that was
/// valid when signed (signing validates), so the stored item differs from it — a
/// `content-mismatch` on the field the reader rejected ("the stored unit must be compatible,
/// else mismatch"). A signature that does not hold keeps its own verdict.
enum InvalidStoredSampleVerdict {
    static func verdict(item: ExportXMLItem, error: SampleInputError, signatureText: String,
                        verifier: SampleVerifier) -> SampleVerdict {
        let record: SignedRecord
        let signer: SignerDescription
        switch verifier.signedRecord(signatureText: signatureText) {
        case .verdict(let verdict): return verdict
        case .record(let r, let s): (record, signer) = (r, s)
        }
        let field = error.field.isEmpty ? "sample" : error.field
        let mismatch = FieldMismatch(field: field, signed: signedText(record, field), stored: storedText(item, field))
        let problem = ProblemText.inputReasonWithField(error)
        return SampleVerdict(kind: .contentMismatch, reasonCode: "stored-sample-invalid",
                             reason: "\(mismatch) (the stored sample is not valid: \(problem))",
                             mismatches: [mismatch], signer: signer, record: record)
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
            guard member < record.objects.count else { return "(absent)" }
            target = record.objects[member]
        }
        switch name {
        case "value", "unit": return target.valueText ?? "(absent)"
        case "startDate": return target.startDate.rfc3339String
        case "endDate": return target.endDate.rfc3339String
        case "type": return target.type
        case "objects": return "\(target.objects.count) object(s)"
        case "device": return target.device.map(deviceText) ?? "(absent)"
        default: return "(not shown)"
        }
    }

    static func storedText(_ item: ExportXMLItem, _ field: String) -> String {
        let (member, name) = split(field)
        var target = item
        if let member {
            guard member < item.records.count else { return "(absent)" }
            target = item.records[member]
        }
        switch name {
        case "value", "unit":
            return [target.attribute("value"), target.attribute("unit")].compactMap { $0 }.joined(separator: " ")
        case "startDate", "endDate", "type", "device":
            return target.attribute(name) ?? "(absent)"
        case "objects":
            return "\(target.records.count) object(s)"
        default:
            return "(not shown)"
        }
    }

    static func deviceText(_ device: Device) -> String {
        [("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
         ("hardware", device.hardwareVersion), ("software", device.softwareVersion)]
            .compactMap { label, value in value.map { "\(label):\($0)" } }.joined(separator: ", ")
    }
}
