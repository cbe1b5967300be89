import DER
import Foundation
import HealthSamples
import Testing
@testable import SampleSigning

/// The record writer writes a record's entries in the order DER usually sorts them (the unit
/// placed by its length), so that the SET OF is mostly left as written; whatever the lengths,
/// the record must be the dictionary's encoding.
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

    @Test func instantAndIntervalReadingsWithFractionsAreTheDictionaryEncoding() throws {
        // The end's entry comes first and the start copies its time when the two are the
        // same instant; otherwise each is written.
        for (start, end) in [("2026-11-21T08:00:00.25Z", "2026-11-21T08:00:00.25Z"),
                             ("2026-11-21T08:00:00Z", "2026-11-21T08:00:01.5Z"),
                             ("2026-11-21T09:00:00+01:00", "2026-11-21T08:00:00Z")] {
            let sample = try Fixtures.quantity(.heartRate, "72", "count/min", start: start, end: end)
            #expect(try RecordBuilder.encodedRecord(for: sample) == (try Self.dictionaryRecord(sample)), "\(start) \(end)")
        }
    }
}
