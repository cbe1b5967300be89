import Foundation
import HealthSamples
import SampleSigning
import Testing

/// What the stored form may lose (docs/VERIFY.md, "Field comparison rules"): the rounding of a
/// value shown in another unit, the fraction of a second in export.xml, device fields the export's
/// device string does not carry. Every expected outcome below is computed by hand in a comment.
@Suite("Stored precision")
struct StoredPrecisionTests {
    /// Signs `value unit` of `type`, stores it as `storedValue storedUnit` and verifies.
    static func verdict(_ type: QuantityType, signed value: String, _ unit: String, stored storedValue: String,
                        _ storedUnit: String, form: StoredForm = .healthExport) throws -> SampleVerdict {
        try Fixtures.tamper(try Fixtures.quantity(type, value, unit), form: form) { stored in
            try stored.editQuantity { $0.quantity = try Fixtures.quantity(storedValue, storedUnit) }
        }
    }

    // MARK: - Another unit: half a unit in the last stored decimal place

    // 36.6 degC = 36.6 × 9/5 + 32 = 97.88 degF exactly.
    @Test("signed 36.6 degC stored in degF", arguments: [
        // stored text, valid?   tolerance = half a unit in the last place shown
        ("97.88", true),  // 0.005 degF; |97.88 − 97.88| = 0
        ("97.9", true),  // 0.05 degF; |97.9 − 97.88| = 0.02 ≤ 0.05
        ("98", true),  // 0.5 degF; |98 − 97.88| = 0.12 ≤ 0.5
        ("98.1", false),  // 0.05 degF; |98.1 − 97.88| = 0.22 > 0.05
        ("97.8", false),  // 0.05 degF; 0.08 > 0.05
        ("97.87", false),  // 0.005 degF; 0.01 > 0.005
        ("97.885", false),  // 0.0005 degF; 0.005 > 0.0005
    ] as [(String, Bool)])
    func bodyTemperatureInFahrenheit(stored: String, valid: Bool) throws {
        for form in [StoredForm.healthExport, .json] {
            let verdict = try Self.verdict(.bodyTemperature, signed: "36.6", "degC", stored: stored, "degF", form: form)
            if valid {
                #expect(verdict.kind == .valid, "\(stored) degF (\(form)): \(verdict.reason)")
            } else {
                #expect(verdict.kind == .contentMismatch, "\(stored) degF (\(form))")
                #expect(verdict.mismatches == [FieldMismatch(field: "value", signed: "36.6 degC", stored: "\(stored) degF")])
            }
        }
    }

    @Test("signed 36.6 degC stored as 98.0 degF is a mismatch (one decimal shown: 0.05 degF; 0.12 > 0.05)")
    func bodyTemperatureTrailingZero() throws {
        let verdict = try Self.verdict(.bodyTemperature, signed: "36.6", "degC", stored: "98.0", "degF")
        // The stored text shows one decimal, so only 0.05 degF of rounding is forgiven even
        // though Decimal itself normalises 98.0 to 98 (Quantity.fractionDigits keeps it).
        #expect(verdict.kind == .contentMismatch)
    }

    // 5.5 mmol<180.15588000005408>/L = 5.5 × 180.15588000005408 / 10 mg/dL = 99.085734000029744 mg/dL.
    @Test("signed 5.5 mmol/L blood glucose stored in mg/dL", arguments: [
        ("99.08573", true),  // 0.000005 mg/dL; |99.08573 − 99.085734| = 0.000004 ≤ 0.000005
        ("99.0857", true),  // 0.00005; 0.000034 ≤ 0.00005
        ("99.1", true),  // 0.05; 0.0143 ≤ 0.05
        ("99", true),  // 0.5; 0.0857 ≤ 0.5
        ("101", false),  // 0.5; 1.914 > 0.5
        ("99.2", false),  // 0.05; 0.114 > 0.05
        ("99.08575", false),  // 0.000005; 0.000016 > 0.000005
    ] as [(String, Bool)])
    func bloodGlucoseInMilligrams(stored: String, valid: Bool) throws {
        let verdict = try Self.verdict(.bloodGlucose, signed: "5.5", "mmol<180.15588000005408>/L", stored: stored, "mg/dL")
        if valid {
            #expect(verdict.kind == .valid, "\(stored) mg/dL: \(verdict.reason)")
        } else {
            #expect(verdict.mismatches == [FieldMismatch(field: "value", signed: "5.5 mmol<180.15588000005408>/L",
                                                         stored: "\(stored) mg/dL")])
        }
    }

    @Test("signed 99 mg/dL stored in mmol/L")
    func bloodGlucoseInMillimoles() throws {
        // 5.5 mmol/L = 99.0857 mg/dL; tolerance 0.05 mmol/L = 0.9008 mg/dL; |99.0857 − 99| = 0.0857.
        #expect(try Self.verdict(.bloodGlucose, signed: "99", "mg/dL", stored: "5.5", "mmol<180.15588000005408>/L").kind == .valid)
        // 5.6 mmol/L = 100.887 mg/dL; 1.887 > 0.9008.
        #expect(try Self.verdict(.bloodGlucose, signed: "99", "mg/dL", stored: "5.6", "mmol<180.15588000005408>/L").kind
            == .contentMismatch)
    }

    @Test("signed 72.5 kg stored in lb")
    func bodyMassInPounds() throws {
        // 159.8 lb = 72.48406 kg; tolerance 0.05 lb = 0.02268 kg; |72.5 − 72.48406| = 0.01594.
        #expect(try Self.verdict(.bodyMass, signed: "72.5", "kg", stored: "159.8", "lb").kind == .valid)
        // 159.7 lb = 72.43870 kg; 0.0613 > 0.02268.
        #expect(try Self.verdict(.bodyMass, signed: "72.5", "kg", stored: "159.7", "lb").kind == .contentMismatch)
        // 160 lb = 72.57478 kg; tolerance 0.5 lb = 0.2268 kg; 0.0748 ≤ 0.2268.
        #expect(try Self.verdict(.bodyMass, signed: "72.5", "kg", stored: "160", "lb").kind == .valid)
        // 72500 g is the same mass, shown to the gram: tolerance 0.5 g; difference 0.
        #expect(try Self.verdict(.bodyMass, signed: "72.5", "kg", stored: "72500", "g").kind == .valid)
        #expect(try Self.verdict(.bodyMass, signed: "72.5", "kg", stored: "72501", "g").kind == .contentMismatch)
    }

    // MARK: - A far coarser stored unit: the forgiven rounding is capped

    // Without the cap, "0 count/ms" would forgive 0.5 count/ms = 30,000 count/min.
    @Test("signed 72 count/min stored in count/ms", arguments: [
        ("0", false),  // rounding 30,000 count/min, capped at max(0.5, 0.72) = 0.72; |0 − 72| = 72
        ("0.001", false),  // 60 count/min; rounding 30 count/min capped at 0.72; 12 > 0.72
        ("0.0012", true),  // 72 count/min exactly
        ("0.00121", false),  // 72.6 count/min; rounding 0.3 count/min (under the cap); 0.6 > 0.3
    ] as [(String, Bool)])
    func heartRateInCountPerMillisecond(stored: String, valid: Bool) throws {
        for form in [StoredForm.healthExport, .json] {
            let verdict = try Self.verdict(.heartRate, signed: "72", "count/min", stored: stored, "count/ms", form: form)
            if valid {
                #expect(verdict.kind == .valid, "\(stored) count/ms (\(form)): \(verdict.reason)")
            } else {
                #expect(verdict.mismatches == [FieldMismatch(field: "value", signed: "72 count/min", stored: "\(stored) count/ms")],
                        "\(stored) count/ms (\(form))")
            }
        }
    }

    @Test("signed 0.35 g of fat stored as 0 kg: the cap is half the signed last place, 0.005 g")
    func smallMassInKilograms() throws {
        #expect(try Self.verdict(.dietaryFatTotal, signed: "0.35", "g", stored: "0", "kg").kind == .contentMismatch)
        // 0.00035 kg is the same mass.
        #expect(try Self.verdict(.dietaryFatTotal, signed: "0.35", "g", stored: "0.00035", "kg").kind == .valid)
    }

    @Test("signed 5.5 mmol/L stored as 0.1 g/dL: within 1% of the reading (0.055 mmol/L)")
    func glucoseWithinOnePercent() throws {
        // 0.1 g/dL = 5.5506 mmol/L; rounding 0.05 g/dL = 2.78 mmol/L capped at 0.055; 0.0506 ≤ 0.055.
        #expect(try Self.verdict(.bloodGlucose, signed: "5.5", "mmol<180.15588000005408>/L", stored: "0.1", "g/dL").kind == .valid)
        // 0.2 g/dL = 11.1 mmol/L.
        #expect(try Self.verdict(.bloodGlucose, signed: "5.5", "mmol<180.15588000005408>/L", stored: "0.2", "g/dL").kind
            == .contentMismatch)
    }

    // MARK: - Same unit: exact decimal equality

    @Test("same unit requires exact decimal equality", arguments: [
        ("120", "120.0", true), ("120", "120.00", true), ("120", "1.2e2", true),
        ("120", "120.4", false), ("120", "120.00001", false), ("36.6", "36.60", true), ("36.6", "36.61", false),
    ] as [(String, String, Bool)])
    func sameUnit(signed: String, stored: String, equal: Bool) throws {
        for form in [StoredForm.json, .healthExport] {
            let verdict = try Self.verdict(.bloodPressureSystolic, signed: signed, "mmHg", stored: stored, "mmHg", form: form)
            if equal {
                #expect(verdict.kind == .valid, "\(signed) vs \(stored): \(verdict.reason)")
            } else {
                #expect(verdict.mismatches == [FieldMismatch(field: "value", signed: "\(signed) mmHg",
                                                             stored: "\(DecimalText.format(try DecimalText.parse(stored))) mmHg")])
            }
        }
    }

    // MARK: - Dates: whole seconds in export.xml

    static func dateVerdict(signedStart: String, storedStart: SampleDate, form: StoredForm) throws -> SampleVerdict {
        try Fixtures.tamper(try Fixtures.quantity(.heartRate, "72", "count/min", start: signedStart), form: form) { stored in
            try stored.editQuantity { q in
                q.startDate = storedStart
                q.endDate = storedStart
            }
        }
    }

    @Test("signed fractional seconds stored as whole seconds: valid in export form, mismatch in JSON")
    func fractionalSeconds() throws {
        let whole = try SampleDate(exportXML: "2026-11-21 09:00:00 +0100")
        let export = try Self.dateVerdict(signedStart: "2026-11-21T08:00:00.250Z", storedStart: whole, form: .healthExport)
        #expect(export.kind == .valid)
        let json = try Self.dateVerdict(signedStart: "2026-11-21T08:00:00.250Z", storedStart: whole, form: .json)
        #expect(json.mismatches == [
            FieldMismatch(field: "startDate", signed: "2026-11-21T08:00:00.25Z", stored: "2026-11-21T09:00:00+01:00"),
            FieldMismatch(field: "endDate", signed: "2026-11-21T08:00:00.25Z", stored: "2026-11-21T09:00:00+01:00"),
        ])
        // The fraction kept in JSON matches exactly.
        let exact = try Self.dateVerdict(signedStart: "2026-11-21T08:00:00.250Z",
                                         storedStart: try Fixtures.date("2026-11-21T09:00:00.25+01:00"), form: .json)
        #expect(exact.kind == .valid)
    }

    @Test("export form truncates the signed instant, it does not round it")
    func truncationNotRounding() throws {
        let signed = "2026-11-21T08:00:00.999Z"
        #expect(try Self.dateVerdict(signedStart: signed, storedStart: try SampleDate(exportXML: "2026-11-21 08:00:00 +0000"),
                                     form: .healthExport).kind == .valid)
        let next = try Self.dateVerdict(signedStart: signed,
                                        storedStart: try SampleDate(exportXML: "2026-11-21 08:00:01 +0000"), form: .healthExport)
        #expect(next.mismatches.map(\.field) == ["startDate", "endDate"])
    }

    // MARK: - Device string in export.xml

    @Test("a device field missing from an export-form stored device: valid with a note")
    func exportDeviceFieldMissing() throws {
        let sample = try Fixtures.heartRate(device: Fixtures.fullDevice)
        // The HKDevice description string carries name, manufacturer, model, hardware, software.
        let exportDevice = Device(name: "Acme BP-200 Cuff", manufacturer: "Acme Medical Devices Inc.", model: "BP-200",
                                  hardwareVersion: "2.1", softwareVersion: "3.0.12")
        let export = try Fixtures.tamper(sample, form: .healthExport) { $0.editableDevice = exportDevice }
        #expect(export.kind == .valid)
        #expect(export.notes == [
            "device.firmwareVersion = 1.4.7 is signed but not stored in the export's device string",
            "device.localIdentifier = AA:BB:CC:DD:EE:FF is signed but not stored in the export's device string",
            "device.udiDeviceIdentifier = (01)00812345678901(21)SN12345 is signed but not stored in the export's device string",
        ])
        // The same stored device in JSON form: every field is stored, so the absent ones differ.
        let json = try Fixtures.tamper(sample, form: .json) { $0.editableDevice = exportDevice }
        #expect(json.mismatches == [
            FieldMismatch(field: "device.firmwareVersion", signed: "1.4.7", stored: "(absent)"),
            FieldMismatch(field: "device.localIdentifier", signed: "AA:BB:CC:DD:EE:FF", stored: "(absent)"),
            FieldMismatch(field: "device.udiDeviceIdentifier", signed: "(01)00812345678901(21)SN12345", stored: "(absent)"),
        ])
    }

    @Test("export form still compares the device fields it has, and a missing device")
    func exportDeviceDiffers() throws {
        let sample = try Fixtures.heartRate(device: Fixtures.fullDevice)
        let changed = try Fixtures.tamper(sample, form: .healthExport) { stored in
            stored.editableDevice = Device(name: "Acme BP-200 Cuff", model: "BP-300")
        }
        #expect(changed.mismatches == [FieldMismatch(field: "device.model", signed: "BP-200", stored: "BP-300")])
        let removed = try Fixtures.tamper(sample, form: .healthExport) { $0.editableDevice = nil }
        #expect(removed.mismatches.map(\.field) == ["device"])
    }

    @Test("a correlation in export form: whole seconds and the device string")
    func exportCorrelation() throws {
        var sample = try Fixtures.bloodPressure()
        try sample.editCorrelation { k in
            let start = try Fixtures.date("2026-11-21T08:00:00.4Z")
            k.startDate = start
            k.endDate = start
            for i in k.objects.indices {
                k.objects[i].startDate = start
                k.objects[i].endDate = start
            }
        }
        let verdict = try Fixtures.tamper(sample, form: .healthExport) { stored in
            try stored.editCorrelation { k in
                let whole = try SampleDate(exportXML: "2026-11-21 09:00:00 +0100")
                k.startDate = whole
                k.endDate = whole
                for i in k.objects.indices {
                    k.objects[i].startDate = whole
                    k.objects[i].endDate = whole
                    k.objects[i].quantity = try Fixtures.quantity(i == 0 ? "120.0" : "80", "mmHg")
                }
                k.device = Device(name: "Acme BP-200 Cuff", manufacturer: "Acme Medical Devices Inc.", model: "BP-200",
                                  hardwareVersion: "2.1", softwareVersion: "3.0.12")
                k.metadata = ["HKDeviceSerialNumber": .string("SN12345"), "HKTimeZone": .string("Europe/Berlin"),
                              "HKDigitalSignature": k.metadata["HKDigitalSignature"] ?? .string("")]
            }
        }
        #expect(verdict.kind == .valid, "\(verdict.reason)")
        #expect(verdict.notes.count == 3)
    }
}
