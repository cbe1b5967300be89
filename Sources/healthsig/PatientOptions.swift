import ArgumentParser
import HealthSigKit

/// `--patient-name`, `--patient-birth-date`, `--patient-id SYSTEM|VALUE` of `report` and `fhir`.
struct PatientOptions: ParsableArguments {
    @Option(help: "The patient's name, shown in the report's header and on every printed page, and FHIR's Patient.name.") var patientName: String?
    @Option(help: "The patient's birth date, YYYY-MM-DD.") var patientBirthDate: String?
    @Option(help: "The patient's identifier as SYSTEM|VALUE (a URI system, e.g. urn:oid:2.16.840.1.113883.2.4.6.3|123456789): FHIR's Patient.identifier, which every Observation's subject names.")
    var patientId: String?

    /// The patient the options describe, or nil when none is given; a malformed one is a usage error.
    func identity() throws(ToolError) -> PatientIdentity? {
        try PatientIdentity.from(name: patientName, birthDate: patientBirthDate, identifier: patientId)
    }
}
