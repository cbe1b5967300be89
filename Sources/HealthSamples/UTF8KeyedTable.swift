import Foundation

/// A fixed set of values looked up by the UTF-8 bytes of their names, without making a String.
///
/// A reader that has a type identifier or a unit as bytes in its input would otherwise build a
/// String (a heap allocation for anything over 15 bytes) only to hash it into a Dictionary, for
/// every sample. Open addressing over an FNV-1a hash, built once from the catalog: a lookup
/// hashes the bytes and compares them with one or two stored names. A class, so that reading
/// the table from a static constant retains one object, not each of its arrays.
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
        return nameBytes.withUnsafeBufferPointer { names in
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                let span = nameSpans[entry - 1]
                if span.count == utf8.count,
                   span.count == 0 || memcmp(names.baseAddress! + span.start, utf8.baseAddress!, span.count) == 0 {
                    return values[entry - 1]
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// 64-bit FNV-1a, folded to a non-negative Int.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32)) & Int.max
    }
}
