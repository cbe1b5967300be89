import Foundation
import HealthSamples
import Testing
@testable import SampleIO

/// Second-read findings on the JSON sample format.
@Suite("JSON sample format")
struct JSONSampleFormatTests {
    static func heartRate(metadata: String) -> String {
        #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","#
            + #""endDate":"2026-11-21T08:00:00Z","metadata":"# + metadata + "}"
    }

    /// A predefined key given under both spellings is one HealthKit key with two values: the
    /// signer took the first, the verifier compared another, so a freshly signed sample failed
    /// its own verification. The decoder now refuses it, naming the second spelling.
    @Test("one predefined metadata key under both spellings is refused", arguments: [
        (#"{"HKTimeZone":"Europe/Paris","HKMetadataKeyTimeZone":"America/New_York"}"#,
         "metadata.HKMetadataKeyTimeZone", "HKTimeZone"),
        (#"{"HKMetadataKeyDeviceSerialNumber":"SN-1","a":1,"HKDeviceSerialNumber":"SN-2"}"#,
         "metadata.HKDeviceSerialNumber", "HKMetadataKeyDeviceSerialNumber"),
        (#"{"HKDigitalSignature":"MIIB","HKMetadataKeyDigitalSignature":"MIIC"}"#,
         "metadata.HKMetadataKeyDigitalSignature", "HKDigitalSignature"),
    ])
    func aliasDuplicatesAreRefused(metadata: String, field: String, earlier: String) {
        let validation = SampleValidationError(typeIdentifier: "HKQuantityTypeIdentifierHeartRate", field: field,
                                               kind: .metadataKeyTwice(earlier: earlier))
        #expect(throws: SampleInputError(line: 4, field: field, reason: .invalidSample(validation))) {
            try JSONSampleDecoder.decode(Self.heartRate(metadata: metadata), line: 4)
        }
    }

    @Test("custom keys and different predefined keys are still accepted, keys kept as given")
    func distinctKeysAreAccepted() throws {
        let sample = try JSONSampleDecoder.decode(Self.heartRate(
            metadata: #"{"HKMetadataKeyTimeZone":"Europe/Paris","HKDeviceSerialNumber":"SN-1","hktimezone":"x"}"#))
        #expect(sample.metadata.keys == ["HKMetadataKeyTimeZone", "HKDeviceSerialNumber", "hktimezone"])
    }

    /// Values at the edges of what the reader accepts (38 digits, exponents −128 … 127) must be
    /// written as JSON the reader accepts again: plain notation of 1e-128 is 130 characters,
    /// beyond the reader's 128-character limit for a number.
    @Test("the writer's numbers read back for every value the reader accepts", arguments: [
        "1e-128", "-1e-128", "1e127", "12345678901234567890123456789012345678e-128",
        "12345678901234567890123456789012345678e89", "-9.9e-100", "36.6", "0", "120", "0.0001",
    ])
    func extremeValuesRoundTrip(text: String) throws {
        let value = try DecimalText.parse(text)
        let sample = Sample.quantity(QuantitySample(
            type: .heartRate, quantity: Quantity(value: value, unit: .countPerMinute),
            startDate: try SampleDate(rfc3339: "2026-11-21T08:00:00Z")))
        let line = JSONSampleWriter.line(for: sample)
        guard case .quantity(let again) = try JSONSampleDecoder.decode(line) else {
            Issue.record("expected a quantity sample")
            return
        }
        #expect(again.quantity.value == value)
    }

    @Test("ordinary values keep plain notation")
    func ordinaryValuesStayPlain() throws {
        let sample = Sample.quantity(QuantitySample(
            type: .bodyTemperature, quantity: Quantity(value: try DecimalText.parse("36.6"), unit: .degreeCelsius),
            startDate: try SampleDate(rfc3339: "2026-11-21T08:00:00Z")))
        #expect(JSONSampleWriter.line(for: sample).contains(#""value":36.6,"#))
    }
}
