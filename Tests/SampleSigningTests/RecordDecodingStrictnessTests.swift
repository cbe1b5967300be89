import DER
import Foundation
import HealthSamples
@testable import SampleSigning
import Testing

/// Second-read findings on decoding hostile records.
@Suite("Record decoding strictness")
struct RecordDecodingStrictnessTests {
    /// A record holding `count` extra entries `k0`, `k1`, … besides a valid heart-rate record,
    /// written straight to DER (building it through `RecordDictionary` would itself be slow).
    static func wideRecord(_ count: Int) throws -> [UInt8] {
        let base = try RecordBuilder.record(for: try Fixtures.heartRate())
        var writer = DERWriter(capacity: 16 * count)
        writer.appendSetOf { set in
            for entry in base.entries {
                set.appendConstructed(.sequence) { seq in
                    seq.append(DERUTF8String(entry.key))
                    RecordCoding.serialize(entry.value, into: &seq)
                }
            }
            for i in 0 ..< count {
                set.appendConstructed(.sequence) { $0.append(DERUTF8String("k\(i)")); $0.append(true) }
            }
        }
        return writer.bytes
    }

    /// Duplicate keys were found with the dictionary's linear key search, once per entry: a
    /// record of 30,000 entries (about 0.4 MB, a plausible signature in a 16 MiB JSON line)
    /// took about a minute to be refused or accepted (minutes at 60,000). With a set it is linear.
    @Test("a record with very many entries decodes in linear time")
    func manyEntriesDecodeQuickly() throws {
        // Growth, not a wall-clock bound, so a slow or sanitized build cannot fail it: ten times
        // the entries may take at most forty times as long (linear is ten, quadratic a hundred).
        let small = try Self.wideRecord(3_000)
        let large = try Self.wideRecord(30_000)
        #expect(try SignedRecord(derEncoded: large).unknownKeys.count == 30_000)
        let clock = ContinuousClock()
        func fastest(_ bytes: [UInt8]) -> Duration {
            (0..<3).map { _ in clock.measure { _ = try? SignedRecord(derEncoded: bytes) } }.min() ?? .zero
        }
        let smallTime = fastest(small), largeTime = fastest(large)
        #expect(largeTime < smallTime * 40, "3,000 entries: \(smallTime), 30,000 entries: \(largeTime)")
    }

    @Test("duplicate keys are still refused, with the key and offset of the second entry")
    func duplicatesStillRefused() throws {
        // Two entries with one key but different values sort apart, so DER's SET OF order allows them.
        var writer = DERWriter()
        writer.appendSetOf { set in
            set.appendConstructed(.sequence) { $0.append(DERUTF8String("fv")); $0.append(DERInteger(1)) }
            set.appendConstructed(.sequence) { $0.append(DERUTF8String("fv")); $0.append(DERInteger(2)) }
        }
        let error = #expect(throws: RecordError.self) { try SignedRecord(derEncoded: writer.bytes) }
        #expect(error == .duplicateKey("fv", offset: 11))
    }

    /// A record whose `v` is a REAL of 100,000 digits (or an INTEGER of as many bytes) was refused
    /// with the whole number in the error text, so one hostile record put 100 KB into each
    /// report line that quotes the reason.
    @Test("errors quote at most the start of a huge number", arguments: ["v-real", "v-integer", "fv"])
    func hugeNumbersAreAbbreviated(which: String) throws {
        var entries = try RecordBuilder.record(for: which == "v-integer" ? try Fixtures.sleep() : try Fixtures.heartRate())
        let huge = [UInt8](repeating: 0x7F, count: 100_000)
        switch which {
        case "v-real": entries["v"] = .real(try DERReal(decimalText: String(repeating: "7", count: 100_000)))
        case "v-integer": entries["v"] = .integer(DERInteger(unsignedBigEndian: huge))
        default: entries["fv"] = .integer(DERInteger(unsignedBigEndian: huge))
        }
        let error = #expect(throws: RecordError.self) { try SignedRecord(derEncoded: RecordBuilder.encode(entries)) }
        let text = try #require(error).description
        #expect(text.count < 250, "\(text.count) characters")
        #expect(text.contains("characters)"))
    }
}
