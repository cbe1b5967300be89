import HealthSamples
import Testing

@testable import SampleIO

/// A signed item that is not a valid sample is handed to the verifier with its fields as
/// written; text that is not a sample object, or an unsigned item, is not.
@Suite("Fields of signed invalid samples")
struct SignedInvalidSampleFieldsTests {
    static let startAfterEnd = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72.0,"unit":"count/min","startDate":"2026-11-21T08:30:00Z","endDate":"2026-11-21T08:00:00Z","metadata":{"HKDigitalSignature":"MAo="}}"#

    static func failure(_ text: String) throws -> SampleInputError? {
        let reader = JSONSampleReader(source: MemoryChunkSource(text + "\n"))
        guard case .failure(let error)? = try reader.next() else { return nil }
        return error
    }

    @Test("a signed JSON line with its start after its end carries its fields as written")
    func signedJSONLine() throws {
        let error = try #require(try Self.failure(Self.startAfterEnd))
        #expect(error.field == "endDate")
        #expect(error.position == 1)
        #expect(error.storedFields == StoredSampleFields(
            type: "HKQuantityTypeIdentifierHeartRate", startDate: "2026-11-21T08:30:00Z", endDate: "2026-11-21T08:00:00Z",
            value: "72.0", unit: "count/min", metadata: ["HKDigitalSignature": .string("MAo=")], signatureText: "MAo="))
    }

    @Test("device and metadata are handed over as far as they can be read")
    func deviceAndMetadata() throws {
        let text = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"kg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":{"name":"Acme","model":7,"colour":"red"},"metadata":{"HKTimeZone":"Europe/Paris","HKDeviceSerialNumber":12,"HKWasUserEntered":true,"x":null,"HKDigitalSignature":"MAo="}}"#
        let fields = try #require(try Self.failure(text)?.storedFields)
        #expect(fields.device == Device(name: "Acme"))
        #expect(fields.metadata.entries.map(\.key) == ["HKTimeZone", "HKDeviceSerialNumber", "HKWasUserEntered", "HKDigitalSignature"])
        #expect(fields.metadata["HKDeviceSerialNumber"] == .number(12))
    }

    @Test("a signed correlation carries its members' fields; the SDK spelling of the signature counts")
    func signedCorrelation() throws {
        let text = #"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":120,"unit":"kg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}],"metadata":{"HKMetadataKeyDigitalSignature":"MAo="}}"#
        let fields = try #require(try Self.failure(text)?.storedFields)
        #expect(fields.signatureText == "MAo=")
        #expect(fields.objects.map(\.unit) == ["kg"])
        #expect(fields.objects.map(\.value) == ["120"])
    }

    @Test("no fields for an unsigned item, a signature given twice, or text that is no sample object",
          arguments: [
            #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"kg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
            #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"kg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","metadata":{"HKDigitalSignature":"MAo=","HKMetadataKeyDigitalSignature":"MAo="}}"#,
            #"[1,2]"#,
            #"{"metadata":{"HKDigitalSignature":7}}"#,
          ])
    func notHandedOver(text: String) throws {
        let error = try #require(try Self.failure(text))
        #expect(error.storedFields == nil)
    }

    @Test("a signed export.xml item that is not a valid sample carries its fields as written")
    func signedExportItem() throws {
        let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="x" unit="count/min" startDate="2026-11-21 09:30:00 +0100" endDate="2026-11-21 09:00:00 +0100" value="72">
          <MetadataEntry key="HKDigitalSignature" value="MAo="/>
         </Record>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="x" unit="count/min" startDate="2026-11-21 09:30:00 +0100" endDate="2026-11-21 09:00:00 +0100" value="72"/>
        </HealthData>
        """
        let reader = ExportSampleReader(source: MemoryChunkSource(document))
        guard case .invalid(_, let signed)? = try reader.next(), case .invalid(_, let unsigned)? = try reader.next() else {
            Issue.record("expected two invalid items")
            return
        }
        #expect(signed.storedFields == StoredSampleFields(
            type: "HKQuantityTypeIdentifierHeartRate", startDate: "2026-11-21 09:30:00 +0100", endDate: "2026-11-21 09:00:00 +0100",
            value: "72", unit: "count/min", metadata: ["HKDigitalSignature": .string("MAo=")], signatureText: "MAo="))
        #expect(unsigned.storedFields == nil)
    }
}
