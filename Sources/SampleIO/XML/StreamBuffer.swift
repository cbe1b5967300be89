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
        chunk.withUnsafeBufferPointer { append($0) }
    }

    /// Appends `bytes`, growing the storage (doubling) when needed.
    func append(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    private func append(_ source: UnsafeBufferPointer<UInt8>) {
        reserve(source.count)
        if let address = source.baseAddress, source.count > 0 { memcpy(base + count, address, source.count) }
        count += source.count
    }

    /// Makes room for `additional` more bytes after `count` (doubling the storage as needed).
    func reserve(_ additional: Int) {
        let needed = count + additional
        guard needed > capacity else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if count > 0 { memcpy(newBase, base, count) }
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    // Positions are passed as plain `Int` pairs rather than `Range<Int>`: in debug builds the
    // generic `Range` operations cost more than the `memchr` they wrap.

    /// Offset of the first `byte` in `from..<to`, or `nil`.
    @inline(__always)
    func find(_ byte: UInt8, from: Int, to: Int) -> Int? {
        guard to > from, let hit = memchr(base + from, Int32(byte), to - from) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    /// Number of `byte`s in `from..<to`.
    func occurrences(of byte: UInt8, from: Int, to: Int) -> Int {
        var total = 0
        var cursor = from
        while let hit = find(byte, from: cursor, to: to) {
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

    /// Whether the bytes in `from..<to` are exactly `literal`.
    func matchesExactly(_ literal: StaticString, from: Int, to: Int) -> Bool {
        to - from == literal.utf8CodeUnitCount && memcmp(base + from, literal.utf8Start, to - from) == 0
    }

    /// Whether `firstStart..<firstEnd` and `secondStart..<secondEnd` hold the same bytes.
    func equalBytes(_ firstStart: Int, _ firstEnd: Int, _ secondStart: Int, _ secondEnd: Int) -> Bool {
        firstEnd - firstStart == secondEnd - secondStart && memcmp(base + firstStart, base + secondStart, firstEnd - firstStart) == 0
    }

    /// The bytes in `from..<to` decoded as UTF-8 (ill-formed sequences become U+FFFD).
    func string(from: Int, to: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + from, count: to - from), as: UTF8.self)
    }
}
