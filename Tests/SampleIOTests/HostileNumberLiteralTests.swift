import HealthSamples
import Testing
@testable import SampleIO

/// Hostile number literals in a sample are errors, never a trap.
@Suite("Hostile number literals are errors, never a trap")
struct HostileNumberLiteralTests {
    @Test func jsonZeroWithHugeNegativeExponent() {
        let line = #"{"type":"HKQuantityTypeIdentifierBodyMass","value":0e-9223372036854775808,"unit":"kg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#
        // Decoding reaches the validator without a trap, and the value is exactly zero.
        guard case .quantity(let q)? = try? JSONSampleDecoder.decode(line) else {
            Issue.record("expected a decoded quantity sample")
            return
        }
        #expect(q.quantity.value == 0)
    }

    @Test func exportZeroWithHugeNegativeExponent() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="x" unit="kg" startDate="2019-05-14 18:52:09 -0400" endDate="2019-05-14 18:52:09 -0400" value="0.0e-9223372036854775807"/>
        </HealthData>
        """
        let reader = ExportSampleReader(source: MemoryChunkSource(xml))
        #expect(try reader.next() != nil)
    }
}
