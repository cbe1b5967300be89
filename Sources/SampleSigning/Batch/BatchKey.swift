/// A batch identifier (or other short octet string) as a dictionary key. Hashed as two machine
/// words rather than as an array of octets hashed one by one: every stored sample looks its
/// batch up several times. Equality compares every octet.
struct BatchKey: Hashable, Sendable {
    /// The octets (12 for every batch identifier the format allows).
    let octets: [UInt8]
    private let high: UInt64
    private let low: UInt64

    init(_ octets: [UInt8]) {
        self.octets = octets
        var high: UInt64 = 0, low: UInt64 = 0
        for (i, octet) in octets.prefix(16).enumerated() {
            if i < 8 { high = high << 8 | UInt64(octet) } else { low = low << 8 | UInt64(octet) }
        }
        self.high = high
        self.low = low
    }

    static func == (a: BatchKey, b: BatchKey) -> Bool {
        a.high == b.high && a.low == b.low && a.octets == b.octets
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(high)
        hasher.combine(low)
    }
}
