import HealthSamples
import Testing
@testable import SampleIO

@Suite("HKDevice description strings")
struct HKDeviceDescriptionTests {
    @Test func iPhoneFromVersion8Export() {
        let parsed = HKDeviceDescription.parse("<<HKDevice: 0x282e3a260>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone10,4, software:12.3>")
        #expect(parsed == HKDeviceDescription(device: Device(name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone",
                                              hardwareVersion: "iPhone10,4", softwareVersion: "12.3")))
    }

    @Test func iOS18WithUDIAndCreationDate() {
        let parsed = HKDeviceDescription.parse("<<HKDevice: 0x6b879dfe0>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone16,2, software:18.3.2, UDIDeviceIdentifier:8CDB3BDE-3CEA-4D85-9147-9F546392BDFC, creation date:2025-03-29 12:06:39 +0000>")
        #expect(parsed?.device.hardwareVersion == "iPhone16,2")
        #expect(parsed?.device.softwareVersion == "18.3.2")
        #expect(parsed?.device.udiDeviceIdentifier == "8CDB3BDE-3CEA-4D85-9147-9F546392BDFC")
        #expect(parsed?.creationDate == "2025-03-29 12:06:39 +0000")
    }

    @Test func minimalAndPartialStrings() {
        #expect(HKDeviceDescription.parse("<<HKDevice: 0xabc>, name:WHOOP>") == HKDeviceDescription(device: Device(name: "WHOOP")))
        #expect(HKDeviceDescription.parse("<<HKDevice: 0xdef>, name:Oura, software:2.14.0>")
            == HKDeviceDescription(device: Device(name: "Oura", softwareVersion: "2.14.0")))
        #expect(HKDeviceDescription.parse("<<HKDevice: 0xdef>>") == HKDeviceDescription())
        #expect(HKDeviceDescription.parse("<<HKDevice: 0x1>, name:Apple Watch, manufacturer:Apple, model:Watch, hardware:Watch7,1, software:10.0>")
            == HKDeviceDescription(device: Device(name: "Apple Watch", manufacturer: "Apple", model: "Watch", hardwareVersion: "Watch7,1", softwareVersion: "10.0")))
    }

    @Test func valuesMayContainCommaSpace() {
        let parsed = HKDeviceDescription.parse("<<HKDevice: 0x1>, name:BP7000, manufacturer:Omron Healthcare, Inc., model:HEM-7600T, firmware:1.2, localIdentifier:AA:BB, software:2.1>")
        #expect(parsed == HKDeviceDescription(device: Device(name: "BP7000", manufacturer: "Omron Healthcare, Inc.", model: "HEM-7600T",
                                              firmwareVersion: "1.2", softwareVersion: "2.1", localIdentifier: "AA:BB")))
    }

    @Test func rejectsOtherShapes() {
        for text in ["", "just some random text", "<<HKDevice: 0xabc>", "<<HKDevice: 0xabc>, name:iPhone",
                     "<<HKDevice: 0xabc> name:iPhone>", "<<HKDevice: 0xabc>, colour:red>", "<HKDevice: 0xabc>, name:x>"] {
            #expect(HKDeviceDescription.parse(text) == nil, "\(text)")
        }
    }
}
