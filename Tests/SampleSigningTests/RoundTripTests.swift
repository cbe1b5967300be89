import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Sign → verify → `valid`, and the decoded record holds the sample's fields, for every kind of
/// sample and every type family.
@Suite("Round trip")
struct RoundTripTests {
    /// Verifies a freshly signed `sample` and checks the record against it field by field.
    @discardableResult
    static func roundTrip(_ sample: Sample, form: StoredForm = .json) throws -> SignedRecord {
        let signed = try Fixtures.signed(sample)
        let verdict = try Fixtures.verify(signed, form: form)
        #expect(verdict.kind == .valid, "\(verdict.reasonCode): \(verdict.reason)")
        #expect(verdict.reasonCode == "ok")
        #expect(verdict.mismatches.isEmpty)
        #expect(verdict.signer?.keyIdentifier == Fixtures.compactHex(try Fixtures.deviceKey().publicKey.keyIdentifier))
        #expect(verdict.signer?.certificateSubject == nil)
        let record = try #require(verdict.record)
        // Version 2 exactly when the sample has a key version 1 does not sign (docs/FORMAT.md).
        #expect(record.formatVersion == MetadataSigningRule.formatVersion(of: sample))
        // The record decodes the same from the CMS content, independently of the verdict.
        let view = try CMSSignedDataView(derEncoded: try Fixtures.signatureDER(signed))
        let content = try #require(view.content)
        #expect(content == (try RecordBuilder.encodedRecord(for: sample)))
        #expect(try SignedRecord(derEncoded: content) == record)

        switch sample {
        case .quantity(let q):
            check(record, against: q)
            #expect(record.objects.isEmpty)
        case .category(let c):
            #expect(record.type == c.type.identifier)
            #expect(record.categoryValue == c.value)
            #expect(record.quantityValue == nil)
            #expect(record.unit == nil)
            checkCommon(record, start: c.startDate, end: c.endDate, device: c.device, metadata: c.metadata)
        case .correlation(let k):
            #expect(record.type == k.type.identifier)
            #expect(record.quantityValue == nil)
            #expect(record.categoryValue == nil)
            checkCommon(record, start: k.startDate, end: k.endDate, device: k.device, metadata: k.metadata)
            #expect(record.objects.count == k.objects.count)
            for (object, member) in zip(record.objects, k.objects) {
                #expect(object.formatVersion == nil)
                check(object, against: member)
            }
        case .workout(let w):
            #expect(record.type == "HKWorkoutTypeIdentifier")
            #expect(record.quantityValue == nil)
            #expect(record.workout?.activityType == w.activityType.rawValue)
            #expect(record.workout?.events.count == w.events.count)
        }
        return record
    }

    static func check(_ record: SignedRecord, against q: QuantitySample) {
        #expect(record.type == q.type.identifier)
        #expect(record.quantityValue == q.quantity.value)
        #expect(record.unit == q.quantity.unit.unitString)
        #expect(record.categoryValue == nil)
        checkCommon(record, start: q.startDate, end: q.endDate, device: q.device, metadata: q.metadata)
    }

    static func checkCommon(_ record: SignedRecord, start: SampleDate, end: SampleDate, device: Device?, metadata: Metadata) {
        #expect(record.startDate == start)
        #expect(record.endDate == end)
        #expect(record.device == ((device?.isEmpty ?? true) ? nil : device))
        #expect(record.unknownKeys.isEmpty)
        #expect(record.unknownDeviceKeys.isEmpty)
        // Every key the device supplied is signed, under its stored name (docs/FORMAT.md).
        let signed = metadata.entries.filter { MetadataSigningRule.isSigned($0.key, workout: false) }
        for entry in signed {
            #expect(record.metadata[MetadataKey.storedName(for: entry.key)]?.displayText == entry.value.description)
        }
        #expect(record.metadata.entries.count == Set(signed.map { MetadataKey.storedName(for: $0.key) }).count)
    }

    // MARK: - Quantities

    /// (type, value text, unit)
    static let quantities: [(QuantityType, String, String)] = [
        (.heartRate, "72", "count/min"),
        (.bodyTemperature, "36.6", "degC"),
        (.bodyTemperature, "97.9", "degF"),
        (.bloodGlucose, "99", "mg/dL"),
        (.bloodGlucose, "5.5", "mmol<180.15588000005408>/L"),
        (.bodyMass, "72.5", "kg"),
        (.bodyMass, "159.8", "lb"),
        (.oxygenSaturation, "0.97", "%"),
        (.stepCount, "1234", "count"),
        (.dietaryCaffeine, "95", "mg"),
        // One per quantity type family beyond those above.
        (.height, "1.78", "m"),  // body
        (.bodyMassIndex, "22.4", "count"),  // body
        (.distanceWalkingRunning, "3.2", "km"),  // fitness
        (.activeEnergyBurned, "312.75", "kcal"),  // fitness
        (.appleExerciseTime, "32", "min"),  // fitness
        (.respiratoryRate, "14", "count/min"),  // vitals
        (.basalBodyTemperature, "36.45", "degC"),  // vitals
        (.bloodPressureSystolic, "120", "mmHg"),  // vitals
        (.peakExpiratoryFlowRate, "450", "L/min"),  // results
        (.forcedVitalCapacity, "4.1", "L"),  // results
        (.electrodermalActivity, "0.25", "mcS"),  // results
        (.numberOfTimesFallen, "0", "count"),  // results: zero is a REAL without content octets
        (.dietaryWater, "250", "mL"),  // nutrition, volume
        (.dietaryEnergyConsumed, "420", "kcal"),  // nutrition, energy
        (.dietaryVitaminD, "15", "mcg"),  // nutrition, mass
    ]

    @Test("quantity samples", arguments: quantities)
    func quantity(type: QuantityType, value: String, unit: String) throws {
        let sample = try Fixtures.quantity(type, value, unit, start: "2026-11-21T07:55:00Z", end: "2026-11-21T08:00:00Z",
                                           device: Device(name: "Acme Sensor", manufacturer: "Acme"),
                                           metadata: ["HKDeviceSerialNumber": .string("SN-\(type.shortName)")])
        let record = try Self.roundTrip(sample)
        #expect(record.valueText == value + " " + unit)
    }

    @Test("every specified quantity type in its canonical unit")
    func everySpecifiedQuantityType() throws {
        for type in QuantityType.specified {
            // A plausible value of every type in its canonical unit: 0.5, or above the lower bound when that is higher (body temperature).
            let value = type.plausibleRange?.lowest.map { $0 > 0.5 ? "\($0 + 1)" : "0.5" } ?? "0.5"
            let record = try Self.roundTrip(try Fixtures.quantity(type, value, type.canonicalUnit.unitString))
            #expect(record.type == type.identifier)
        }
    }

    @Test("a negative value and many digits survive exactly")
    func exactDecimals() throws {
        let sample = try Fixtures.quantity(.appleSleepingWristTemperature, "-0.123456789012345678901234567", "degC")
        let record = try Self.roundTrip(sample)
        #expect(record.valueText == "-0.123456789012345678901234567 degC")
    }

    @Test("fractional seconds and offsets round-trip as instants")
    func fractionalDates() throws {
        let sample = try Fixtures.quantity(.heartRate, "72", "count/min", start: "2026-11-21T08:00:00.123456789-05:00",
                                           end: "2026-11-21T08:00:01.25-05:00")
        let record = try Self.roundTrip(sample)
        #expect(record.startDate.nanoseconds == 123_456_789)
        #expect(record.startDate.rfc3339String == "2026-11-21T13:00:00.123456789Z")
    }

    // MARK: - Categories

    @Test("sleep analysis with device and time zone")
    func sleepAnalysis() throws {
        try Self.roundTrip(try Fixtures.sleep(value: 3, device: Device(name: "Acme Ring", model: "R1"),
                                              metadata: ["HKMetadataKeyTimeZone": .string("Europe/Berlin")]))
    }

    @Test("every category type, every value", arguments: CategoryType.all)
    func category(type: CategoryType) throws {
        for value in type.values {
            let sample = Sample.category(CategorySample(
                type: type, value: value.rawValue, startDate: try Fixtures.date("2026-11-21T07:00:00Z"),
                endDate: try Fixtures.date("2026-11-21T08:00:00Z")))
            let record = try Self.roundTrip(sample)
            #expect(record.valueText == String(value.rawValue))
        }
    }

    // MARK: - Correlations

    @Test("blood pressure with the full device and signed metadata")
    func bloodPressure() throws {
        let record = try Self.roundTrip(try Fixtures.bloodPressure())
        #expect(record.device == Fixtures.fullDevice)
        #expect(record.objects.map(\.valueText) == ["120 mmHg", "80 mmHg"])
        #expect(record.objects.allSatisfy { $0.device == nil })
    }

    @Test("blood pressure members with their own device and metadata")
    func bloodPressureMembersWithDevices() throws {
        var sample = try Fixtures.bloodPressure(device: nil, metadata: Metadata())
        try sample.editCorrelation { k in
            k.objects[0].device = Device(name: "Cuff A")
            k.objects[1].metadata = ["HKExternalUUID": .string("dia-1")]
        }
        let record = try Self.roundTrip(sample)
        #expect(record.device == nil)
        #expect(record.objects[0].device?.name == "Cuff A")
        #expect(record.objects[1].metadata["HKExternalUUID"] == .string("dia-1"))
    }

    @Test("food with two dietary samples")
    func food() throws {
        let record = try Self.roundTrip(try Fixtures.food())
        #expect(record.objects.map(\.valueText) == ["250 kcal", "12.5 g"])
        // HKFoodType, supplied with the reading, is signed (format version 2).
        #expect(record.metadata.entries.map(\.key) == ["HKFoodType"])
        #expect(record.formatVersion == 2)
    }

    @Test("food with two samples of the same type pairs them by position")
    func foodSameType() throws {
        var sample = try Fixtures.food()
        try sample.editCorrelation { k in
            k.objects = [try Fixtures.quantitySample(.dietaryProtein, "3", "g", start: "2026-11-21T12:30:00Z"),
                         try Fixtures.quantitySample(.dietaryProtein, "9.5", "g", start: "2026-11-21T12:30:00Z")]
        }
        try Self.roundTrip(sample)
    }

    @Test("correlation objects with dates of their own, and objects inheriting the correlation's")
    func objectDates() throws {
        let sample = Sample.correlation(Correlation(
            type: .food, startDate: try Fixtures.date("2026-11-21T12:00:00Z"), endDate: try Fixtures.date("2026-11-21T13:00:00Z"),
            objects: [
                try Fixtures.quantitySample(.dietaryProtein, "12.5", "g", start: "2026-11-21T12:15:00.5Z"),
                try Fixtures.quantitySample(.dietarySugar, "3", "g", start: "2026-11-21T12:00:00Z", end: "2026-11-21T13:00:00Z"),
            ]))
        let record = try Self.roundTrip(sample)
        #expect(record.objects[1].startDate == (try Fixtures.date("2026-11-21T12:00:00Z")))
        #expect(record.objects[1].dictionary[RecordKeys.startDate] == nil)
        #expect(record.objects[0].dictionary[RecordKeys.startDate] != nil)
    }

    // MARK: - Export form

    @Test("samples with whole-second dates verify in export form too")
    func exportForm() throws {
        try Self.roundTrip(try Fixtures.bloodPressure(), form: .healthExport)
        try Self.roundTrip(try Fixtures.sleep(), form: .healthExport)
        try Self.roundTrip(try Fixtures.heartRate(metadata: Fixtures.deviceMetadata), form: .healthExport)
    }

    // MARK: - Signer behaviour

    @Test("signing replaces an earlier signature stored under either spelling and changes nothing else")
    func signingReplacesSignature() throws {
        let sample = try Fixtures.heartRate(metadata: [
            "HKMetadataKeyDigitalSignature": .string("old"), "HKWasUserEntered": .bool(false),
        ])
        let signed = try Fixtures.signed(sample)
        #expect(signed.metadata.entries(forKey: "HKDigitalSignature").count == 1)
        #expect(signed.metadata.keys == ["HKWasUserEntered", "HKDigitalSignature"])
        #expect(try Fixtures.signatureText(signed) != "old")
        var unsigned = signed
        unsigned.metadata.removeAll(forKey: "HKDigitalSignature")
        var original = sample
        original.metadata.removeAll(forKey: "HKDigitalSignature")
        #expect(unsigned == original)
        #expect(try Fixtures.verify(signed).kind == .valid)
    }

    @Test("the signature is base64 of the DER SignedData, and signatureDER gives the same bytes")
    func signatureForms() throws {
        let sample = try Fixtures.heartRate()
        let signer = SampleSigner()
        let der = try signer.signatureDER(for: sample, using: try Fixtures.deviceKey())
        let view = try CMSSignedDataView(derEncoded: der)
        #expect(view.content == (try signer.recordBytes(for: sample)))
        #expect(view.certificateChoiceCount == 0)
        let verdict = try Fixtures.verifier().verify(sample, signatureDER: der)
        #expect(verdict.kind == .valid)
        // ECDSA signatures are randomized, so compare the verifiable content, not the text.
        let text = try signer.signature(for: sample, using: try Fixtures.deviceKey())
        #expect(try CMSSignedDataView(derEncoded: Array(try #require(Data(base64Encoded: text)))).content == view.content)
    }

    @Test("an invalid sample is refused before anything is signed")
    func invalidSampleRefused() throws {
        let sample = try Fixtures.sleep(value: 9)
        let key = try Fixtures.deviceKey()
        let error = #expect(throws: SampleSigningError.self) { try SampleSigner().signed(sample, using: key) }
        guard case .invalidSample(let inner)? = error else {
            Issue.record("expected invalidSample, got \(String(describing: error))")
            return
        }
        #expect(inner.field == "value")
        let wrongUnit = try Fixtures.quantity(.heartRate, "72", "mmHg")
        #expect(throws: SampleSigningError.self) { try SampleSigner().recordBytes(for: wrongUnit) }
    }

    @Test("the signature may be wrapped with whitespace (export.xml line breaks)")
    func whitespaceInSignature() throws {
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        let text = try Fixtures.signatureText(signed)
        var wrapped = ""
        for (i, c) in text.enumerated() {
            if i > 0 && i % 64 == 0 { wrapped += "\n  " }
            wrapped.append(c)
        }
        wrapped += "\r\n"
        let verdict = try Fixtures.verify(Fixtures.storing(signature: wrapped, on: signed))
        #expect(verdict.kind == .valid)
    }
}
