import Foundation
import Testing

/// `--patient-name`, `--patient-birth-date`, `--patient-id` of `report` and `fhir` as commands.
@Suite("healthsig report and fhir --patient-…")
struct PatientOptionTests {
    @Test("fhir without --patient-id warns that the output does not conform to the vital-signs profile; with it, it does not")
    func fhirWarnsWithoutPatientID() throws {
        let workspace = try DeviceWorkspace()
        try workspace.sign()
        let dir = workspace.directory
        let bare = try dir.healthsig(["fhir", "--trust", workspace.publicKeyPath, "--in", "signed.jsonl", "--out", "bare"])
        #expect(bare.status == 0, "\(bare)")
        #expect(bare.stderr.contains("fhir: warning: no --patient-id: the Observations name no patient (subject) and do not conform to the FHIR R4 vital-signs profile"))
        let named = try dir.healthsig(["fhir", "--trust", workspace.publicKeyPath, "--in", "signed.jsonl", "--out", "named",
                                       "--patient-id", "urn:oid:2.16.840.1.113883.2.4.6.3|123456789", "--patient-name", "Jane Doe"])
        #expect(named.status == 0, "\(named)")
        #expect(!named.stderr.contains("warning"))
        #expect(try dir.text("named/Patient.ndjson").contains("\"value\":\"123456789\""))
    }

    @Test("report with a birth date that is no calendar day is a usage error (exit 2) and writes nothing")
    func reportRefusesBadBirthDate() throws {
        let workspace = try DeviceWorkspace()
        try workspace.sign()
        let dir = workspace.directory
        let result = try dir.healthsig(["report", "--trust", workspace.publicKeyPath, "--in", "signed.jsonl", "--out", "report.html",
                                        "--patient-birth-date", "1956-13-01"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--patient-birth-date 1956-13-01: not a day written YYYY-MM-DD"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("report.html")))
    }
}
