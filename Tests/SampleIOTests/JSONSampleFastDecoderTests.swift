import Foundation
import HealthSamples
import Testing
@_spi(FastPathReference) @testable import SampleIO

/// A sample line of the usual shape is decoded straight from its bytes; whatever it returns must
/// be exactly what the general path (parse to a value, then ``JSONSampleDecoder``) gives, and
/// anything it does not read must be left to the general path, so that errors stay its errors.
@Suite struct JSONSampleFastDecoderTests {
    static let heartRate = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":50,"unit":"count/min","startDate":"2026-11-01T00:00:00Z","endDate":"2026-11-01T00:00:00Z","device":{"name":"Acme HR Strap","manufacturer":"Acme Medical Devices Inc.","model":"HR-10","firmwareVersion":"2.3.1"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"HR10-000417"}}"#
    static let bloodPressure = #"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-01T00:00:05+01:00","endDate":"2026-11-01T00:00:45+01:00","objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":100,"unit":"mmHg","startDate":"2026-11-01T00:00:05+01:00","endDate":"2026-11-01T00:00:45+01:00"},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":60,"unit":"mmHg","startDate":"2026-11-01T00:00:05+01:00","endDate":"2026-11-01T00:00:45+01:00","metadata":{"HKWasUserEntered":true}}],"device":{"name":"Acme BP-200 Cuff","hardwareVersion":"2.1","softwareVersion":"3.0.12","localIdentifier":"AA:BB:CC:DD:EE:FF","udiDeviceIdentifier":"(01)00812345678901(21)SN12345"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"BP200-12345","HKMetadataKeyTimeZone":"Europe/Paris"}}"#
    static let sleep = #"{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":3,"startDate":"2026-11-01T00:00:30Z","endDate":"2026-11-01T00:00:50Z"}"#

    /// Lines this path reads.
    static let usualLines: [String] = [
        heartRate, bloodPressure, sleep,
        " \t" + heartRate.replacingOccurrences(of: ",", with: " ,\r\n ").replacingOccurrences(of: "\":", with: "\" :\t") + "  ",
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":50.000"),
        heartRate.replacingOccurrences(of: "\"endDate\":\"2026-11-01T00:00:00Z\"", with: "\"endDate\":\"2026-11-01T01:00:00.000+01:00\""),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":5.0E+1"),
        heartRate.replacingOccurrences(of: "{\"type\"", with: "{\"uuid\":\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\"type\""),
        heartRate.replacingOccurrences(of: "Acme HR Strap", with: "Acmé ☃ 𝄞 Strap"),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"}", with: "\"HR10-000417\",\"HKDigitalSignature\":\"MIIB\",\"n\":-1.50,\"b\":false}"),
        heartRate.replacingOccurrences(of: "\"metadata\":{\"HKMetadataKeyDeviceSerialNumber\":\"HR10-000417\"}", with: "\"metadata\":{ }"),
        heartRate.replacingOccurrences(of: "00:00:00Z", with: "00:00:00.1Z"),
        heartRate.replacingOccurrences(of: "00:00:00Z", with: "00:00:00.123456789Z"),
        heartRate.replacingOccurrences(of: "2026-11-01T00:00:00Z", with: "2024-02-29t05:30:00.5-00:00"),
        heartRate.replacingOccurrences(of: "\"startDate\":\"2026-11-01T00:00:00Z\"", with: "\"startDate\":\"2026-11-01T05:29:00+05:30\""),
        heartRate.replacingOccurrences(of: "\"endDate\":\"2026-11-01T00:00:00Z\"", with: "\"endDate\":\"2026-10-31T23:00:00.000000001-01:00\""),
        heartRate.replacingOccurrences(of: "2026-11-01T00:00:00Z", with: "9999-12-31T23:59:59.999999999z"),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":12345678901234567890"),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":-0.000"),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":1000000000000000000000000"),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":0.0000500e2"),
        heartRate.replacingOccurrences(of: "\"unit\":\"count/min\"", with: "\"unit\":\"count/s\""),
        heartRate.replacingOccurrences(of: "\"unit\":\"count/min\"", with: "\"unit\":\"count/hr\""),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"}", with: "\"HR10-000417\",\"n\":12345678901234567890.5}"),
        // Keys that start like predefined ones, and predefined keys short enough to be held inline.
        heartRate.replacingOccurrences(of: "\"HR10-000417\"}", with: "\"HR10-000417\",\"HKCustom\":1,\"HK\":2,\"H\":3,\"HKTimeZone\":\"UTC\",\"HKFoodType\":\"x\",\"HKMetadataKeySyncVersion\":4}"),
        sleep.replacingOccurrences(of: "}", with: ",\"metadata\":{\"HKTimeZone\":\"UTC\",\"HKMetadataKeyDeviceSerialNumber\":\"A\"}}"),
        heartRate.replacingOccurrences(of: "\"device\":{\"name\"", with: "\"device\":{},\"x\":{\"name\"").replacingOccurrences(of: ",\"x\":{", with: ",\"metadata\":{").replacingOccurrences(of: "},\"metadata\":{\"HKMetadataKeyDeviceSerialNumber\":\"HR10-000417\"}}", with: "}}"),
    ]

    /// Lines it leaves to the general path: valid ones of other shapes, and invalid ones.
    static let unusualLines: [String] = [
        #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeRunning","startDate":"2026-11-01T00:00:00Z","endDate":"2026-11-01T01:00:00Z"}"#,
        heartRate.replacingOccurrences(of: "HR-10", with: #"HR\u002d10"#),
        heartRate.replacingOccurrences(of: "\"model\"", with: #""mod\u0065l""#),
        heartRate.replacingOccurrences(of: "HKMetadataKeyDeviceSerialNumber", with: "HKMetadataKeyDéviceSerialNumber"),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"}", with: "\"HR10-000417\",\"e\u{301}\":\"x\",\"\u{e9}\":\"y\"}"),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"}", with: "\"HR10-000417\",\"HKMetadataKeyDeviceSerialNumber\":\"x\"}"),
        heartRate.replacingOccurrences(of: "\"model\":\"HR-10\"", with: "\"model\":\"HR-10\",\"model\":\"HR-11\""),
        heartRate.replacingOccurrences(of: "\"unit\":\"count/min\"", with: "\"unit\":\"count/min\",\"unit\":\"count/min\""),
        heartRate.replacingOccurrences(of: "\"device\"", with: "\"devices\""),
        heartRate.replacingOccurrences(of: "\"model\"", with: "\"modle\""),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":\"50\""),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":1e999"),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":05"),
        heartRate.replacingOccurrences(of: "\"unit\":\"count/min\"", with: "\"unit\":\"degC\""),
        heartRate.replacingOccurrences(of: "\"unit\":\"count/min\"", with: "\"unit\":\"bpm\""),
        heartRate.replacingOccurrences(of: "\"startDate\":\"2026-11-01T00:00:00Z\"", with: "\"startDate\":\"2026-11-01T00:00:01Z\""),
        heartRate.replacingOccurrences(of: "\"startDate\":\"2026-11-01T00:00:00Z\",", with: ""),
        heartRate.replacingOccurrences(of: "2026-11-01T00:00:00Z", with: "2025-02-29T00:00:00Z"),
        heartRate.replacingOccurrences(of: "2026-11-01T00:00:00Z", with: "2026-11-01T00:00:00.1234567890Z"),
        heartRate.replacingOccurrences(of: "2026-11-01T00:00:00Z", with: "2026-11-01T00:00:00-0400"),
        heartRate.replacingOccurrences(of: "2026-11-01T00:00:00Z", with: "2026-11-01T24:00:00Z"),
        heartRate.replacingOccurrences(of: "2026-11-01T00:00:00Z", with: "2026-11-01T00:00:60Z"),
        heartRate.replacingOccurrences(of: "2026-11-01T00:00:00Z", with: "0000-01-01T00:00:00+00:01"),
        heartRate.replacingOccurrences(of: "\"endDate\":\"2026-11-01T00:00:00Z\"", with: "\"endDate\":\"2026-11-01T00:00:00Z \""),
        heartRate.replacingOccurrences(of: "HKQuantityTypeIdentifierHeartRate", with: "HKQuantityTypeIdentifierHeartRat"),
        // A Kelvin sign, canonically equivalent to K: the type is found only by comparing Strings.
        heartRate.replacingOccurrences(of: "HKQuantityTypeIdentifierHeartRate", with: "H\u{212A}QuantityTypeIdentifierHeartRate"),
        heartRate.replacingOccurrences(of: "\"unit\":\"count/min\"", with: "\"unit\":\"count/min \""),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":1e-200"),
        heartRate.replacingOccurrences(of: "\"value\":50", with: "\"value\":123456789012345678901234567890123456789"),
        heartRate.replacingOccurrences(of: "{\"type\"", with: "{\"uuid\":\"not-a-uuid\",\"type\""),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"", with: "null"),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"", with: "[1]"),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"", with: "1e99999"),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"", with: "tru"),
        heartRate.replacingOccurrences(of: "\"HKMetadataKeyDeviceSerialNumber\"", with: "\"HKDeviceSerialNumber\"")
            .replacingOccurrences(of: "\"HR10-000417\"}", with: "\"HR10-000417\",\"HKMetadataKeyDeviceSerialNumber\":\"x\"}"),
        // Two spellings of one predefined key, in either order, on a sample, a member or a category sample.
        heartRate.replacingOccurrences(of: "\"HR10-000417\"}", with: "\"HR10-000417\",\"HKTimeZone\":\"UTC\",\"HKMetadataKeyTimeZone\":\"UTC\"}"),
        bloodPressure.replacingOccurrences(of: "{\"HKWasUserEntered\":true}", with: "{\"HKWasUserEntered\":true,\"HKMetadataKeyWasUserEntered\":true}"),
        sleep.replacingOccurrences(of: "}", with: ",\"metadata\":{\"HKMetadataKeyTimeZone\":\"UTC\",\"HKTimeZone\":\"UTC\"}}"),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"}", with: "\"HR10-000417\",\"HKCustom\":1,\"HKCustom\":2}"),
        heartRate.replacingOccurrences(of: "\"HR10-000417\"}", with: "\"HR10-000417\"" + (0..<16).map { ",\"k\($0)\":\"v\"" }.joined() + "}"),
        heartRate.replacingOccurrences(of: "\"name\":\"Acme HR Strap\"", with: "\"name\":5"),
        heartRate.replacingOccurrences(of: "\"name\":\"Acme HR Strap\"", with: "\"name\":\"A\tB\""),
        String(heartRate.dropLast()), heartRate + ",", heartRate + "}", heartRate + " x", "{}", "[]", "", " ", "\"s\"",
        sleep.replacingOccurrences(of: "\"value\":3", with: "\"value\":1.5"),
        sleep.replacingOccurrences(of: "\"value\":3", with: "\"value\":3,\"unit\":\"count\""),
        bloodPressure.replacingOccurrences(of: "\"objects\":[", with: "\"objects\":[" + sleep + ","),
        bloodPressure.replacingOccurrences(of: "\"objects\":[{", with: "\"objects\":[{\"objects\":[],"),
        bloodPressure.replacingOccurrences(of: "\"objects\":[", with: "\"objects\":{\"a\":["),
        bloodPressure.replacingOccurrences(of: ",\"objects\"", with: ",\"value\":1,\"objects\""),
        #"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-01T00:00:05Z","endDate":"2026-11-01T00:00:05Z","objects":[ ]}"#,
    ]

    static func general(_ bytes: [UInt8]) -> Result<Sample, SampleInputError> {
        Result { () throws(SampleInputError) -> Sample in
            let value: JSONValue
            do throws(JSONSyntaxError) {
                value = try JSONParser().parse(bytes)
            } catch {
                throw SampleInputError(line: 1, field: "", reason: .invalidJSON(error))
            }
            return try JSONSampleDecoder.decodeStored(value)
        }
    }

    @Test(arguments: usualLines)
    func usualLineGivesTheGeneralPathsSampleAndLayout(_ line: String) throws {
        let bytes = Array(line.utf8)
        let general = try Self.general(bytes).get()
        let (sample, layout) = try #require(JSONSampleFastDecoder.sampleAndLayout(of: bytes))
        #expect(sample == general)
        // `==` compares dates by instant; the record signs their notation too.
        #expect(sample.startDate.isIdentical(to: general.startDate) && sample.endDate.isIdentical(to: general.endDate))
        #expect(JSONSampleFastDecoder.sample(of: bytes) == general)
        #expect(layout == (try JSONParser().parseForSplicing(bytes)).layout)
    }

    @Test(arguments: usualLines)
    func usualLineKeepsTheNotationTheGeneralPathKeeps(_ line: String) throws {
        // `==` compares dates by instant and quantities by value; a record also signs each date's
        // notation and a quantity's decimal places, and encodes its value from the integer parts.
        let general = try Self.general(Array(line.utf8)).get()
        let sample = try #require(JSONSampleFastDecoder.sample(of: Array(line.utf8)))
        #expect(sample.notationForComparison == general.notationForComparison)
    }

    /// Keys are told apart by their first eight bytes and length, written down in the decoder.
    @Test(arguments: JSONSampleFastDecoder.Field.allCases)
    func everySampleKeyHasTheWordOfItsText(_ field: JSONSampleFastDecoder.Field) {
        #expect(field.keyWord.word == JSONPlainScanner.word(of: field.key))
        #expect(field.keyWord.length == field.key.utf8.count)
        let line = Array(#"{"\#(field.key)":0}"#.utf8)
        let word = line.withUnsafeBufferPointer { JSONPlainScanner(bytes: $0).word(2..<(2 + field.key.utf8.count)) }
        #expect(word == field.keyWord.word)
    }

    /// Keys that share a known key's first eight bytes, or are a prefix of one, are not it.
    @Test(arguments: ["startDat", "startDatE", "startDatee", "typ", "types", "metadataX", "uuid0"])
    func nearMissKeyIsLeftToTheGeneralPath(_ key: String) {
        let line = Self.sleep.replacingOccurrences(of: "{", with: "{\"\(key)\":\"x\",")
        #expect(JSONSampleFastDecoder.sample(of: Array(line.utf8)) == nil)
    }

    @Test(arguments: Device.fieldNames)
    func everyDeviceFieldIsReadIntoItsOwnField(_ name: String) throws {
        let line = Self.sleep.replacingOccurrences(of: "{", with: "{\"device\":{\"\(name)\":\"v\"},")
        let sample = try #require(JSONSampleFastDecoder.sample(of: Array(line.utf8)))
        #expect(sample.device?.fields.map(\.key) == [name])
        #expect(sample == (try Self.general(Array(line.utf8)).get()))
    }

    @Test(arguments: unusualLines)
    func unusualLineIsLeftToTheGeneralPath(_ line: String) {
        let bytes = Array(line.utf8)
        #expect(JSONSampleFastDecoder.sample(of: bytes) == nil)
        #expect(JSONSampleFastDecoder.sampleAndLayout(of: bytes) == nil)
    }

    @Test(arguments: usualLines + unusualLines)
    func decodedSampleIsTheStoredSampleWithItsPlace(_ line: String) {
        let jsonLine = JSONSampleLine(bytes: Array(line.utf8), line: 7, position: 3)
        let read = JSONSampleItem.line(jsonLine).decodedSample()
        switch jsonLine.decoded(keepingText: false) {
        case .success(let stored):
            let sample = try? read.get()
            #expect(sample?.sample == stored.sample)
            #expect(sample?.position == 3)
            #expect(sample?.line == 7)
        case .failure(let error):
            #expect(read.failureValue == error)
        }
    }

    @Test(arguments: usualLines + unusualLines)
    func lineDecodesAsTheGeneralPathDecodesIt(_ line: String) {
        let bytes = Array(line.utf8)
        let decoded = JSONSampleLine(bytes: bytes, line: 1, position: 1).decoded(keepingText: true)
        let spliced = JSONSampleLine(bytes: bytes, line: 1, position: 1).decodedForSplicing().sample
        switch Self.general(bytes) {
        case .success(let sample):
            #expect((try? decoded.get())?.sample == sample)
            #expect((try? decoded.get())?.rawText == line)
            #expect((try? spliced.get()) == sample)
        case .failure(var error):
            // A line's decoding error names its position; a syntax error only its line.
            if case .invalidJSON = error.reason {} else { error.position = 1 }
            #expect(decoded.failureValue == error)
            #expect(spliced.failureValue == error)
        }
    }
}

private extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
