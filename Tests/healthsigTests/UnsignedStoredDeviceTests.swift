import Foundation
import Testing

/// A reading signed without a device, stored in export.xml beside a device string nobody signed:
/// the reading is authentic, the device is not, and no output presents it as the signer's.
@Suite struct UnsignedStoredDeviceTests {
    static let reading = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#

    /// The signed reading in export.xml with a forged device string stored beside it.
    static func export(_ signature: String) -> String {
        ExportXMLFixture.version14Header + """

        <HealthData locale="en_US">
         <ExportDate value="2026-11-22 09:00:00 +0000"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Phone" device="&lt;&lt;HKDevice: 0x6000&gt;, name:Forged Monitor, manufacturer:Forger Inc&gt;" unit="count/min" startDate="2026-11-21 08:00:00 +0000" endDate="2026-11-21 08:00:00 +0000" value="72">
          <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
         </Record>
        </HealthData>

        """
    }

    static func setup() throws -> DeviceWorkspace {
        let ws = try DeviceWorkspace()
        try ws.directory.write("reading.jsonl", reading + "\n")
        try ws.sign("reading.jsonl", to: "signed.jsonl")
        try ws.directory.write("export.xml", export(try ws.signatures()[0]))
        return ws
    }

    @Test func verifyNotesAStoredDeviceTheSignatureDoesNotCoverAsUnsignedContext() throws {
        let ws = try Self.setup()
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml", "--format", "json"])
        #expect(result.status == 0, "\(result)")
        let sample = try #require(try Report.samples(try Report.object(result.stdout)).first)
        #expect(sample["verdict"] as? String == "valid")
        #expect(sample["notes"] as? [String] == ["device name=Forged Monitor, manufacturer=Forger Inc is stored but not signed (unsigned context)"])
        let table = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml", "--format", "table"])
        #expect(table.stdout.contains("device Forged Monitor (unsigned context)"), "\(table.stdout)")
    }

    @Test func theReportLabelsTheDeviceRowOfSuchReadingsAsUnsignedContext() throws {
        let ws = try Self.setup()
        let result = try ws.directory.healthsig(["report", "--trust", ws.publicKeyPath, "--in", "export.xml", "--out", "report.html"])
        #expect(result.status == 0, "\(result)")
        let html = try ws.directory.text("report.html")
        #expect(html.contains("<tr><td>Forged Monitor<br><span class=\"note\">unsigned context: stored with authentic readings, not covered by their signature</span></td>"))
    }

    @Test func fhirNamesTheSignerByItsKeyAndLabelsTheObservationsDevice() throws {
        let ws = try Self.setup()
        let result = try ws.directory.healthsig(["fhir", "--trust", ws.publicKeyPath, "--in", "export.xml", "--out", "fhir"])
        #expect(result.status == 0, "\(result)")
        func resources(_ name: String) throws -> [[String: Any]] {
            try ws.directory.text("fhir/\(name).ndjson").split(separator: "\n").map { try Report.object(String($0)) }
        }
        let provenance = try #require(try resources("Provenance").first)
        let author = try #require((provenance["agent"] as? [[String: Any]])?.first?["who"] as? [String: Any])
        #expect(author["reference"] == nil)
        #expect(author["display"] as? String == "device key \(ws.keyID)")
        let signatureWho = (provenance["signature"] as? [[String: Any]])?.first?["who"] as? [String: Any]
        #expect(signatureWho?["reference"] == nil)
        let observation = try #require(try resources("Observation").first)
        let device = try #require(observation["device"] as? [String: Any])
        #expect(device["display"] as? String == "unsigned context: stored with the reading, not covered by its signature")
    }
}
