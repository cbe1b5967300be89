import HealthSamples
import Testing
@testable import SampleSigning

/// The record writer takes a device's `d` entry from a per-thread memo; a device that differs
/// from a remembered one in any byte of any field must get its own entry.
@Suite struct DeviceEntryMemoTests {
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
        #expect(!DeviceEntryMemo.sameBytes(absent, empty))
        #expect(DeviceEntryMemo.sameBytes(empty, Device(name: "N", model: "")))
    }

    /// More devices than the memo holds, twice over: each record is still its own device's.
    @Test func devicesBeyondTheMemoCapacityAreEncodedCorrectly() throws {
        for round in 0..<2 {
            for index in 0..<(2 * DeviceEntryMemo.capacity + 1) {
                let sample = try Fixtures.heartRate(device: Device(name: "Device \(index)", model: "R\(round)"))
                #expect(try RecordBuilder.encodedRecord(for: sample) == (try Self.dictionaryRecord(sample)))
            }
        }
    }
}
