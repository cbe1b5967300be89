import Foundation
import Testing
@testable import HealthSamples

/// Metadata order, exact key text, aliasing of HealthKit's two key spellings; device fields.
@Suite struct MetadataTests {
    @Test func storedNamesOfPredefinedKeys() {
        let pairs = [
            ("HKMetadataKeyDigitalSignature", "HKDigitalSignature"), ("HKMetadataKeyTimeZone", "HKTimeZone"),
            ("HKMetadataKeyDeviceSerialNumber", "HKDeviceSerialNumber"),
            ("HKMetadataKeyUDIDeviceIdentifier", "HKUDIDeviceIdentifier"),
            ("HKMetadataKeyUDIProductionIdentifier", "HKUDIProductionIdentifier"),
            ("HKMetadataKeyExternalUUID", "HKExternalUUID"), ("HKMetadataKeyDeviceName", "HKDeviceName"),
            ("HKMetadataKeyDeviceManufacturerName", "HKDeviceManufacturerName"),
            ("HKMetadataKeyWasUserEntered", "HKWasUserEntered"), ("HKMetadataKeyIndoorWorkout", "HKIndoorWorkout"),
            ("HKMetadataKeySyncIdentifier", "HKMetadataKeySyncIdentifier"),
            ("HKMetadataKeyHeartRateMotionContext", "HKMetadataKeyHeartRateMotionContext"),
        ]
        for (constant, stored) in pairs {
            #expect(MetadataKey.storedName(for: constant) == stored)
            #expect(MetadataKey.storedName(for: stored) == stored)
            #expect(MetadataKey.named(constant) == MetadataKey.named(stored))
        }
        #expect(MetadataKey.storedName(for: "Modified Date") == "Modified Date")
        #expect(MetadataKey.named("Modified Date") == nil)
        #expect(MetadataKey.digitalSignature.constantName == "HKMetadataKeyDigitalSignature")
    }

    @Test func nameFromBytesIsEitherPredefinedSpellingAndNothingElse() {
        func name(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBufferPointer { MetadataKey.name(utf8: $0) }
        }
        for key in MetadataKey.all {
            #expect(name(key.constantName) == key.constantName)
            #expect(name(key.storedName) == key.storedName)
        }
        #expect(name("HKDigitalSignatureX") == nil)
        #expect(name("hkdigitalsignature") == nil)
        #expect(name("Modified Date") == nil)
        #expect(name("") == nil)
    }

    @Test func everySpecKeyIsPredefined() {
        let suffixes = [
            "DeviceSerialNumber", "BodyTemperatureSensorLocation", "HeartRateSensorLocation", "FoodType",
            "UDIDeviceIdentifier", "UDIProductionIdentifier", "DigitalSignature", "ExternalUUID", "TimeZone",
            "DeviceName", "DeviceManufacturerName", "WasTakenInLab", "ReferenceRangeLowerLimit",
            "ReferenceRangeUpperLimit", "WasUserEntered", "WorkoutBrandName", "GroupFitness", "IndoorWorkout",
            "CoachedWorkout", "SexualActivityProtectionUsed", "MenstrualCycleStart",
        ]
        for suffix in suffixes {
            #expect(MetadataKey.named("HKMetadataKey" + suffix)?.storedName == "HK" + suffix)
        }
    }

    @Test func lookupsResolveEitherSpelling() {
        var metadata: Metadata = ["HKDigitalSignature": .string("MIIB"), "HKMetadataKeyTimeZone": .string("Europe/Paris")]
        #expect(metadata["HKMetadataKeyDigitalSignature"] == .string("MIIB"))
        #expect(metadata["HKDigitalSignature"] == .string("MIIB"))
        #expect(metadata["HKTimeZone"] == .string("Europe/Paris"))
        #expect(metadata[MetadataKey.timeZone] == .string("Europe/Paris"))
        #expect(metadata["HKExternalUUID"] == nil)
        // Replacing keeps the key text as first written, and the position.
        metadata["HKMetadataKeyDigitalSignature"] = .string("MIIC")
        #expect(metadata.keys == ["HKDigitalSignature", "HKMetadataKeyTimeZone"])
        #expect(metadata["HKDigitalSignature"] == .string("MIIC"))
    }

    @Test func orderDuplicatesAndRemoval() {
        var metadata = Metadata()
        metadata["b"] = .number(2)
        metadata["a"] = .bool(true)
        metadata.append(key: "b", value: .number(3))
        metadata.append(key: "HKMetadataKeyWasUserEntered", value: .number(1))
        #expect(metadata.keys == ["b", "a", "b", "HKMetadataKeyWasUserEntered"])
        #expect(metadata["b"] == .number(2))
        #expect(metadata.entries(forKey: "b").map(\.value) == [.number(2), .number(3)])
        #expect(metadata.count == 4)
        #expect(metadata[2] == Metadata.Entry(key: "b", value: .number(3)))
        metadata["b"] = nil
        #expect(metadata.keys == ["a", "HKMetadataKeyWasUserEntered"])
        #expect(metadata.removeAll(forKey: "HKWasUserEntered") == 1)
        #expect(metadata.keys == ["a"])
    }

    @Test func equalityIsOrdered() {
        let ab: Metadata = ["a": .number(1), "b": .number(2)]
        let ba: Metadata = ["b": .number(2), "a": .number(1)]
        #expect(ab != ba)
        #expect(ab == Metadata([Metadata.Entry(key: "a", value: .number(1)), Metadata.Entry(key: "b", value: .number(2))]))
    }

    @Test func valueAccessors() throws {
        let date = try SampleDate(rfc3339: "2016-04-18T15:56:05Z")
        #expect(MetadataValue.string("x").stringValue == "x")
        #expect(MetadataValue.number(1).boolValue == true)
        #expect(MetadataValue.number(0).boolValue == false)
        #expect(MetadataValue.number(2).boolValue == nil)
        #expect(MetadataValue.bool(true).numberValue == 1)
        #expect(MetadataValue.date(date).dateValue == date)
        #expect(MetadataValue.date(date).description == "2016-04-18T15:56:05Z")
        let quantity = try Quantity(parsing: "56 degF")
        #expect(MetadataValue.quantity(quantity).quantityValue == quantity)
        #expect(MetadataValue.quantity(quantity).description == "56 degF")
        #expect(MetadataValue.number(try DecimalText.parse("36.6")).description == "36.6")
        #expect(MetadataValue.string("x").numberValue == nil)
    }

    @Test func deviceFieldsInFixedOrder() {
        var device = Device(name: "BP7450", manufacturer: "Omron", softwareVersion: "1.2", udiDeviceIdentifier: "0123")
        #expect(device.fields.map(\.key) == ["name", "manufacturer", "softwareVersion", "udiDeviceIdentifier"])
        #expect(device.fields.map(\.value) == ["BP7450", "Omron", "1.2", "0123"])
        device[field: "firmwareVersion"] = "9"
        device[field: "bogus"] = "ignored"
        #expect(device.firmwareVersion == "9")
        #expect(device[field: "firmwareVersion"] == "9")
        #expect(device.fields.map(\.key) == ["name", "manufacturer", "firmwareVersion", "softwareVersion", "udiDeviceIdentifier"])
        #expect(Device().isEmpty)
        let full = Device(name: "a", manufacturer: "b", model: "c", hardwareVersion: "d", firmwareVersion: "e",
                          softwareVersion: "f", localIdentifier: "g", udiDeviceIdentifier: "h")
        #expect(full.fields.map(\.key) == Device.fieldNames)
    }
}
