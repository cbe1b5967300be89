import CMS
import DER
import Foundation
import HealthSamples
@testable import SampleSigning
import Testing

/// Issue 26: the clinical context a device supplies with a reading (meal time, sensor location,
/// whether it was typed in, …) is signed; verification compares exactly the keys the record
/// signs and reports the other stored keys as unsigned context (docs/FORMAT.md, "Signed
/// metadata" and "Format versions").
@Suite("Clinical context signing")
struct ClinicalContextSigningTests {
    static func glucose(mealTime: Int = 2, extra: Metadata = Metadata()) throws -> Sample {
        var metadata: Metadata = ["HKDeviceSerialNumber": .string("G5-99812"), "HKBloodGlucoseMealTime": .number(Decimal(mealTime))]
        for entry in extra.entries { metadata.append(key: entry.key, value: entry.value) }
        return try Fixtures.quantity(.bloodGlucose, "221", "mg/dL", device: Fixtures.fullDevice, metadata: metadata)
    }

    static func setting(_ key: String, to value: MetadataValue?, in sample: inout Sample) {
        var metadata = sample.metadata
        metadata[key] = value
        sample.metadata = metadata
    }

    @Test("a meal time relabelled from after meal to before meal is a content-mismatch naming meal time")
    func mealTimeRelabelIsCaught() throws {
        let verdict = try Fixtures.tamper(try Self.glucose()) { Self.setting("HKBloodGlucoseMealTime", to: .number(1), in: &$0) }
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches == [FieldMismatch(field: "metadata.HKBloodGlucoseMealTime", signed: "2", stored: "1")])
    }

    @Test("a reading with meal time is signed as format version 2 with the meal time in m")
    func mealTimeIsInTheRecord() throws {
        let record = try SignedRecord(derEncoded: try RecordBuilder.encodedRecord(for: try Self.glucose()))
        #expect(record.formatVersion == 2)
        #expect(record.metadata["HKBloodGlucoseMealTime"] == .real(try DERReal(Decimal(2))))
        #expect(record.metadata["HKDeviceSerialNumber"] == .string("G5-99812"))
    }

    /// Each key the issue names, signed with one value and stored with another.
    static let contextKeys: [(key: String, signed: MetadataValue, stored: MetadataValue)] = [
        ("HKWasUserEntered", .bool(false), .bool(true)),
        ("HKBodyTemperatureSensorLocation", .number(6), .number(1)),
        ("HKHeartRateSensorLocation", .number(1), .number(2)),
        ("HKMetadataKeyHeartRateMotionContext", .number(1), .number(2)),
        ("HKInsulinDeliveryReason", .number(1), .number(2)),
        ("HKVO2MaxTestType", .number(1), .number(3)),
        ("HKReferenceRangeLowerLimit", .number(70), .number(60)),
        ("HKReferenceRangeUpperLimit", .number(180), .number(250)),
        ("com.acme.cuffSize", .string("adult"), .string("child")),
    ]

    @Test("every newly signed key, changed in the stored sample, is a content-mismatch naming it",
          arguments: contextKeys.indices)
    func eachContextKeyChangedIsCaught(index: Int) throws {
        let (key, signed, stored) = Self.contextKeys[index]
        let sample = try Fixtures.heartRate(metadata: [key: signed])
        let valid = try Fixtures.verify(try Fixtures.signed(sample))
        #expect(valid.kind == .valid)
        let verdict = try Fixtures.tamper(sample) { Self.setting(key, to: stored, in: &$0) }
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches == [FieldMismatch(field: "metadata.\(MetadataKey.storedName(for: key))",
                                                     signed: signed.description, stored: stored.description)])
    }

    @Test("a signed context key removed from the stored sample is a content-mismatch with stored (absent)")
    func signedKeyRemovedIsCaught() throws {
        let verdict = try Fixtures.tamper(try Self.glucose()) { Self.setting("HKBloodGlucoseMealTime", to: nil, in: &$0) }
        #expect(verdict.mismatches == [FieldMismatch(field: "metadata.HKBloodGlucoseMealTime", signed: "2", stored: "(absent)")])
    }

    @Test("a record of format version 1 keeps verifying, its stored meal time reported as unsigned context")
    func version1RecordStaysValidWithUnsignedContext() throws {
        let sample = try Self.glucose()
        let bytes = try RecordBuilder.encodedRecord(for: sample, selecting: .version1Keys)
        #expect(try SignedRecord(derEncoded: bytes).formatVersion == 1)
        let stored = Fixtures.storing(signature: try Fixtures.signRecordBytes(bytes), on: sample)
        let verdict = try Fixtures.verify(stored)
        #expect(verdict.kind == .valid)
        #expect(verdict.unsignedContext(of: stored) == ["HKBloodGlucoseMealTime"])
        // Relabelled, still valid (version 1 never signed it) and still labelled unsigned.
        var relabelled = stored
        Self.setting("HKBloodGlucoseMealTime", to: .number(1), in: &relabelled)
        let after = try Fixtures.verify(relabelled)
        #expect(after.kind == .valid)
        #expect(after.unsignedContext(of: relabelled) == ["HKBloodGlucoseMealTime"])
    }

    @Test("a reading with only version 1's keys is signed exactly as version 1 signed it")
    func version1KeysOnlyKeepVersion1Bytes() throws {
        let sample = try Fixtures.heartRate(device: Fixtures.fullDevice, metadata: [
            "HKDeviceSerialNumber": .string("HR10-000417"), "HKTimeZone": .string("Europe/Paris"),
            "HKMetadataKeySyncIdentifier": .string("abc"), "HKMetadataKeySyncVersion": .number(3),
        ])
        let current = try RecordBuilder.encodedRecord(for: sample)
        #expect(current == (try RecordBuilder.encodedRecord(for: sample, selecting: .version1Keys)))
        #expect(try SignedRecord(derEncoded: current).formatVersion == 1)
    }

    @Test("keys the phone adds are not signed and are reported as unsigned context, signatures are not")
    func phoneKeysAreUnsignedContext() throws {
        let sample = try Fixtures.heartRate(metadata: ["HKHeartRateSensorLocation": .number(2)])
        var stored = try Fixtures.signed(sample)
        Self.setting("HKMetadataKeySyncIdentifier", to: .string("abc"), in: &stored)
        Self.setting("HKMetadataKeySyncVersion", to: .number(4), in: &stored)
        let verdict = try Fixtures.verify(stored)
        #expect(verdict.kind == .valid)
        #expect(verdict.unsignedContext(of: stored) == ["HKMetadataKeySyncIdentifier", "HKMetadataKeySyncVersion"])
        // A key added after signing, not one the phone adds: still only context, never signed.
        Self.setting("HKBloodGlucoseMealTime", to: .number(1), in: &stored)
        let added = try Fixtures.verify(stored)
        #expect(added.kind == .valid)
        #expect(added.unsignedContext(of: stored) == ["HKMetadataKeySyncIdentifier", "HKMetadataKeySyncVersion", "HKBloodGlucoseMealTime"])
    }

    @Test("signature keys, the HealthSig prefix and the phone's keys are never signed")
    func excludedKeysAreNotSigned() throws {
        for key in ["HKDigitalSignature", "HKMetadataKeyDigitalSignature", "HealthSigBatch", "HealthSigBatchSignature",
                    "HealthSigTimestamp", "HKMetadataKeySyncIdentifier", "HKMetadataKeySyncVersion", "HKWeatherTemperature",
                    "HKMetadataKeyWeatherHumidity", "HKWeatherCondition"] {
            #expect(!MetadataSigningRule.isSigned(key, workout: false), "\(key)")
            #expect(!MetadataSigningRule.isSigned(key, workout: true), "\(key)")
        }
        for key in ["HKBloodGlucoseMealTime", "HKMetadataKeyWasUserEntered", "HKExternalUUID", "HKFoodType", "custom"] {
            #expect(MetadataSigningRule.isSigned(key, workout: false), "\(key)")
        }
    }

    @Test("a record of format version 2 that signs only version 1's keys is refused as not minimal")
    func version2WithoutNewKeysIsRefused() throws {
        let entries = Fixtures.heartRateEntries(replacing: "fv", with: .integer(2))
        let stored = Fixtures.storing(signature: try Fixtures.signRecordBytes(try Fixtures.handRecord(entries)),
                                      on: try Fixtures.heartRate())
        let verdict = try Fixtures.verify(stored)
        #expect(verdict.kind == .malformed)
        #expect(verdict.reasonCode == "record-format-version-not-minimal")
    }

    @Test("a record of format version 3 is refused as unsupported")
    func version3IsRefused() throws {
        let entries = Fixtures.heartRateEntries(replacing: "fv", with: .integer(3))
        let stored = Fixtures.storing(signature: try Fixtures.signRecordBytes(try Fixtures.handRecord(entries)),
                                      on: try Fixtures.heartRate())
        #expect(try Fixtures.verify(stored).reasonCode == "record-unsupported-format-version")
    }

    @Test("a reading marked HKWasUserEntered true is refused by the signer, naming the key")
    func userEnteredReadingIsRefused() throws {
        for key in ["HKWasUserEntered", "HKMetadataKeyWasUserEntered"] {
            let sample = try Fixtures.heartRate(metadata: [key: .bool(true)])
            #expect {
                _ = try SampleSigner().signatureDER(for: sample, using: try Fixtures.deviceKey())
            } throws: { error in
                guard case .invalidSample(let e) = error as? SampleSigningError else { return false }
                return e.kind == .userEntered && e.field == "metadata.HKWasUserEntered"
            }
        }
        let member = try Fixtures.bloodPressure()
        guard case .correlation(var k) = member else { return }
        k.objects[1].metadata = ["HKWasUserEntered": .number(1)]
        #expect {
            _ = try SampleSigner().signatureDER(for: .correlation(k), using: try Fixtures.deviceKey())
        } throws: { error in
            guard case .invalidSample(let e) = error as? SampleSigningError else { return false }
            return e.kind == .userEntered && e.field == "objects[1].metadata.HKWasUserEntered"
        }
        // False is a measured reading, and signed.
        let measured = try Fixtures.heartRate(metadata: ["HKWasUserEntered": .bool(false)])
        #expect(try Fixtures.verify(try Fixtures.signed(measured)).kind == .valid)
    }

    @Test("the record writer and the dictionary builder agree on records of format version 2")
    func writerAndBuilderAgreeOnVersion2() throws {
        var samples: [Sample] = [try Self.glucose(), try Self.glucose(extra: ["HKMetadataKeySyncVersion": .number(2),
                                                                              "HKMetadataKeyBloodGlucoseMealTime": .number(1)])]
        guard case .correlation(var k) = try Fixtures.bloodPressure() else { return }
        k.objects[0].metadata = ["HKWasUserEntered": .bool(false)]
        samples.append(.correlation(k))
        samples.append(try Fixtures.heartRate(metadata: ["note": .string(String(repeating: "x", count: 300)),
                                                         "HKDigitalSignature": .string(String(repeating: "A", count: 400))]))
        for sample in samples {
            // Twice: the second is written from this thread's memo where the metadata allows.
            for _ in 0..<2 {
                #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)))
            }
        }
        // The first entry of a key given twice (two spellings) is the one signed.
        let record = try SignedRecord(derEncoded: try RecordBuilder.encodedRecord(for: samples[1]))
        #expect(record.metadata["HKBloodGlucoseMealTime"] == .real(try DERReal(Decimal(2))))
        #expect(record.metadata["HKMetadataKeySyncVersion"] == nil)
        #expect(try SignedRecord(derEncoded: try RecordBuilder.encodedRecord(for: samples[2])).formatVersion == 2)
    }

    @Test("a stored sample with very many metadata keys verifies in linear time, each key unsigned context once")
    func manyStoredKeysVerifyInLinearTime() throws {
        // Growth, not a wall-clock bound: ten times the keys may take at most forty times as long.
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        func stored(_ count: Int) -> Sample {
            var sample = signed
            var metadata = sample.metadata
            for index in 0..<count { metadata.append(key: "k\(index)", value: .string("v")) }
            metadata.append(key: "k0", value: .string("again"))
            sample.metadata = metadata
            return sample
        }
        let small = stored(2_000), large = stored(20_000)
        let verdict = try Fixtures.verify(large)
        #expect(verdict.kind == .valid)
        #expect(verdict.unsignedContext(of: large).count == 20_000)
        let clock = ContinuousClock()
        func fastest(_ sample: Sample) -> Duration {
            (0..<3).map { _ in clock.measure { _ = try? Fixtures.verify(sample).unsignedContext(of: sample) } }.min() ?? .zero
        }
        let smallTime = fastest(small), largeTime = fastest(large)
        #expect(largeTime < smallTime * 40, "2,000 keys: \(smallTime), 20,000 keys: \(largeTime)")
    }

    @Test("a correlation object's context key is compared under its object's path")
    func correlationObjectContextIsCompared() throws {
        guard case .correlation(var k) = try Fixtures.bloodPressure() else { return }
        k.objects[0].metadata = ["HKWasUserEntered": .bool(false)]
        let verdict = try Fixtures.tamper(.correlation(k)) { stored in
            guard case .correlation(var c) = stored else { return }
            c.objects[0].metadata = ["HKWasUserEntered": .bool(true)]
            stored = .correlation(c)
        }
        #expect(verdict.mismatches == [FieldMismatch(field: "objects[0].metadata.HKWasUserEntered", signed: "false", stored: "true")])
    }
}
