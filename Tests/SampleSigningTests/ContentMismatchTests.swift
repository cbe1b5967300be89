import Foundation
import HealthSamples
import SampleSigning
import Testing

/// A valid signature beside a stored sample that differs from what was signed: one test per
/// field, each asserting the exact mismatch (field, signed text, stored text).
@Suite("Content mismatch")
struct ContentMismatchTests {
    /// Asserts `verdict` is content-mismatch with exactly `expected`.
    static func expectMismatch(_ verdict: SampleVerdict, _ expected: [FieldMismatch],
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(verdict.kind == .contentMismatch, "\(verdict.reasonCode): \(verdict.reason)", sourceLocation: sourceLocation)
        #expect(verdict.reasonCode == "fields-differ", sourceLocation: sourceLocation)
        #expect(verdict.isFailure, sourceLocation: sourceLocation)
        #expect(verdict.mismatches == expected, sourceLocation: sourceLocation)
        #expect(verdict.reason == expected.map(\.description).joined(separator: "; "), sourceLocation: sourceLocation)
        // The signature itself was fine: the signer and the record are reported.
        #expect(verdict.signer != nil, sourceLocation: sourceLocation)
        #expect(verdict.record != nil, sourceLocation: sourceLocation)
    }

    static func mismatch(_ field: String, _ signed: String, _ stored: String) -> FieldMismatch {
        FieldMismatch(field: field, signed: signed, stored: stored)
    }

    // MARK: - Value, unit, type, dates

    @Test("value: signed 120 mmHg, stored 110 mmHg")
    func value() throws {
        let sample = try Fixtures.quantity(.bloodPressureSystolic, "120", "mmHg")
        let verdict = try Fixtures.tamper(sample) { stored in
            try stored.editQuantity { $0.quantity = try Fixtures.quantity("110", "mmHg") }
        }
        Self.expectMismatch(verdict, [Self.mismatch("value", "120 mmHg", "110 mmHg")])
        #expect(verdict.reason == "value: signed 120 mmHg, stored 110 mmHg")
    }

    @Test("value of a category sample")
    func categoryValue() throws {
        let verdict = try Fixtures.tamper(try Fixtures.sleep(value: 0)) { stored in
            try stored.editCategory { $0.value = 1 }
        }
        Self.expectMismatch(verdict, [Self.mismatch("value", "0", "1")])
    }

    @Test("unit changed to an incompatible unit", arguments: ["count", "mmHg", "degC"])
    func incompatibleUnit(unit: String) throws {
        let verdict = try Fixtures.tamper(try Fixtures.heartRate()) { stored in
            try stored.editQuantity { $0.quantity = try Fixtures.quantity("72", unit) }
        }
        Self.expectMismatch(verdict, [Self.mismatch("unit", "count/min", unit)])
    }

    @Test("unit changed to a compatible unit with the same number: a value mismatch")
    func compatibleUnit() throws {
        // 72 count/s is 4320 count/min.
        let verdict = try Fixtures.tamper(try Fixtures.heartRate()) { stored in
            try stored.editQuantity { $0.quantity = try Fixtures.quantity("72", "count/s") }
        }
        Self.expectMismatch(verdict, [Self.mismatch("value", "72 count/min", "72 count/s")])
    }

    @Test("startDate and endDate")
    func dates() throws {
        let sample = try Fixtures.quantity(.heartRate, "72", "count/min", start: "2026-11-21T08:00:00Z",
                                           end: "2026-11-21T08:01:00Z")
        let start = try Fixtures.tamper(sample) { stored in
            try stored.editQuantity { $0.startDate = try Fixtures.date("2026-11-21T07:59:00Z") }
        }
        Self.expectMismatch(start, [Self.mismatch("startDate", "2026-11-21T08:00:00Z", "2026-11-21T07:59:00Z")])
        let end = try Fixtures.tamper(sample) { stored in
            try stored.editQuantity { $0.endDate = try Fixtures.date("2026-11-21T09:01:00+01:00") }
        }
        // 09:01+01:00 is the signed instant: offsets do not matter.
        #expect(end.kind == .valid)
        let moved = try Fixtures.tamper(sample) { stored in
            try stored.editQuantity { $0.endDate = try Fixtures.date("2026-11-21T08:02:00+01:00") }
        }
        // The stored date is shown as it was written.
        Self.expectMismatch(moved, [Self.mismatch("endDate", "2026-11-21T08:01:00Z", "2026-11-21T08:02:00+01:00")])
    }

    @Test("type")
    func type() throws {
        let verdict = try Fixtures.tamper(try Fixtures.heartRate()) { stored in
            try stored.editQuantity { $0.type = .restingHeartRate }
        }
        Self.expectMismatch(verdict, [Self.mismatch("type", "HKQuantityTypeIdentifierHeartRate",
                                                    "HKQuantityTypeIdentifierRestingHeartRate")])
    }

    // MARK: - Device

    @Test("each device field", arguments: Device.fieldNames)
    func deviceField(field: String) throws {
        let sample = try Fixtures.heartRate(device: Fixtures.fullDevice)
        let signedValue = try #require(Fixtures.fullDevice[field: field])
        let changed = try Fixtures.tamper(sample) { stored in
            stored.editableDevice?[field: field] = signedValue + "-X"
        }
        Self.expectMismatch(changed, [Self.mismatch("device.\(field)", signedValue, signedValue + "-X")])

        // In JSON every device field is stored, so a missing one is a mismatch too.
        let removed = try Fixtures.tamper(sample) { stored in
            stored.editableDevice?[field: field] = nil
        }
        Self.expectMismatch(removed, [Self.mismatch("device.\(field)", signedValue, "(absent)")])

        // A field the device did not sign but the stored sample has.
        let unsignedDevice = try Fixtures.heartRate(device: field == "name" ? Device(model: "HR-1") : Device(name: "Acme HR"))
        let added = try Fixtures.tamper(unsignedDevice) { stored in
            stored.editableDevice?[field: field] = "extra"
        }
        Self.expectMismatch(added, [Self.mismatch("device.\(field)", "(absent)", "extra")])
    }

    @Test("device removed, device added")
    func deviceRemovedOrAdded() throws {
        let removed = try Fixtures.tamper(try Fixtures.heartRate(device: Device(name: "Acme HR", model: "HR-1"))) { stored in
            stored.editableDevice = nil
        }
        Self.expectMismatch(removed, [Self.mismatch("device", "name=Acme HR, model=HR-1", "(absent)")])

        let emptied = try Fixtures.tamper(try Fixtures.heartRate(device: Device(name: "Acme HR"))) { stored in
            stored.editableDevice = Device()
        }
        Self.expectMismatch(emptied, [Self.mismatch("device", "name=Acme HR", "(absent)")])

        let added = try Fixtures.tamper(try Fixtures.heartRate()) { stored in
            stored.editableDevice = Device(name: "Phone")
        }
        Self.expectMismatch(added, [Self.mismatch("device", "(absent)", "name=Phone")])
    }

    @Test("device removed from a correlation")
    func correlationDeviceRemoved() throws {
        let verdict = try Fixtures.tamper(try Fixtures.bloodPressure()) { stored in
            stored.editableDevice = nil
        }
        #expect(verdict.mismatches.map(\.field) == ["device"])
        #expect(verdict.mismatches.first?.stored == "(absent)")
        #expect(verdict.mismatches.first?.signed.hasPrefix("name=Acme BP-200 Cuff, manufacturer=Acme Medical Devices Inc.") == true)
    }

    // MARK: - Metadata

    @Test("signed metadata changed, removed, added")
    func signedMetadata() throws {
        let sample = try Fixtures.heartRate(metadata: Fixtures.deviceMetadata)
        let changed = try Fixtures.tamper(sample) { stored in
            stored.metadata["HKDeviceSerialNumber"] = .string("SN99999")
        }
        Self.expectMismatch(changed, [Self.mismatch("metadata.HKDeviceSerialNumber", "SN12345", "SN99999")])

        let removed = try Fixtures.tamper(sample) { stored in
            stored.metadata["HKTimeZone"] = nil
        }
        Self.expectMismatch(removed, [Self.mismatch("metadata.HKTimeZone", "Europe/Berlin", "(absent)")])

        let added = try Fixtures.tamper(sample) { stored in
            stored.metadata["HKMetadataKeyExternalUUID"] = .string("1234")
        }
        Self.expectMismatch(added, [Self.mismatch("metadata.HKExternalUUID", "(absent)", "1234")])

        let retyped = try Fixtures.tamper(sample) { stored in
            stored.metadata["HKDeviceSerialNumber"] = .number(12345)
        }
        Self.expectMismatch(retyped, [Self.mismatch("metadata.HKDeviceSerialNumber", "SN12345", "12345")])
    }

    @Test("a signed metadata key stored twice: every copy must equal the signed value")
    func repeatedMetadataKey() throws {
        let sample = try Fixtures.heartRate(metadata: Fixtures.deviceMetadata)
        let same = try Fixtures.tamper(sample, form: .healthExport) { stored in
            stored.metadata.append(key: "HKTimeZone", value: .string("Europe/Berlin"))
        }
        #expect(same.kind == .valid)
        let different = try Fixtures.tamper(sample, form: .healthExport) { stored in
            stored.metadata.append(key: "HKMetadataKeyTimeZone", value: .string("America/New_York"))
            stored.metadata.append(key: "HKTimeZone", value: .string("America/New_York"))
        }
        Self.expectMismatch(different, [Self.mismatch("metadata.HKTimeZone", "Europe/Berlin", "America/New_York")])
    }

    @Test("signed metadata renamed to its SDK spelling still matches")
    func metadataSDKSpelling() throws {
        let verdict = try Fixtures.tamper(try Fixtures.heartRate(metadata: Fixtures.deviceMetadata)) { stored in
            var metadata = Metadata()
            for entry in stored.metadata.entries {
                let key = entry.key == "HKDigitalSignature" ? entry.key : "HKMetadataKey" + entry.key.dropFirst(2)
                metadata.append(key: key, value: entry.value)
            }
            stored.metadata = metadata
        }
        #expect(verdict.kind == .valid)
    }

    @Test("unsigned metadata may change freely and is reported as unsigned context")
    func unsignedMetadata() throws {
        var stored = try Fixtures.signed(try Fixtures.heartRate(metadata: ["HKMetadataKeySyncVersion": .number(1)]))
        stored.metadata["HKMetadataKeySyncVersion"] = .number(2)
        stored.metadata["HKMetadataKeySyncIdentifier"] = .string("app-7")
        stored.metadata["com.acme.note"] = .string("edited by the phone")
        let verdict = try Fixtures.verify(stored)
        #expect(verdict.kind == .valid)
        #expect(verdict.notes.isEmpty)
        #expect(verdict.unsignedContext(of: stored) == ["HKMetadataKeySyncVersion", "HKMetadataKeySyncIdentifier", "com.acme.note"])
    }

    @Test("typed metadata values: numbers as decimals, dates as instants")
    func typedMetadata() throws {
        let sample = try Fixtures.heartRate(metadata: [
            "HKDeviceSerialNumber": .number(try DecimalText.parse("12345.50")),
            "HKExternalUUID": .date(try Fixtures.date("2026-11-21T08:00:00.5Z")),
        ])
        let same = try Fixtures.tamper(sample) { stored in
            stored.metadata["HKDeviceSerialNumber"] = .number(try DecimalText.parse("12345.5"))
            stored.metadata["HKExternalUUID"] = .date(try Fixtures.date("2026-11-21T09:00:00.5+01:00"))
        }
        #expect(same.kind == .valid)
        let different = try Fixtures.tamper(sample) { stored in
            stored.metadata["HKDeviceSerialNumber"] = .number(try DecimalText.parse("12345.6"))
            stored.metadata["HKExternalUUID"] = .date(try Fixtures.date("2026-11-21T08:00:00Z"))
        }
        Self.expectMismatch(different, [
            Self.mismatch("metadata.HKDeviceSerialNumber", "12345.5", "12345.6"),
            Self.mismatch("metadata.HKExternalUUID", "2026-11-21T08:00:00.5Z", "2026-11-21T08:00:00Z"),
        ])
        // export.xml stores metadata as text.
        let asText = try Fixtures.tamper(sample, form: .healthExport) { stored in
            stored.metadata["HKDeviceSerialNumber"] = .string("12345.5")
            stored.metadata["HKExternalUUID"] = .string("2026-11-21 09:00:00 +0100")
        }
        #expect(asText.kind == .valid)
    }

    // MARK: - Correlations

    @Test("correlation object value changed")
    func objectValue() throws {
        let verdict = try Fixtures.tamper(try Fixtures.bloodPressure()) { stored in
            try stored.editCorrelation { $0.objects[0].quantity = try Fixtures.quantity("110", "mmHg") }
        }
        Self.expectMismatch(verdict, [Self.mismatch("objects[0].value", "120 mmHg", "110 mmHg")])
    }

    @Test("correlation objects stored in another order still pair by type")
    func objectOrder() throws {
        let verdict = try Fixtures.tamper(try Fixtures.bloodPressure()) { stored in
            try stored.editCorrelation { $0.objects.reverse() }
        }
        #expect(verdict.kind == .valid)
    }

    @Test("correlation object removed or added")
    func objectCount() throws {
        let removed = try Fixtures.tamper(try Fixtures.bloodPressure()) { stored in
            try stored.editCorrelation { $0.objects.removeLast() }
        }
        Self.expectMismatch(removed, [Self.mismatch("objects", "2 objects", "1 objects")])

        let added = try Fixtures.tamper(try Fixtures.food()) { stored in
            try stored.editCorrelation {
                $0.objects.append(try Fixtures.quantitySample(.dietarySugar, "30", "g", start: "2026-11-21T12:30:00Z"))
            }
        }
        Self.expectMismatch(added, [Self.mismatch("objects", "2 objects", "3 objects")])

        let replaced = try Fixtures.tamper(try Fixtures.food()) { stored in
            try stored.editCorrelation {
                $0.objects[1] = try Fixtures.quantitySample(.dietarySugar, "12.5", "g", start: "2026-11-21T12:30:00Z")
            }
        }
        Self.expectMismatch(replaced, [Self.mismatch("objects[1].type", "HKQuantityTypeIdentifierDietaryProtein",
                                                     "(no stored object of this type)")])
    }

    @Test("correlation object dates, device and metadata are compared under objects[i]")
    func objectFields() throws {
        var sample = try Fixtures.bloodPressure()
        try sample.editCorrelation { $0.objects[1].metadata = ["HKExternalUUID": .string("dia-1")] }
        let verdict = try Fixtures.tamper(sample) { stored in
            try stored.editCorrelation { k in
                k.objects[1].startDate = try Fixtures.date("2026-11-21T08:00:01Z")
                k.objects[1].endDate = try Fixtures.date("2026-11-21T08:00:01Z")
                k.objects[1].metadata["HKExternalUUID"] = .string("dia-2")
                k.objects[0].device = Device(name: "Other")
            }
        }
        Self.expectMismatch(verdict, [
            Self.mismatch("objects[0].device", "(absent)", "name=Other"),
            Self.mismatch("objects[1].startDate", "2026-11-21T08:00:00Z", "2026-11-21T08:00:01Z"),
            Self.mismatch("objects[1].endDate", "2026-11-21T08:00:00Z", "2026-11-21T08:00:01Z"),
            Self.mismatch("objects[1].metadata.HKExternalUUID", "dia-1", "dia-2"),
        ])
    }

    @Test("every differing field is listed, in field order")
    func severalFields() throws {
        let verdict = try Fixtures.tamper(try Fixtures.heartRate(device: Device(name: "Acme HR"),
                                                                 metadata: ["HKTimeZone": .string("UTC")])) { stored in
            try stored.editQuantity { q in
                q.quantity = try Fixtures.quantity("75", "count/min")
                q.startDate = try Fixtures.date("2026-11-21T08:30:00Z")
                q.endDate = try Fixtures.date("2026-11-21T08:30:00Z")
                q.device = Device(name: "Other HR")
                q.metadata["HKTimeZone"] = .string("Europe/Paris")
            }
        }
        Self.expectMismatch(verdict, [
            Self.mismatch("startDate", "2026-11-21T08:00:00Z", "2026-11-21T08:30:00Z"),
            Self.mismatch("endDate", "2026-11-21T08:00:00Z", "2026-11-21T08:30:00Z"),
            Self.mismatch("device.name", "Acme HR", "Other HR"),
            Self.mismatch("metadata.HKTimeZone", "UTC", "Europe/Paris"),
            Self.mismatch("value", "72 count/min", "75 count/min"),
        ])
    }
}
