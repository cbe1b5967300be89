import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// docs/FORMAT.md's key table decides which keys a record of each kind holds; a key of the format
/// the table does not give to the kind is signed content no comparison would look at, so the
/// record is refused, never reported valid with the key dropped. Signed metadata keeps its
/// metadata type, and an empty device dictionary is no device.
@Suite("Record keys per kind")
struct RecordKeysPerKindTests {
    /// The verdict on `stored` carrying a signature over its own record changed by `change`.
    static func verdict(_ stored: Sample, _ change: (inout RecordDictionary) -> Void) throws -> SampleVerdict {
        var dictionary = try RecordBuilder.record(for: stored)
        change(&dictionary)
        let text = try Fixtures.signRecordBytes(RecordBuilder.encode(dictionary))
        return try Fixtures.verify(Fixtures.storing(signature: text, on: stored))
    }

    static func expectRefused(_ verdict: SampleVerdict, code: String, key: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(verdict.kind == .malformed, "\(verdict.reason)", sourceLocation: sourceLocation)
        #expect(verdict.reasonCode == "record-" + code, "\(verdict.reason)", sourceLocation: sourceLocation)
        #expect(verdict.reason.contains("'\(key)'"), "\(verdict.reason)", sourceLocation: sourceLocation)
    }

    @Test("a category record carrying a signed unit u is refused")
    func categoryWithUnit() throws {
        let verdict = try Self.verdict(try Fixtures.sleep()) { $0[RecordKeys.unit] = .string("count") }
        Self.expectRefused(verdict, code: "key-not-allowed", key: "u")
    }

    @Test("a quantity record carrying correlation objects o is refused")
    func quantityWithObjects() throws {
        let verdict = try Self.verdict(try Fixtures.heartRate()) { $0[RecordKeys.objects] = .array([]) }
        Self.expectRefused(verdict, code: "key-not-allowed", key: "o")
    }

    @Test("a correlation record carrying a value v or unit u is refused", arguments: ["v", "u"])
    func correlationWithValue(key: String) throws {
        let verdict = try Self.verdict(try Fixtures.bloodPressure()) {
            $0[key] = key == "v" ? .real(DERReal.zero) : .string("mmHg")
        }
        Self.expectRefused(verdict, code: "key-not-allowed", key: key)
    }

    @Test("a correlation object carrying its own format version fv is refused")
    func objectWithFormatVersion() throws {
        let verdict = try Self.verdict(try Fixtures.bloodPressure()) {
            guard case .array(var objects)? = $0[RecordKeys.objects], case .dictionary(var first) = objects[0] else { return }
            first[RecordKeys.formatVersion] = .integer(DERInteger(1))
            objects[0] = .dictionary(first)
            $0[RecordKeys.objects] = .array(objects)
        }
        Self.expectRefused(verdict, code: "key-not-allowed", key: "o[0].fv")
    }

    @Test("a key the format does not define stays a note")
    func unknownKeyIsNoted() throws {
        let verdict = try Self.verdict(try Fixtures.sleep()) { $0["x"] = .string("future") }
        #expect(verdict.kind == .valid)
        #expect(verdict.notes.contains { $0.contains("'x'") })
    }

    @Test("signed metadata of a type metadata cannot have is refused",
          arguments: [RecordValue.integer(DERInteger(1)), .data([0x01]), .array([.string("Europe/Paris")]),
                      .dictionary(RecordDictionary())])
    func metadataValueTypes(value: RecordValue) throws {
        let stored = try Fixtures.heartRate(metadata: ["HKTimeZone": .string("Europe/Paris")])
        let verdict = try Self.verdict(stored) {
            var metadata = RecordDictionary()
            metadata["HKTimeZone"] = value
            $0[RecordKeys.metadata] = .dictionary(metadata)
        }
        Self.expectRefused(verdict, code: "wrong-type", key: "m.HKTimeZone")
    }

    @Test("signed metadata as string, number, date and boolean stays valid")
    func metadataValueTypesAccepted() throws {
        let stored = try Fixtures.heartRate(metadata: [
            "HKTimeZone": .string("Europe/Paris"), "HKDeviceSerialNumber": .number(12345),
            "HKExternalUUID": .bool(true), "HKUDIProductionIdentifier": .date(try Fixtures.date(Fixtures.morning)),
        ])
        #expect(try Fixtures.verify(try Fixtures.signed(stored)).kind == .valid)
    }

    @Test("an empty device dictionary d is no device, as \"device\": {} is", arguments: [true, false])
    func emptyDevice(storedWithEmptyDevice: Bool) throws {
        let stored = try Fixtures.heartRate(device: storedWithEmptyDevice ? Device() : nil)
        let verdict = try Self.verdict(stored) { $0[RecordKeys.device] = .dictionary(RecordDictionary()) }
        #expect(verdict.kind == .valid, "\(verdict.reason)")
        // The signer writes no `d` at all for such a sample.
        #expect(try RecordBuilder.record(for: stored)[RecordKeys.device] == nil)
    }
}
