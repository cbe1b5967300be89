/// The code systems and identifier namespaces the FHIR output uses (docs/FHIR.md).
public enum FHIRCodeSystems {
    /// LOINC.
    public static let loinc = "http://loinc.org"
    /// UCUM, for `Quantity.system`.
    public static let ucum = "http://unitsofmeasure.org"
    /// HealthKit's type and value identifiers (`HKQuantityTypeIdentifierHeartRate`,
    /// `HKCategoryValueSleepAnalysisAsleepCore`): the second coding of every Observation.
    public static let healthKit = "http://developer.apple.com/documentation/healthkit"
    /// This project's codes for the fields of a workout that become Observation components
    /// (`duration`, `totalEnergyBurned`, `totalDistance`, …): the field names of the workout's
    /// JSON form and record (docs/FORMAT.md), which LOINC codes only in part (docs/FHIR.md).
    public static let workoutField = "urn:healthsig:workout-field"
    /// FHIR's observation categories (`vital-signs`, `laboratory`, `activity`).
    public static let observationCategory = "http://terminology.hl7.org/CodeSystem/observation-category"
    /// Provenance agent roles (`author`, `verifier`).
    public static let provenanceParticipantType = "http://terminology.hl7.org/CodeSystem/provenance-participant-type"
    /// ASTM E1762 signature types (`Provenance.signature.type`).
    public static let signatureType = "urn:iso-astm:E1762-95:2013"
    /// This project's verdict codes (`valid`, `unsigned`, `content-mismatch`, …) in `meta.tag`.
    public static let verdict = "urn:healthsig:verdict"
    /// This project's codes for how a reading was entered (`entered-by-hand`: marked
    /// `HKWasUserEntered` true, typed in by a person, never signed) in `meta.tag`.
    public static let entry = "urn:healthsig:entry"
    /// This project's verification extension (verdict, reason, signer) on a Provenance.
    public static let verificationExtension = "urn:healthsig:fhir:verification"
    /// The namespace of signer key identifiers (RFC 5280 4.2.1.2 method 1, hex).
    public static let signerKeyIdentifier = "urn:healthsig:signer-key-id"
    /// ISO/IEEE 11073-10101 nomenclature: the PHD guide's device types (a gateway's
    /// `MDC_MOC_VMS_MDS_AHD`, application hosting device).
    public static let ieee11073 = "urn:iso:std:iso:11073:10101"
    /// FHIR's extension naming the gateway that forwarded an Observation from its device.
    public static let gatewayDeviceExtension = "http://hl7.org/fhir/StructureDefinition/observation-gatewayDevice"
    /// URIs as identifiers (`urn:uuid:…` of a HealthKit sample UUID).
    public static let uri = "urn:ietf:rfc:3986"
}
