import Foundation

// Perf: replaces a String made (a heap allocation past 15 bytes) and hashed into a Dictionary for
// every sample; a class so a static table is one retain, not one an array (not measured).
/// A fixed set of values looked up by the UTF-8 bytes of their names, without making a String.
///
/// Open addressing over a word-at-a-time hash, built once from the catalog: a lookup hashes the
/// bytes and compares them with one or two stored names.
public final class UTF8KeyedTable<Value: Sendable>: Sendable {
    /// Every name's bytes, one after the other.
    private let nameBytes: [UInt8]
    /// Where each name starts in `nameBytes` and how long it is, by entry.
    private let nameSpans: [(start: Int, count: Int)]
    private let values: [Value]
    /// Entry index plus one; 0 marks an empty slot.
    private let slots: [Int32]
    private let mask: Int

    /// A table of `entries`; the first of several entries with the same name wins, as in
    /// `Dictionary(_:uniquingKeysWith: { first, _ in first })`.
    public init(_ entries: [(name: String, value: Value)]) {
        var nameBytes: [UInt8] = []
        var nameSpans: [(start: Int, count: Int)] = []
        var values: [Value] = []
        var capacity = 16
        while capacity < entries.count * 3 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (name, value) in entries {
            let bytes = Array(name.utf8)
            var slot = bytes.withUnsafeBufferPointer { Self.hash($0) } & mask
            var isNew = true
            while slots[slot] != 0 {
                let span = nameSpans[Int(slots[slot]) - 1]
                if nameBytes[span.start..<(span.start + span.count)].elementsEqual(bytes) {
                    isNew = false
                    break
                }
                slot = (slot + 1) & mask
            }
            guard isNew else { continue }
            nameSpans.append((nameBytes.count, bytes.count))
            nameBytes += bytes
            values.append(value)
            slots[slot] = Int32(values.count)
        }
        self.nameBytes = nameBytes
        self.nameSpans = nameSpans
        self.values = values
        self.slots = slots
        self.mask = mask
    }

    /// The value named by `utf8`, or nil.
    public func value(named utf8: UnsafeBufferPointer<UInt8>) -> Value? {
        var slot = Self.hash(utf8) & mask
        let found: Int? = nameBytes.withUnsafeBufferPointer { names in
            nameSpans.withUnsafeBufferPointer { spans in
                slots.withUnsafeBufferPointer { slots in
                    while true {
                        let entry = Int(slots[slot])
                        if entry == 0 { return nil }
                        let span = spans[entry - 1]
                        if span.count == utf8.count,
                           span.count == 0 || memcmp(names.baseAddress! + span.start, utf8.baseAddress!, span.count) == 0 {
                            return entry - 1
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
        return found.map { values[$0] }
    }

    // Perf: eight bytes at a time; FNV-1a a byte at a time cost a few instructions a byte, and
    // type identifiers are some forty bytes long.
    /// A hash of the bytes taken eight at a time, folded to a non-negative Int. Only this table
    /// compares its values, so it need not match any other.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return 0 }
        var hash = UInt64(truncatingIfNeeded: count) &* multiplier
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
        }
        if count >= 8 {
            var offset = 0
            while offset + 8 <= count {
                mix(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                offset += 8
            }
            // The last eight bytes again, overlapping: covers the tail without a byte loop.
            if offset < count { mix(UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)) }
        } else {
            var word: UInt64 = 0
            for index in 0..<count { word |= UInt64(base[index]) << (8 * UInt64(index)) }
            mix(word)
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32)) & Int.max
    }
}
