#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte window over a stream: bytes are appended at the end as chunks arrive and
/// dropped from the front once consumed.
///
/// Manually managed memory so that dropping the consumed prefix is a single `memmove` and
/// scanning can use `memchr`, which keeps the tokenizer fast even in debug builds, where
/// `Array` operations are not optimized.
final class StreamBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// Number of valid bytes starting at `base`.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Drops the first `length` bytes, moving the rest to the front.
    func discardPrefix(_ length: Int) {
        guard length > 0 else { return }
        let kept = count - length
        if kept > 0 { memmove(base, base + length, kept) }
        count = kept
    }

    /// Appends `chunk`, growing the storage (doubling) when needed.
    func append(_ chunk: [UInt8]) {
        let needed = count + chunk.count
        if needed > capacity {
            var newCapacity = capacity
            while newCapacity < needed { newCapacity *= 2 }
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            if count > 0 { memcpy(newBase, base, count) }
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
        chunk.withUnsafeBufferPointer { source in
            if let address = source.baseAddress, source.count > 0 { memcpy(base + count, address, source.count) }
        }
        count = needed
    }

    /// Offset of the first `byte` in `range`, or `nil`.
    @inline(__always)
    func find(_ byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let hit = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    /// Number of `byte`s in `range`.
    func occurrences(of byte: UInt8, in range: Range<Int>) -> Int {
        var total = 0
        var cursor = range.lowerBound
        while let hit = find(byte, in: cursor..<range.upperBound) {
            total += 1
            cursor = hit + 1
        }
        return total
    }

    /// Whether the bytes at `offset` equal `literal` (false if the buffer ends first).
    func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset + length <= count else { return false }
        return memcmp(base + offset, literal.utf8Start, length) == 0
    }

    /// Whether the bytes in two ranges are equal.
    func equal(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        first.count == second.count && memcmp(base + first.lowerBound, base + second.lowerBound, first.count) == 0
    }

    /// The bytes in `range` decoded as UTF-8 (ill-formed sequences become U+FFFD).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// A copy of the bytes in `range`.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }
}
