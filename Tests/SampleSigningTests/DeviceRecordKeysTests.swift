import HealthSamples
import Testing
@testable import SampleSigning

/// The record writer reads each device field as a property under its own encoded key; those
/// must be every field the format names, each under its record key.
@Suite struct DeviceRecordKeysTests {
    @Test func writerWritesEveryDeviceFieldUnderItsRecordKey() throws {
        #expect(RecordWriter.DeviceKeys.fields == Device.fieldNames)
        #expect(RecordWriter.DeviceKeys.fields == RecordKeys.deviceKeys.map(\.field))
        let keys = [RecordWriter.DeviceKeys.name, RecordWriter.DeviceKeys.manufacturer, RecordWriter.DeviceKeys.model,
                    RecordWriter.DeviceKeys.hardwareVersion, RecordWriter.DeviceKeys.firmwareVersion,
                    RecordWriter.DeviceKeys.softwareVersion, RecordWriter.DeviceKeys.localIdentifier,
                    RecordWriter.DeviceKeys.udiDeviceIdentifier]
        #expect(keys == RecordKeys.deviceKeys.map { RecordWriter.Keys.encoded($0.key) })
    }
}
