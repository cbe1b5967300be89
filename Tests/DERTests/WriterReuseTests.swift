import Testing
@testable import DER

/// A writer emptied with `removeAll()` is reused for the next encoding (one per thread for the
/// records `sign` writes); what it writes next must be what a new writer writes.
@Suite("DERWriter: reused after removeAll")
struct WriterReuseTests {
    static func setOfElements(_ writer: inout DERWriter, _ values: [Int]) {
        writer.appendConstructed(.sequence) { sequence in
            sequence.appendSetOf { set in
                for value in values { set.append(DEROctetString([UInt8](repeating: UInt8(value), count: value))) }
            }
        }
    }

    @Test func anEmptiedWriterWritesWhatANewWriterWrites() {
        var reused = DERWriter(capacity: 16)
        Self.setOfElements(&reused, [200, 3, 90, 1])
        let capacity = reused.capacity
        reused.removeAll()
        #expect(reused.bytes.isEmpty)
        #expect(reused.capacity == capacity)
        Self.setOfElements(&reused, [5, 4])
        var fresh = DERWriter(capacity: 16)
        Self.setOfElements(&fresh, [5, 4])
        #expect(reused.bytes == fresh.bytes)
    }
}
