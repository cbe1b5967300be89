import CryptoBackend
import DER
import HealthSamples

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

    /// The id of the Observation of the sample at `position`: its HealthKit UUID (when it has
    /// one), type and start date, and its position, so two samples of one input never share it.
    static func observation(position: Int, sample: Sample) -> String {
        uuid("Observation", [String(position), sample.uuid ?? "", sample.typeIdentifier, sample.startDate.rfc3339String])
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
