import CryptoBackend
import DER
import HealthSamples
import SampleSigning

/// Resource ids and references. Ids are UUIDs derived from SHA-256 (through CryptoBackend) of
/// what identifies the thing, so exporting the same input twice gives the same ids and a
/// server updates rather than duplicates; bundles refer to entries by `urn:uuid:` URLs, Bulk
/// Data files by `Type/id`.
struct FHIRResourceIDs {
    /// Whether references are `urn:uuid:…` (a Bundle) rather than `Type/id` (NDJSON files).
    let bundled: Bool

    func reference(_ kind: FHIRResourceKind, _ id: String) -> String {
        bundled ? "urn:uuid:" + id : kind.rawValue + "/" + id
    }

    /// The id of a device, from its fields.
    static func device(_ device: Device) -> String {
        uuid("Device", device.fields.map { "\($0.key)=\($0.value)" })
    }

    /// The id of the Observation of a reading, from what it is rather than where it stands
    /// (docs/FHIR.md, "Identifiers"): for a signed reading whose signed record is known, the
    /// signer's key and the SHA-256 of that record (the same reading exported again, from a file
    /// with other lines added or removed, keeps its id), plus for an altered one each alteration
    /// (an altered copy never takes the authentic reading's id); otherwise the verdict and the
    /// record the stored sample makes. Never the line position or the unsigned HealthKit UUID.
    static func observation(presented: Sample, stored: Sample?, verdict: SampleVerdict) -> String {
        let signer = verdict.signer?.keyIdentifier ?? ""
        var parts = [verdict.kind == .valid || verdict.kind == .contentMismatch ? "signed" : "unverified", verdict.kind.rawValue, signer]
        if let record = signedRecordDigest(verdict: verdict, stored: stored) {
            parts.append(record)
        } else {
            parts.append(sampleDigest(stored ?? presented))
            parts.append(stored.flatMap { SampleVerifier.signatureText(of: $0) } ?? "")
        }
        if verdict.kind == .contentMismatch { parts += verdict.mismatches.map(\.description) }
        return uuid("Observation", parts)
    }

    /// SHA-256 (hex) of the signed record: decoded from the verdict, else, for a valid reading
    /// whose verifier kept none (a batch member equal octet for octet), rebuilt from the stored
    /// sample, which then is the signed record.
    static func signedRecordDigest(verdict: SampleVerdict, stored: Sample?) -> String? {
        if let record = verdict.record { return Hex.encode(Digest.sha256(RecordBuilder.encode(record.dictionary))) }
        if verdict.kind == .valid, let stored, let rebuilt = try? RecordBuilder.encodedRecord(for: stored) {
            return Hex.encode(Digest.sha256(rebuilt))
        }
        return nil
    }

    /// SHA-256 (hex) of the record a sample makes (its signable fields), or of its type and
    /// dates when it makes none.
    static func sampleDigest(_ sample: Sample) -> String {
        if let encoded = try? RecordBuilder.encodedRecord(for: sample) { return Hex.encode(Digest.sha256(encoded)) }
        return sample.typeIdentifier + "\n" + sample.startDate.rfc3339String + "\n" + sample.endDate.rfc3339String
    }

    /// The id of the patient: from the identifier when given (the same patient's exports share
    /// it), else from the name and birth date.
    static func patient(_ patient: PatientIdentity) -> String {
        if let identifier = patient.identifier { return uuid("Patient", ["identifier", identifier.system, identifier.value]) }
        return uuid("Patient", ["name", patient.name ?? "", patient.birthDate ?? ""])
    }

    /// The id of the gateway Device of a signing key (docs/FHIR.md, "Gateway"): from the key id
    /// alone, so every reading the key signed names one gateway, whatever device measured it.
    static func gateway(keyIdentifier: String) -> String {
        uuid("GatewayDevice", [keyIdentifier])
    }

    /// The id of the Provenance of an Observation.
    static func provenance(observationID: String) -> String {
        uuid("Provenance", [observationID])
    }

    /// An RFC 4122 version-8 style UUID (variant bits set) from SHA-256 of the parts, each
    /// length-prefixed so that no two lists of parts hash alike.
    static func uuid(_ kind: String, _ parts: [String]) -> String {
        var bytes: [UInt8] = Array("healthsig-fhir/\(kind)".utf8)
        for part in parts {
            bytes += Array("\n\(part.utf8.count):".utf8) + Array(part.utf8)
        }
        var digest = Array(Digest.sha256(bytes).prefix(16))
        digest[6] = (digest[6] & 0x0F) | 0x80
        digest[8] = (digest[8] & 0x3F) | 0x80
        let hex = Hex.encode(digest)
        let h = Array(hex)
        return String(h[0..<8]) + "-" + String(h[8..<12]) + "-" + String(h[12..<16]) + "-" + String(h[16..<20]) + "-" + String(h[20..<32])
    }
}
