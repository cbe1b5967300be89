import Foundation
@testable import HealthSigKit
import Testing

/// The patient given on the command line: in the report's header and every printed page, and
/// as FHIR's Patient that every Observation and Device names.
@Suite("Patient identity in the report and FHIR")
struct PatientIdentityTests {
    typealias Fixture = VerifyRunTests.Fixture

    static let jane = try! PatientIdentity.from(name: "Jane <b>Doe</b>", birthDate: "1956-03-14",
                                                identifier: "urn:oid:2.16.840.1.113883.2.4.6.3|123456789")

    @Test("a birth date that is not a calendar day and an identifier without a URI system are usage errors naming the option")
    func malformedOptionsRefused() throws {
        for (birth, id, message) in [
            ("1956-02-30", nil, "--patient-birth-date 1956-02-30: not a day written YYYY-MM-DD"),
            ("14/03/1956", nil, "--patient-birth-date 14/03/1956: not a day written YYYY-MM-DD"),
            (nil, "123456789", "--patient-id 123456789: expected SYSTEM|VALUE with a URI system, e.g. urn:oid:2.16.840.1.113883.2.4.6.3|123456789"),
            (nil, "urn:oid:1.2|", "--patient-id urn:oid:1.2|: expected SYSTEM|VALUE with a URI system, e.g. urn:oid:2.16.840.1.113883.2.4.6.3|123456789"),
        ] as [(String?, String?, String)] {
            let error = #expect(throws: ToolError.self) { _ = try PatientIdentity.from(name: nil, birthDate: birth, identifier: id) }
            #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        }
        #expect(try PatientIdentity.from(name: nil, birthDate: "2024-02-29", identifier: nil)?.birthDate == "2024-02-29")
        #expect(try PatientIdentity.from(name: nil, birthDate: nil, identifier: nil) == nil)
    }

    @Test("the report names the patient under the title, escaped and marked as given, and in every printed page's margin as CSS escapes")
    func reportHeader() throws {
        let fixture = try Fixture()
        let output = fixture.path("report.html")
        try ClinicianReport.run(inputPath: fixture.path("signed.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1,
                                outputPath: output, options: ClinicianReport.Options(patient: Self.jane))
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.contains("<p class=\"patient\" id=\"patient\"><strong>Patient:</strong> Jane &lt;b&gt;Doe&lt;/b&gt;, born 1956-03-14, urn:oid:2.16.840.1.113883.2.4.6.3|123456789 <span class=\"note\">(as given to healthsig report; no signature names a patient)</span></p>"))
        #expect(!html.contains("<b>Doe"))
        #expect(html.contains("@top-left { content: \"Verification of health readings \\2014  Jane \\3c b\\3e Doe"))
        #expect(html.contains("@bottom-right { content: \"Page \" counter(page) \" of \" counter(pages);"))
        #expect(ReportPage.cssString("a\"}</style>\u{202E}") == "\"a\\22 \\7d \\3c \\2f style\\3e \\27e8 \\55 \\2b \\32 \\30 \\32 \\45 \\27e9 \"")
    }

    @Test("FHIR writes one Patient that every Observation's subject and every Device's patient names")
    func fhirPatient() throws {
        let fixture = try Fixture()
        let directory = fixture.path("fhir-patient")
        _ = try FHIRExport.run(inputPath: fixture.path("signed.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1,
                               destination: .bulkData(directory: directory), patient: Self.jane)
        func resources(_ kind: FHIRResourceKind) throws -> [[String: Any]] {
            try String(contentsOfFile: (directory as NSString).appendingPathComponent(kind.fileName), encoding: .utf8)
                .split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        }
        let patients = try resources(.patient)
        #expect(patients.count == 1)
        let patient = try #require(patients.first)
        let id = try #require(patient["id"] as? String)
        #expect(patient["birthDate"] as? String == "1956-03-14")
        #expect(((patient["identifier"] as? [[String: Any]])?.first?["value"] as? String) == "123456789")
        #expect(((patient["name"] as? [[String: Any]])?.first?["text"] as? String) == "Jane <b>Doe</b>")
        let observations = try resources(.observation)
        #expect(observations.count == 8)
        #expect(observations.allSatisfy { ($0["subject"] as? [String: Any])?["reference"] as? String == "Patient/" + id })
        #expect(try resources(.device).allSatisfy { ($0["patient"] as? [String: Any])?["reference"] as? String == "Patient/" + id })
        // Without a patient the file is empty and nothing names one.
        let bare = fixture.path("fhir-bare")
        _ = try FHIRExport.run(inputPath: fixture.path("signed.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1,
                               destination: .bulkData(directory: bare))
        #expect(try String(contentsOfFile: (bare as NSString).appendingPathComponent("Patient.ndjson"), encoding: .utf8).isEmpty)
    }
}

/// Every printed page of the report names the patient and its number.
@Suite("Clinician report printed with a patient",
       .enabled(if: Chromium.path != nil, "Chromium is not installed (scripts/install-deps installs chromium-headless-shell)"))
struct PatientPrintedPagesTests {
    @Test("each printed page carries the patient's name at its top and 'Page N of M' at its bottom")
    func everyPageNamesThePatient() throws {
        let fixture = try VerifyRunTests.Fixture()
        let output = fixture.path("report.html")
        let jane = try #require(try PatientIdentity.from(name: "Jane Doe", birthDate: "1956-03-14", identifier: nil))
        try ClinicianReport.run(inputPath: fixture.path("signed.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1,
                                outputPath: output, options: ClinicianReport.Options(patient: jane))
        let pdf = fixture.path("report.pdf")
        _ = try Chromium.run(["--no-pdf-header-footer", "--print-to-pdf=" + pdf], page: output, in: fixture.directory)
        let pages = try Command.run("pdftotext", ["-layout", pdf, "-"]).split(separator: "\u{0C}").filter {
            !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        #expect(pages.count >= 3)
        for (index, page) in pages.enumerated() {
            #expect(page.contains("Jane Doe, born 1956-03-14"), "page \(index + 1)")
            #expect(page.contains("Page \(index + 1) of \(pages.count)"), "page \(index + 1)")
        }
    }
}
