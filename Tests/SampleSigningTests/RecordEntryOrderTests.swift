import DER
import Foundation
import HealthSamples
import Testing
@testable import SampleSigning

/// The record writer writes a record's entries in the order DER usually sorts them (the unit
/// placed by its length), so that the SET OF is mostly left as written; whatever the lengths,
/// the record must be the dictionary's encoding, and a record that cannot be written must fail
/// with the error it always did.
@Suite struct RecordEntryOrderTests {
    static func dictionaryRecord(_ sample: Sample) throws -> [UInt8] {
        RecordBuilder.encode(try RecordBuilder.record(for: sample))
    }

    /// Units from one character to a long one, each with values whose REALs are from empty
    /// (zero) to long: the unit's entry sorts before `fv`, between `fv` and the value, or after.
    static let units = ["%", "g", "kg", "lb", "cm", "mmHg", "degC", "mg/dL", "count/min", "mmol<180.15588000005408>/L"]
    static let values = ["0", "1", "5", "72", "120", "36.6", "0.97", "-3", "12345.678", "0.000001"]

    @Test func quantityRecordIsTheDictionaryEncodingForEveryUnitAndValueLength() throws {
        for unit in Self.units {
            for value in Self.values {
                for device in [nil, Fixtures.fullDevice] {
                    let sample = try Fixtures.quantity(.heartRate, value, unit, device: device,
                                                       metadata: device == nil ? Metadata() : Fixtures.deviceMetadata)
                    #expect(try RecordBuilder.encodedRecord(for: sample) == (try Self.dictionaryRecord(sample)),
                            "\(value) \(unit)")
                }
            }
        }
    }

    @Test func correlationMembersOfEveryUnitLengthAreTheDictionaryEncoding() throws {
        for unit in Self.units {
            for value in Self.values {
                guard case .correlation(var correlation) = try Fixtures.bloodPressure() else {
                    Issue.record("not a correlation")
                    return
                }
                correlation.objects = correlation.objects.map { member in
                    var member = member
                    member.quantity = (try? Fixtures.quantity(value, unit)) ?? member.quantity
                    return member
                }
                let sample = Sample.correlation(correlation)
                #expect(try RecordBuilder.encodedRecord(for: sample) == (try Self.dictionaryRecord(sample)),
                        "\(value) \(unit)")
            }
        }
    }

    @Test func startDateBeyondGeneralizedTimeFailsWithTheStartDatesError() throws {
        // Both dates out of range: the start's error, as when the start was written first.
        let start = try SampleDate(rfc3339: "9999-12-31T23:00:00-05:00")
        let end = try SampleDate(rfc3339: "9999-12-31T23:30:00-05:00")
        guard case .quantity(var reading) = try Fixtures.heartRate() else {
            Issue.record("not a quantity sample")
            return
        }
        reading.startDate = start
        reading.endDate = end
        let direct = #expect(throws: DERError.self) { try RecordBuilder.encodedRecord(for: .quantity(reading)) }
        let dictionary = #expect(throws: DERError.self) { try RecordBuilder.record(for: .quantity(reading)) }
        #expect(direct?.description == dictionary?.description)
        #expect(direct?.description.contains("10000") == true)
    }
}
