import Foundation
import HealthSamples
import SampleIO
import SampleSigning
import Testing
import VectorTestSupport
@testable import HealthSigKit

/// `RecordBuilder.encodedRecord(for:)` writes the record straight into DER; its bytes must be
/// those of the record dictionary (`RecordBuilder.record(for:)`) encoded, for every sample kind.
@Suite struct RecordWriterEquivalenceTests {
    /// Every sample of examples/readings.jsonl, of the benchmark's generated readings, and every
    /// sample object of the committed records.json and samples.json that decodes.
    static func samples() throws -> [Sample] {
        var texts = BundledExampleReadings.jsonLines.split(separator: "\n").map(String.init)
        for set in 0..<5 { texts += BenchmarkReadings.lines(set: set).split(separator: "\n").map(String.init) }
        var samples = try texts.map { try JSONSampleDecoder.decode($0) }
        for (file, member) in [("records.json", "sample"), ("samples.json", "stored")] {
            let text = try String(contentsOf: VectorTestSupport.committedDirectory.appendingPathComponent(file), encoding: .utf8)
            guard case .object(let root) = try JSONParser().parse(text), case .array(let groups)? = root["testGroups"] else {
                Issue.record("\(file) has no test groups")
                continue
            }
            for case .object(let group) in groups {
                guard case .array(let tests)? = group["tests"] else { continue }
                for case .object(let test) in tests {
                    if let value = test[member], let sample = try? JSONSampleDecoder.decode(value) { samples.append(sample) }
                }
            }
        }
        return samples
    }

    @Test func directRecordIsTheEncodedDictionaryForEverySample() throws {
        let samples = try Self.samples()
        var kinds = Set<String>()
        for sample in samples {
            switch sample {
            case .quantity: kinds.insert("quantity")
            case .category: kinds.insert("category")
            case .correlation: kinds.insert("correlation")
            case .workout: kinds.insert("workout")
            }
            #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)))
        }
        #expect(samples.count > 150)
        #expect(kinds == ["quantity", "category", "correlation", "workout"])
    }

    /// A heart-rate reading with no device or metadata, decoded as `sign` decodes it.
    static func heartRateReading() throws -> QuantitySample? {
        let text = """
            {"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z",\
            "endDate":"2026-11-21T08:00:00Z"}
            """
        guard case .quantity(let reading) = try JSONSampleDecoder.decode(text) else {
            Issue.record("not a quantity sample")
            return nil
        }
        return reading
    }

    /// Repeated keys (export.xml has them; the JSON decoder refuses them): the first entry of
    /// each signed key counts, whichever spelling it has.
    @Test func metadataIsTakenOncePerKeyWhicheverSpellingComesFirst() throws {
        guard var reading = try Self.heartRateReading() else { return }
        reading.metadata = Metadata([
            .init(key: "Custom", value: .string("x")), .init(key: "HKMetadataKeyTimeZone", value: .string("Europe/Paris")),
            .init(key: "HKDeviceSerialNumber", value: .number(12.5)), .init(key: "HKMetadataKeyExternalUUID", value: .string("u-1")),
            .init(key: "HKExternalUUID", value: .string("u-2")), .init(key: "HKTimeZone", value: .bool(true)),
        ])
        let sample = Sample.quantity(reading)
        #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)))
    }

    /// The value's REAL is written from the integer parts the decoder read, or found in the
    /// `Decimal` when a quantity was made from one; both must be the REAL of the value.
    @Test func quantityValuesOfEveryShapeAreWrittenAsTheREALOfTheValue() throws {
        let numbers = ["0", "-0", "0.0", "72", "-72", "36.6", "120", "120.00", "0.004", "-0.5", "1e22", "1e-22",
                       "9999999999999999999", "18446744073709551615", "18446744073709551616", "123456789012345678901234.5",
                       "6.02E+23", "-1.5e-100", "98.60"]
        for number in numbers {
            let text = """
                {"type":"HKQuantityTypeIdentifierBodyTemperature","value":\(number),"unit":"degC",\
                "startDate":"2026-11-21T08:00:00.5Z","endDate":"2026-11-21T08:00:01Z","metadata":{"HKDeviceSerialNumber":\(number)}}
                """
            guard case .quantity(let decoded) = try JSONSampleDecoder.decode(text) else {
                Issue.record("not a quantity sample")
                continue
            }
            var made = decoded
            made.quantity = Quantity(value: decoded.quantity.value, unit: decoded.quantity.unit)
            for sample in [Sample.quantity(decoded), .quantity(made)] {
                #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)),
                        "\(number)")
            }
        }
    }

    /// Every device field, alone and all together, with short and long values.
    @Test func everyDeviceFieldIsWrittenUnderItsKey() throws {
        guard var reading = try Self.heartRateReading() else { return }
        let long = String(repeating: "x", count: 130)
        var devices: [Device] = [
            Device(name: "n", manufacturer: "m", model: "md", hardwareVersion: "h", firmwareVersion: "f",
                   softwareVersion: "s", localIdentifier: "l", udiDeviceIdentifier: "u"),
            Device(name: long, manufacturer: long, model: long, hardwareVersion: long, firmwareVersion: long,
                   softwareVersion: long, localIdentifier: long, udiDeviceIdentifier: long),
        ]
        devices += [Device(name: "a"), Device(manufacturer: "a"), Device(model: "a"), Device(hardwareVersion: "a"),
                    Device(firmwareVersion: "a"), Device(softwareVersion: "a"), Device(localIdentifier: "a"),
                    Device(udiDeviceIdentifier: long)]
        for device in devices {
            reading.device = device
            let sample = Sample.quantity(reading)
            #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)),
                    "\(device)")
        }
    }

    @Test func correlationMembersWithTheirOwnDatesKeepThem() throws {
        let text = """
            {"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T08:05:00Z","endDate":"2026-11-21T08:06:00Z",\
            "objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":120,"unit":"mmHg",\
            "startDate":"2026-11-21T08:05:10Z","endDate":"2026-11-21T08:06:00Z"},\
            {"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":80.5,"unit":"mmHg",\
            "startDate":"2026-11-21T08:05:00Z","endDate":"2026-11-21T08:05:50.125Z","metadata":{"HKTimeZone":"UTC"}}]}
            """
        let sample = try JSONSampleDecoder.decode(text)
        #expect(try RecordBuilder.encodedRecord(for: sample) == RecordBuilder.encode(try RecordBuilder.record(for: sample)))
    }
}
