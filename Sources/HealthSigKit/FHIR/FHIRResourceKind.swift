/// The FHIR resource types healthsig writes, in the order of their NDJSON files.
public enum FHIRResourceKind: String, Sendable, CaseIterable {
    case observation = "Observation"
    case device = "Device"
    case provenance = "Provenance"
    /// Written only when a patient is given (`--patient-…`); the file is then one line.
    case patient = "Patient"

    /// The Bulk Data file name: `Observation.ndjson`.
    public var fileName: String { rawValue + ".ndjson" }
}
