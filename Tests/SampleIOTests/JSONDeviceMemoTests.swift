import HealthSamples
import Testing
@testable import SampleIO

/// A device object whose text is the one a thread read last is not read again; any other text
/// is, so a decoded line never depends on the lines before it.
@Suite struct JSONDeviceMemoTests {
    static let device = #"{"name":"Acme HR Strap","manufacturer":"Acme Medical Devices Inc.","model":"HR-10","firmwareVersion":"2.3.1"}"#

    private func remembered(_ memo: JSONDeviceMemo, before text: String) -> (device: Device, length: Int)? {
        Array(text.utf8).withUnsafeBufferPointer { memo.device(startingAt: $0) }
    }

    private func memoRemembering(_ text: String, as device: Device) -> JSONDeviceMemo {
        var memo = JSONDeviceMemo()
        Array(text.utf8).withUnsafeBufferPointer { memo.remember(device, readFrom: $0) }
        return memo
    }

    @Test func sameTextGivesTheRememberedDeviceAndItsLength() throws {
        let device = Device(name: "Acme HR Strap", model: "HR-10")
        let memo = memoRemembering(Self.device, as: device)
        let found = try #require(remembered(memo, before: Self.device + #","metadata":{}}"#))
        #expect(found.device == device)
        #expect(found.length == Self.device.utf8.count)
    }

    @Test(arguments: [
        device.replacingOccurrences(of: "HR-10", with: "HR-11"),
        device.replacingOccurrences(of: "{\"name\"", with: "{ \"name\""),
        String(device.dropLast()),
        "",
        device.replacingOccurrences(of: "Acme", with: "acme"),
    ])
    func anyOtherTextIsNotRemembered(_ text: String) {
        let memo = memoRemembering(Self.device, as: Device(name: "Acme HR Strap"))
        #expect(remembered(memo, before: text) == nil)
    }

    @Test func textLongerThanTheLimitIsNotRemembered() {
        let long = #"{"name":""# + String(repeating: "x", count: JSONDeviceMemo.maximumLength) + #""}"#
        let memo = memoRemembering(long, as: Device(name: "x"))
        #expect(remembered(memo, before: long) == nil)
    }

    @Test func everyDeviceRememberedIsFoundAndTheOldestGoesWhenTheMemoIsFull() throws {
        var memo = JSONDeviceMemo()
        let texts = (0...JSONDeviceMemo.capacity).map { #"{"name":"device \#($0)"}"# }
        for (index, text) in texts.enumerated() {
            Array(text.utf8).withUnsafeBufferPointer { memo.remember(Device(name: "device \(index)"), readFrom: $0) }
        }
        #expect(remembered(memo, before: texts[0]) == nil)
        for (index, text) in texts.enumerated().dropFirst() {
            let found = try #require(remembered(memo, before: text + ","))
            #expect(found.device.name == "device \(index)")
            #expect(found.length == text.utf8.count)
        }
    }

    /// The same lines read in an order where each may find the previous line's device
    /// remembered: each must decode as the general path decodes it on its own.
    @Test func linesDecodeAsTheGeneralPathWhateverDeviceWasReadBefore() {
        let heartRate = JSONSampleFastDecoderTests.heartRate
        let lines = [
            heartRate,
            heartRate.replacingOccurrences(of: "HR-10", with: "HR-11"),
            heartRate,
            heartRate.replacingOccurrences(of: "\"model\":\"HR-10\"", with: "\"model\":\"HR-10\",\"model\":\"HR-10\""),
            heartRate,
            heartRate.replacingOccurrences(of: "\"firmwareVersion\":\"2.3.1\"}", with: "\"firmwareVersion\":\"2.3.1\"}}"),
            heartRate,
            heartRate.replacingOccurrences(of: "\"device\":{", with: "\"device\":{\"name\":\"x\"},\"device\":{"),
            heartRate,
            String(heartRate.prefix { $0 != "}" }),
            heartRate,
            heartRate.replacingOccurrences(of: "\"device\":{\"name\"", with: "\"device\": {\"name\""),
            JSONSampleFastDecoderTests.bloodPressure,
            heartRate,
        ]
        for line in lines {
            let bytes = Array(line.utf8)
            switch JSONSampleFastDecoderTests.general(bytes) {
            case .success(let sample):
                let decoded = JSONSampleFastDecoder.sample(of: bytes)
                #expect(decoded == nil || decoded == sample, "\(line)")
                #expect(decoded?.device == nil || decoded?.device == sample.device, "\(line)")
                #expect((try? JSONSampleLine(bytes: bytes, line: 1, position: 1).decoded().get())?.sample == sample)
            case .failure:
                #expect(JSONSampleFastDecoder.sample(of: bytes) == nil, "\(line)")
            }
        }
    }
}
