import Foundation
import HealthSamples
import Testing
@testable import SampleSigning

/// The record writer takes a device's `d` entry and the metadata's `m` entry from a per-thread
/// memo; input that differs from remembered input in any byte must get its own entry.
@Suite struct RecordEntryMemoTests {
    /// The record as the dictionary path encodes it, which never uses the memo.
    static func dictionaryRecord(_ sample: Sample) throws -> [UInt8] {
        RecordBuilder.encode(try RecordBuilder.record(for: sample))
    }

    @Test func repeatedDeviceGivesTheSameRecordAsTheDictionary() throws {
        let sample = try Fixtures.heartRate(device: Fixtures.fullDevice)
        let first = try RecordBuilder.encodedRecord(for: sample)
        let second = try RecordBuilder.encodedRecord(for: sample)
        #expect(first == second)
        #expect(first == (try Self.dictionaryRecord(sample)))
    }

    @Test func deviceDifferingInOneByteOfAnyFieldIsNotServedFromTheMemo() throws {
        let base = Fixtures.fullDevice
        _ = try RecordBuilder.encodedRecord(for: try Fixtures.heartRate(device: base))
        let fields: [WritableKeyPath<Device, String?>] = [\.name, \.manufacturer, \.model, \.hardwareVersion,
                                                          \.firmwareVersion, \.softwareVersion, \.localIdentifier,
                                                          \.udiDeviceIdentifier]
        for field in fields {
            var changed = base
            // The same length, one byte different: the last character moved by one.
            let text = base[keyPath: field] ?? "x"
            var bytes = Array(text.utf8)
            bytes[bytes.count - 1] ^= 1
            changed[keyPath: field] = String(decoding: bytes, as: UTF8.self)
            let sample = try Fixtures.heartRate(device: changed)
            #expect(try RecordBuilder.encodedRecord(for: sample) == (try Self.dictionaryRecord(sample)))
            // And the original is still its own record after the changed one was remembered.
            let original = try Fixtures.heartRate(device: base)
            #expect(try RecordBuilder.encodedRecord(for: original) == (try Self.dictionaryRecord(original)))
        }
    }

    /// "é" precomposed and decomposed are equal `String`s but different UTF8Strings.
    @Test func canonicallyEquivalentNamesWithOtherBytesGetTheirOwnEntries() throws {
        let precomposed = try Fixtures.heartRate(device: Device(name: "Caf\u{E9}", model: "M-1"))
        let decomposed = try Fixtures.heartRate(device: Device(name: "Cafe\u{301}", model: "M-1"))
        let first = try RecordBuilder.encodedRecord(for: precomposed)
        let second = try RecordBuilder.encodedRecord(for: decomposed)
        #expect(first != second)
        #expect(first == (try Self.dictionaryRecord(precomposed)))
        #expect(second == (try Self.dictionaryRecord(decomposed)))
    }

    @Test func absentFieldIsNotTheSameAsAnEmptyOne() throws {
        let absent = Device(name: "N", model: nil)
        let empty = Device(name: "N", model: "")
        #expect(!RecordEntryMemo.sameBytes(absent, empty))
        #expect(RecordEntryMemo.sameBytes(empty, Device(name: "N", model: "")))
    }

    /// More devices than the memo holds, twice over: each record is still its own device's.
    @Test func devicesBeyondTheMemoCapacityAreEncodedCorrectly() throws {
        for round in 0..<2 {
            for index in 0..<(2 * RecordEntryMemo.capacity + 1) {
                let sample = try Fixtures.heartRate(device: Device(name: "Device \(index)", model: "R\(round)"))
                #expect(try RecordBuilder.encodedRecord(for: sample) == (try Self.dictionaryRecord(sample)))
            }
        }
    }

    @Test func metadataDifferingInOneByteOfAKeyOrValueIsNotServedFromTheMemo() throws {
        let base: Metadata = ["HKMetadataKeyDeviceSerialNumber": .string("BP200-12345"),
                              "HKMetadataKeyTimeZone": .string("Europe/Paris"), "Custom": .string("x")]
        let original = try Fixtures.heartRate(metadata: base)
        #expect(try RecordBuilder.encodedRecord(for: original) == (try Self.dictionaryRecord(original)))
        let variants: [Metadata] = [
            ["HKMetadataKeyDeviceSerialNumber": .string("BP200-12344"), "HKMetadataKeyTimeZone": .string("Europe/Paris"),
             "Custom": .string("x")],
            ["HKMetadataKeyDeviceSerialNumber": .string("BP200-12345"), "HKMetadataKeyTimeZone": .string("Europe/Parjs"),
             "Custom": .string("x")],
            // The key's other spelling names the same entry and is written under the stored name.
            ["HKDeviceSerialNumber": .string("BP200-12345"), "HKMetadataKeyTimeZone": .string("Europe/Paris"),
             "Custom": .string("x")],
            ["HKMetadataKeyDeviceSerialNumber": .string("BP200-12345"), "HKMetadataKeyTimeZone": .string("Europe/Paris")],
            ["HKMetadataKeyDeviceSerialNumber": .bool(true), "HKMetadataKeyTimeZone": .string("Europe/Paris")],
            ["HKMetadataKeyDeviceSerialNumber": .bool(false), "HKMetadataKeyTimeZone": .string("Europe/Paris")],
            ["HKMetadataKeyDeviceSerialNumber": .string("Caf\u{E9}")],
            ["HKMetadataKeyDeviceSerialNumber": .string("Cafe\u{301}")],
            ["Custom": .string("x")],
        ]
        for metadata in variants {
            let sample = try Fixtures.heartRate(metadata: metadata)
            #expect(try RecordBuilder.encodedRecord(for: sample) == (try Self.dictionaryRecord(sample)))
            #expect(try RecordBuilder.encodedRecord(for: original) == (try Self.dictionaryRecord(original)))
        }
    }

    /// Numbers are never served from the memo (`Decimal` equality does not see how they were
    /// written), nor is metadata with a text as long as a signature remembered.
    @Test func metadataWithANumberOrASignatureIsEncodedEachTime() throws {
        #expect(!RecordEntryMemo.isMemoizable((["HKBodyTemperatureSensorLocation": .number(2)] as Metadata).entries))
        #expect(RecordEntryMemo.isMemoizable((["HKMetadataKeyTimeZone": .string("UTC"), "B": .bool(true)] as Metadata).entries))
        // A long text under a signed key; under one the record leaves out (a signature) it
        // does not count.
        #expect(!RecordEntryMemo.isMemoizable((["HKMetadataKeyTimeZone": .string(String(repeating: "A", count: 600))] as Metadata).entries))
        #expect(RecordEntryMemo.isMemoizable((["HKDigitalSignature": .string(String(repeating: "A", count: 600))] as Metadata).entries))
        for text in ["2", "2.0", "2.5", "-0"] {
            let sample = try Fixtures.heartRate(metadata: ["HKBodyTemperatureSensorLocation": .number(try #require(Decimal(string: text)))])
            #expect(try RecordBuilder.encodedRecord(for: sample) == (try Self.dictionaryRecord(sample)))
        }
    }

    /// The memo keeps workout and other metadata apart (the fast path looks keys up in the list
    /// format version 1 signs for each), and since every device-supplied key is signed in both
    /// (docs/FORMAT.md, "Signed metadata"), the two entries hold the same keys.
    @Test func workoutAndOtherSamplesKeepTheirOwnMetadataEntriesWithTheSameSignedKeys() throws {
        let entries = (["HKMetadataKeyTimeZone": .string("Europe/Paris"), "HKMetadataKeyIndoorWorkout": .bool(true)] as Metadata).entries
        let plain = RecordEntryMemo.MetadataInput(entries: entries, workout: false)
        let workout = RecordEntryMemo.MetadataInput(entries: entries, workout: true)
        #expect(!RecordEntryMemo.sameBytes(plain, workout))
        let plainEntry = try RecordEntryMemo.metadataEntry(for: entries, workout: false, encode: RecordWriter.metadataEntry)
        let workoutEntry = try RecordEntryMemo.metadataEntry(for: entries, workout: true, encode: RecordWriter.metadataEntry)
        #expect(plainEntry == (try RecordWriter.metadataEntry(plain)))
        #expect(workoutEntry == (try RecordWriter.metadataEntry(workout)))
        #expect(plainEntry == workoutEntry)
        #expect(String(decoding: plainEntry, as: UTF8.self).contains("HKIndoorWorkout"))
    }
}

/// The memo recognises the very device it kept by its representation before comparing texts;
/// that must never serve one device's entry for another.
@Suite struct RecordEntryMemoRepresentationTests {
    @Test func aCopyOfADeviceHasItsRepresentationAndAnEqualDeviceBuiltApartStillGetsTheSameEntry() throws {
        let device = Fixtures.fullDevice
        let copy = device
        #expect(RecordEntryMemo.sameRepresentation(device, copy))
        let rebuilt = Device(name: device.name.map { String(decoding: Array($0.utf8), as: UTF8.self) },
                             manufacturer: device.manufacturer, model: device.model,
                             hardwareVersion: device.hardwareVersion, firmwareVersion: device.firmwareVersion,
                             softwareVersion: device.softwareVersion, localIdentifier: device.localIdentifier,
                             udiDeviceIdentifier: device.udiDeviceIdentifier)
        let first = try RecordBuilder.encodedRecord(for: try Fixtures.heartRate(device: device))
        let second = try RecordBuilder.encodedRecord(for: try Fixtures.heartRate(device: rebuilt))
        #expect(first == second)
        #expect(first == RecordBuilder.encode(try RecordBuilder.record(for: try Fixtures.heartRate(device: rebuilt))))
    }

    @Test func devicesThatDifferNeverShareARepresentation() throws {
        var other = Fixtures.fullDevice
        other.model = "BP-201"
        #expect(!RecordEntryMemo.sameRepresentation(Fixtures.fullDevice, other))
        #expect(!RecordEntryMemo.sameRepresentation(Device(), other))
        let sample = try Fixtures.heartRate(device: other)
        _ = try RecordBuilder.encodedRecord(for: try Fixtures.heartRate(device: Fixtures.fullDevice))
        #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)))
    }
}

/// Stored samples carry their own signature, a long text under a key the record leaves out: their
/// metadata is remembered without it, and must still give each sample the dictionary's record.
@Suite struct RecordEntryMemoSignatureTests {
    static func metadata(signature: String, timeZone: String = "Europe/Berlin") -> Metadata {
        ["HKMetadataKeyDeviceSerialNumber": .string("SN12345"), "HKDigitalSignature": .string(signature),
         "HKMetadataKeyTimeZone": .string(timeZone)]
    }

    @Test func samplesDifferingOnlyInTheirSignatureGetTheDictionarysRecord() throws {
        for index in 0..<4 {
            let signature = String(repeating: "MIIB\(index)", count: 100 + index)
            let sample = try Fixtures.heartRate(device: Fixtures.fullDevice, metadata: Self.metadata(signature: signature))
            #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)))
        }
    }

    @Test func aSignedValueThatChangesNextToASignatureIsNotServedFromTheMemo() throws {
        let signature = String(repeating: "QUJD", count: 150)
        for zone in ["Europe/Berlin", "Europe/Paris", "Europe/Berlin"] {
            let sample = try Fixtures.heartRate(metadata: Self.metadata(signature: signature, timeZone: zone))
            #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)))
        }
    }

    @Test func aLongTextUnderASignedKeyIsEncodedEachTime() throws {
        for zone in [String(repeating: "Z", count: 300), String(repeating: "Y", count: 300)] {
            let sample = try Fixtures.heartRate(metadata: Self.metadata(signature: "x", timeZone: zone))
            #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)))
        }
    }
}
