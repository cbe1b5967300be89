// Perf: two machine words, not an array of octets: every stored sample looks its batch up several
// times, and the key allocates nothing (not measured).
/// A batch identifier as a dictionary key: its 12 octets held in two machine words.
struct BatchKey: Hashable, Sendable {
    private let high: UInt64
    private let low: UInt32

    /// The key of a batch identifier (12 octets: the format allows no other length, and both
    /// places that make identifiers, ``BatchReference`` and ``BatchManifest``, check it).
    init(_ octets: [UInt8]) {
        var high: UInt64 = 0, low: UInt32 = 0
        for (i, octet) in octets.prefix(BatchManifest.batchIdentifierLength).enumerated() {
            if i < 8 { high = high << 8 | UInt64(octet) } else { low = low << 8 | UInt32(octet) }
        }
        self.high = high
        self.low = low
    }

    /// The 12 octets.
    var octets: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
            + (0..<4).map { UInt8(truncatingIfNeeded: low >> (24 - 8 * $0)) }
    }
}
