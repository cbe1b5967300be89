import Foundation
import HealthSamples
import Testing
@testable import SampleIO

@Suite("JSON sample decoding")
struct JSONSampleDecoderTests {
    @Test func quantityWithDeviceAndMetadata() throws {
        let sample = try JSONSampleDecoder.decode(SampleJSONFixtures.heartRate)
        guard case .quantity(let quantity) = sample else {
            Issue.record("expected a quantity sample")
            return
        }
        #expect(quantity.type == .heartRate)
        #expect(quantity.quantity == Quantity(value: 72, unit: .countPerMinute))
        #expect(quantity.startDate == (try SampleDate(rfc3339: "2026-11-21T08:00:00Z")))
        #expect(quantity.device == Device(name: "Pulse", manufacturer: "Acme Medical, Inc.", model: "P1", hardwareVersion: "1.0",
                                          firmwareVersion: "2.1", softwareVersion: "3.2", localIdentifier: "AA:BB",
                                          udiDeviceIdentifier: "00812345678901"))
        #expect(quantity.metadata.entries == [Metadata.Entry(key: "HKMetadataKeyDeviceSerialNumber", value: .string("SN-1"))])
        #expect(quantity.uuid == nil)
    }

    @Test func exactDecimalsTypedMetadataAndFractionalDates() throws {
        let sample = try JSONSampleDecoder.decode(SampleJSONFixtures.temperature)
        guard case .quantity(let quantity) = sample else {
            Issue.record("expected a quantity sample")
            return
        }
        #expect(quantity.quantity.value == Decimal(string: "36.6"))
        #expect(quantity.quantity.value.description == "36.6")
        #expect(quantity.uuid == "6F1A0C2E-8B7D-4C1E-9A55-3E2B1D0F4A77")
        #expect(quantity.startDate.nanoseconds == 250_000_000)
        #expect(quantity.startDate.utcOffsetSeconds == 3600)
        // Numbers stay numbers, booleans booleans, and a date-like string stays a string.
        #expect(quantity.metadata.entries.map(\.value) == [.number(1), .bool(false), .string("2026-11-21T08:00:00Z")])
    }

    @Test func categoryAndCorrelation() throws {
        #expect(try JSONSampleDecoder.decode(SampleJSONFixtures.sleep)
            == .category(CategorySample(type: .sleepAnalysis, value: 1, startDate: try SampleDate(rfc3339: "2026-11-20T23:00:00Z"),
                                        endDate: try SampleDate(rfc3339: "2026-11-21T07:00:00Z"))))
        let sample = try JSONSampleDecoder.decode(SampleJSONFixtures.bloodPressure)
        guard case .correlation(let correlation) = sample else {
            Issue.record("expected a correlation")
            return
        }
        #expect(correlation.type == .bloodPressure)
        #expect(correlation.objects.map(\.type) == [.bloodPressureSystolic, .bloodPressureDiastolic])
        #expect(correlation.objects.map(\.quantity.value) == [120, 80])
        #expect(correlation.device == Device(name: "BP7000", manufacturer: "Omron"))
        #expect(correlation.metadata["HKTimeZone"] == .string("Europe/Paris"))
    }

    /// Each broken variant of a valid line with the exact field path and reason.
    @Test(arguments: [
        (#"{"type":"HKQuantityTypeIdentifierHeartRate","valu":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
         "valu", SampleInputError.Reason.unknownField),
        (#"{"type":"HKQuantityTypeIdentifierHeartRate","unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
         "value", .missingField),
        (#"{"type":"HKQuantityTypeIdentifierHeartRate","value":"72","unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
         "value", .wrongType(expected: "number", found: "string")),
        (#"{"type":"HKQuantityTypeIdentifierFlux","value":1,"unit":"count","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
         "type", .unsupportedType("HKQuantityTypeIdentifierFlux")),
        (#"{"value":1}"#, "type", .missingField),
        (#"{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":1,"unit":"count","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
         "unit", .unknownField),
        (#"{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":1.5,"startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
         "value", .invalidCategoryValue("1.5")),
        (#"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","uuid":"nope","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
         "uuid", .invalidUUID("nope")),
        (#"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":{"nam":"x"}}"#,
         "device.nam", .unknownField),
        (#"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":{"name":1}}"#,
         "device.name", .wrongType(expected: "string", found: "number")),
        (#"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","metadata":{"k":null}}"#,
         "metadata.k", .wrongType(expected: "string, number or boolean", found: "null")),
        (#"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":120,"unit":"mmHg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","extra":1}]}"#,
         "objects[0].extra", .unknownField),
        (#"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","objects":[{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":1,"startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}]}"#,
         "objects[0].type", .wrongSampleKind(expected: "quantity", found: "category")),
        (#"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","objects":{}}"#,
         "objects", .wrongType(expected: "array", found: "object")),
        (#"[1]"#, "", .wrongType(expected: "object", found: "array")),
    ])
    func rejectsWithFieldPath(line: String, field: String, reason: SampleInputError.Reason) {
        #expect(throws: SampleInputError(line: 5, field: field, reason: reason)) { try JSONSampleDecoder.decode(line, line: 5) }
    }

    @Test func wrapsUnitDateNumberAndValidatorErrors() throws {
        func error(_ line: String) -> SampleInputError? {
            thrownError(SampleInputError.self) { _ = try JSONSampleDecoder.decode(line) }
        }
        let badUnit = error(#"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"beats","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#)
        #expect(badUnit?.field == "unit")
        if case .invalidUnit = badUnit?.reason {} else { Issue.record("expected invalidUnit, got \(String(describing: badUnit))") }

        let badDate = error(#"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21 08:00:00 +0000","endDate":"2026-11-21T08:00:00Z"}"#)
        #expect(badDate?.field == "startDate")
        if case .invalidDate = badDate?.reason {} else { Issue.record("expected invalidDate, got \(String(describing: badDate))") }

        let tooPrecise = error(#"{"type":"HKQuantityTypeIdentifierHeartRate","value":1.000000000000000000000000000000000000001,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#)
        #expect(tooPrecise?.field == "value")
        if case .invalidNumber(let number) = tooPrecise?.reason {
            #expect(number.kind == .tooManyDigits(count: 40))
        } else {
            Issue.record("expected invalidNumber, got \(String(describing: tooPrecise))")
        }

        let wrongDimension = error(#"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":120,"unit":"mmHg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":80,"unit":"kg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}]}"#)
        #expect(wrongDimension?.field == "objects[1].unit")
        if case .invalidSample(let validation) = wrongDimension?.reason {
            #expect(validation.kind == .unitIncompatible(unit: "kg", type: "HKQuantityTypeIdentifierBloodPressureDiastolic", expected: .pressure))
        } else {
            Issue.record("expected invalidSample, got \(String(describing: wrongDimension))")
        }

        let outOfRange = error(#"{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":9,"startDate":"2026-11-20T23:00:00Z","endDate":"2026-11-21T07:00:00Z"}"#)
        #expect(outOfRange?.field == "value")
        if case .invalidSample(let validation) = outOfRange?.reason {
            #expect(validation.kind == .categoryValueOutOfRange(value: 9, allowed: [0, 1, 2, 3, 4, 5]))
        } else {
            Issue.record("expected invalidSample, got \(String(describing: outOfRange))")
        }

        let syntax = error("{\"type\":}")
        if case .invalidJSON(let json) = syntax?.reason {
            #expect(json.column == 9)
        } else {
            Issue.record("expected invalidJSON, got \(String(describing: syntax))")
        }
    }
}
