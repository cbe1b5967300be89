import Foundation
import HealthSamples
import Testing

@testable import SampleSigning

/// A signed stored item that is not a valid sample is judged against its signature: each field
/// whose stored text differs from the signed value is named (docs/VERIFY.md).
@Suite("Invalid stored sample verdict")
struct InvalidStoredSampleVerdictTests {
    /// The fields of a signed heart rate 72 count/min at 08:00Z (start = end), as written in `form`.
    static func heartRateFields(_ form: StoredForm, start: String? = nil, end: String? = nil, value: String = "72",
                                unit: String = "count/min") throws -> StoredSampleFields {
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        let morning = form == .json ? Fixtures.morning : "2026-11-21 09:00:00 +0100"
        return StoredSampleFields(type: "HKQuantityTypeIdentifierHeartRate", startDate: start ?? morning,
                                  endDate: end ?? morning, value: value, unit: unit,
                                  signatureText: try Fixtures.signatureText(signed))
    }

    static func verdict(_ fields: StoredSampleFields, _ form: StoredForm, invalidField: String) throws -> SampleVerdict {
        InvalidStoredSampleVerdict.verdict(stored: fields, invalidField: invalidField, problem: "test problem",
                                           storedForm: form, verifier: try Fixtures.verifier())
    }

    @Test("a start moved past the end is reported as startDate, not as the endDate the validator names",
          arguments: [StoredForm.json, .healthExport])
    func startMovedPastEnd(form: StoredForm) throws {
        let later = form == .json ? "2026-11-21T08:30:00Z" : "2026-11-21 09:30:00 +0100"
        let verdict = try Self.verdict(try Self.heartRateFields(form, start: later), form, invalidField: "endDate")
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.reasonCode == "stored-sample-invalid")
        #expect(verdict.mismatches.map(\.field) == ["startDate"])
        #expect(verdict.mismatches.first?.signed == "2026-11-21T08:00:00Z")
        // The stored instant as every date mismatch shows it (RFC 3339, the stored offset kept).
        #expect(verdict.mismatches.first?.stored == (form == .json ? later : "2026-11-21T09:30:00+01:00"))
        #expect(verdict.signer != nil)
    }

    @Test("an end moved before the start is reported as endDate")
    func endMovedBeforeStart() throws {
        let verdict = try Self.verdict(try Self.heartRateFields(.json, end: "2026-11-21T07:00:00Z"), .json, invalidField: "endDate")
        #expect(verdict.mismatches.map(\.field) == ["endDate"])
    }

    @Test("an incompatible unit is reported as unit; a value changed as well is not hidden by it")
    func incompatibleUnit() throws {
        let verdict = try Self.verdict(try Self.heartRateFields(.json, unit: "kg"), .json, invalidField: "unit")
        #expect(verdict.mismatches.map(\.description) == ["unit: signed 72 count/min, stored 72 kg"])
        let both = try Self.verdict(try Self.heartRateFields(.json, start: "2026-11-21T08:30:00Z", value: "75"), .json,
                                    invalidField: "endDate")
        #expect(both.mismatches.map(\.field) == ["startDate", "value"])
    }

    @Test("device and metadata altered along with the dates are named too")
    func deviceAndMetadataToo() throws {
        let key = try Fixtures.deviceKey()
        let signed = try Fixtures.signed(try Fixtures.heartRate(device: Fixtures.fullDevice, metadata: Fixtures.deviceMetadata), key: key)
        var device = Fixtures.fullDevice
        device.model = "BP-201"
        var metadata = Fixtures.deviceMetadata
        metadata.append(key: "HKExternalUUID", value: .string("added"))
        let fields = StoredSampleFields(type: "HKQuantityTypeIdentifierHeartRate", startDate: "2026-11-21T08:30:00Z",
                                        endDate: Fixtures.morning, value: "72", unit: "count/min", device: device,
                                        metadata: metadata, signatureText: try Fixtures.signatureText(signed))
        let verdict = try Self.verdict(fields, .json, invalidField: "endDate")
        #expect(verdict.mismatches.map(\.field) == ["startDate", "device.model", "metadata.HKExternalUUID"])
    }

    @Test("when no compared field differs, the field the reader refused is named")
    func fallsBackToRefusedField() throws {
        let verdict = try Self.verdict(try Self.heartRateFields(.json), .json, invalidField: "device.name")
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches.map(\.field) == ["device.name"])
    }

    @Test("a signature that does not hold keeps its verdict; no signature is unsigned")
    func signatureVerdictsFirst() throws {
        var fields = try Self.heartRateFields(.json, start: "2026-11-21T08:30:00Z")
        fields.signatureText = "not base64!"
        #expect(try Self.verdict(fields, .json, invalidField: "endDate").kind == .malformed)
        fields.signatureText = nil
        #expect(try Self.verdict(fields, .json, invalidField: "endDate").kind == .unsigned)
    }

    @Test("field paths of correlation members are split into member index and field")
    func memberPaths() {
        #expect(InvalidStoredSampleVerdict.split("objects[1].unit") == (1, "unit"))
        #expect(InvalidStoredSampleVerdict.split("objects[12].startDate") == (12, "startDate"))
        #expect(InvalidStoredSampleVerdict.split("unit") == (nil, "unit"))
        #expect(InvalidStoredSampleVerdict.split("objects") == (nil, "objects"))
        #expect(InvalidStoredSampleVerdict.split("objects[x].unit") == (nil, "objects[x].unit"))
    }
}
