import HealthSamples
import Testing
@testable import SampleIO

@Suite("Signature splicing")
struct MetadataSplicerTests {
    @Test func addsMetadataObjectWhenAbsent() throws {
        let line = #"{"type":"HKQuantityTypeIdentifierHeartRate", "value":72.50 ,"unit":"count/min"}"#
        let result = try insertingMetadataValue(key: "HKDigitalSignature", stringValue: "MIIB+/=", into: line)
        #expect(result == #"{"type":"HKQuantityTypeIdentifierHeartRate", "value":72.50 ,"unit":"count/min","metadata":{"HKDigitalSignature":"MIIB+/="}}"#)
    }

    @Test func appendsToExistingMetadataKeepingEveryOtherByte() throws {
        let line = "{ \"value\" : 1.0e1,\n\t\"metadata\" : { \"HKDeviceSerialNumber\" : \"SN\\u002D1\" } , \"x\":[ ] }"
        let result = try insertingMetadataValue(key: "HKDigitalSignature", stringValue: "sig", into: line)
        #expect(result == "{ \"value\" : 1.0e1,\n\t\"metadata\" : { \"HKDeviceSerialNumber\" : \"SN\\u002D1\",\"HKDigitalSignature\":\"sig\" } , \"x\":[ ] }")
        assertOnlyInsertion(original: line, result: result)
    }

    @Test func insertsIntoEmptyMetadata() throws {
        #expect(try insertingMetadataValue(key: "k", stringValue: "v", into: #"{"metadata":{ }}"#) == #"{"metadata":{ "k":"v"}}"#)
        #expect(try insertingMetadataValue(key: "k", stringValue: "v", into: "{ }") == #"{ "metadata":{"k":"v"}}"#)
    }

    @Test func replacesSameKeyAndSDKAliasInPlace() throws {
        let line = #"{"metadata":{"a":1,"HKMetadataKeyDigitalSignature":"old","b":2,"HKDigitalSignature":"older"},"v":1}"#
        let result = try insertingMetadataValue(key: "HKDigitalSignature", stringValue: "new", into: line)
        #expect(result == #"{"metadata":{"a":1,"HKDigitalSignature":"new","b":2},"v":1}"#)
        let plain = try insertingMetadataValue(key: "x", stringValue: "2", into: #"{"metadata":{"x":"1","y":"2"}}"#)
        #expect(plain == #"{"metadata":{"x":"2","y":"2"}}"#)
        // Other keys are not aliases of each other.
        let other = try insertingMetadataValue(key: "HKTimeZone", stringValue: "UTC", into: #"{"metadata":{"HKDigitalSignature":"s"}}"#)
        #expect(other == #"{"metadata":{"HKDigitalSignature":"s","HKTimeZone":"UTC"}}"#)
    }

    @Test func escapesKeyAndValue() throws {
        let result = try insertingMetadataValue(key: "k\"", stringValue: "a\\b\n/", into: "{}")
        #expect(result == #"{"metadata":{"k\"":"a\\b\n/"}}"#)
        #expect(try JSONParser().parse(result) == .object(["metadata": .object(["k\"": .string("a\\b\n/")])]))
    }

    @Test func preservesTrailingWhitespaceAndCR() throws {
        #expect(try insertingMetadataValue(key: "k", stringValue: "v", into: "{\"a\":1}\r") == "{\"a\":1,\"metadata\":{\"k\":\"v\"}}\r")
    }

    @Test func errors() {
        #expect(throws: SignatureSpliceError.topLevelNotAnObject(found: "array")) {
            try insertingMetadataValue(key: "k", stringValue: "v", into: "[]")
        }
        #expect(throws: SignatureSpliceError.metadataNotAnObject(found: "string")) {
            try insertingMetadataValue(key: "k", stringValue: "v", into: #"{"metadata":"x"}"#)
        }
        let error = thrownError(SignatureSpliceError.self) { _ = try insertingMetadataValue(key: "k", stringValue: "v", into: "{\"a\":}") }
        guard case .invalidJSON(let syntax) = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(syntax.reason == .unexpectedByte(UInt8(ascii: "}"), expected: .value))
        #expect(syntax.column == 6)
    }

    @Test(arguments: [SampleJSONFixtures.heartRate, SampleJSONFixtures.temperature, SampleJSONFixtures.sleep,
                      SampleJSONFixtures.bloodPressure])
    func everyOtherByteIsPreservedWhateverTheLayout(line: String) throws {
        // The same record re-spaced in several ways, with escapes and number spellings kept.
        let layouts = [
            line,
            line.replacingOccurrences(of: ",\"", with: " ,\n\t\"").replacingOccurrences(of: "\":", with: "\" : "),
            "  " + line.replacingOccurrences(of: "{", with: "{ ").replacingOccurrences(of: "}", with: " }") + " \r",
        ]
        for layout in layouts {
            let result = try insertingMetadataValue(key: "HKDigitalSignature", stringValue: "MEUCIQ+/==", into: layout)
            assertOnlyInsertion(original: layout, result: result)
            let sample = try JSONSampleDecoder.decode(result)
            #expect(sample.metadata["HKDigitalSignature"] == .string("MEUCIQ+/=="))
            #expect(sample == (try JSONSampleDecoder.decode(layout)).withMetadata("HKDigitalSignature", "MEUCIQ+/=="))
        }
    }

    /// The result must be the original with one contiguous insertion.
    private func assertOnlyInsertion(original: String, result: String) {
        let a = Array(original.utf8)
        let b = Array(result.utf8)
        var prefix = 0
        while prefix < a.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        #expect(prefix + suffix == a.count)
    }
}

extension Sample {
    /// The sample with one more string metadata entry appended.
    func withMetadata(_ key: String, _ value: String) -> Sample {
        var copy = self
        var metadata = copy.metadata
        metadata.append(key: key, value: .string(value))
        copy.metadata = metadata
        return copy
    }
}
