import DER
import SampleSigning
import Testing

/// docs/FORMAT.md allows REAL only as base-10 NR3, wherever it occurs in a record: the X.690
/// special values are refused in metadata, unknown keys and arrays exactly as in `v`.
@Suite("REAL special values in a record")
struct RealSpecialValueRefusalTests {
    /// PLUS-INFINITY, MINUS-INFINITY, NOT-A-NUMBER and minus zero (X.690 8.5.9), as whole REALs.
    static let specials: [[UInt8]] = [[0x09, 0x01, 0x40], [0x09, 0x01, 0x41], [0x09, 0x01, 0x42], [0x09, 0x01, 0x43]]

    static func error(_ entries: [(String, Fixtures.Value)]) throws -> RecordError? {
        let bytes = try Fixtures.handRecord(entries)
        do {
            _ = try SignedRecord(derEncoded: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("refused as a signed metadata value", arguments: specials)
    func inMetadata(real: [UInt8]) throws {
        let entries = Fixtures.heartRateEntries(replacing: "m", with: .dictionary([("HKDeviceSerialNumber", .encoded(real))]))
        guard case .nonDecimalReal(let key, _, _)? = try Self.error(entries) else {
            Issue.record("expected nonDecimalReal")
            return
        }
        #expect(key == "m.HKDeviceSerialNumber")
        try VerdictTests.malformedRecord(try Fixtures.handRecord(entries), code: "non-decimal-real")
    }

    @Test("refused under a key this verifier does not know", arguments: specials)
    func inUnknownKey(real: [UInt8]) throws {
        let entries = Fixtures.handHeartRateEntries + [("x", .encoded(real))]
        guard case .nonDecimalReal(let key, let value, _)? = try Self.error(entries) else {
            Issue.record("expected nonDecimalReal")
            return
        }
        #expect(key == "x")
        #expect(!value.isEmpty)
        try VerdictTests.malformedRecord(try Fixtures.handRecord(entries), code: "non-decimal-real")
    }

    @Test("refused inside an array", arguments: specials)
    func insideArray(real: [UInt8]) throws {
        let entries = Fixtures.handHeartRateEntries + [("x", .array([.real("1"), .encoded(real)]))]
        guard case .nonDecimalReal(let key, _, _)? = try Self.error(entries) else {
            Issue.record("expected nonDecimalReal")
            return
        }
        #expect(key == "x[1]")
        try VerdictTests.malformedRecord(try Fixtures.handRecord(entries), code: "non-decimal-real")
    }

    @Test("an NR3 REAL in the same places stays valid")
    func decimalsStayValid() throws {
        let entries = Fixtures.handHeartRateEntries + [("x", .array([.real("1"), .real("-0.5")]))]
        #expect(try Self.error(entries) == nil)
    }
}
