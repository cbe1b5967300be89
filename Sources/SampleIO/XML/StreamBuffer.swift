#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OwnedMemory

/// A growable byte window over a stream: bytes are appended at the end as chunks arrive and
/// dropped from the front once consumed. The storage is a ``ByteBuffer``; this adds the
/// searches the XML tokenizer makes.
///
/// The tokenizer reads ``base`` with pointer arithmetic and `memchr`, which keeps it fast even
/// in debug builds, where `Array` operations are not optimized. ``base`` moves whenever bytes
/// are appended, reserved or dropped.
final class StreamBuffer {
    private var bytes: ByteBuffer

    init(capacity: Int) {
        bytes = ByteBuffer(capacity: capacity)
    }

    /// The first byte held.
    var base: UnsafePointer<UInt8> { bytes.unsafeBaseAddress }

    /// Number of valid bytes starting at `base`.
    var count: Int { bytes.count }

    /// Drops the first `length` bytes, moving the rest to the front.
    func discardPrefix(_ length: Int) {
        bytes.removeFirst(length)
    }

    /// Appends `chunk`, growing the storage when needed.
    func append(_ chunk: [UInt8]) {
        bytes.append(chunk)
    }

    /// Appends `chunk`, growing the storage when needed.
    func append(_ chunk: ArraySlice<UInt8>) {
        bytes.append(chunk)
    }

    /// Makes room for `additional` more bytes after `count`.
    func reserve(_ additional: Int) {
        bytes.reserve(additional)
    }

    /// Appends what `write` writes in place, at most `maximumCount` bytes; `write` returns how
    /// many it wrote.
    func appendWritten<Failure: Error>(
        maximumCount: Int, _ write: (UnsafeMutablePointer<UInt8>) throws(Failure) -> Int
    ) throws(Failure) {
        try bytes.appendWritten(maximumCount: maximumCount, write)
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
