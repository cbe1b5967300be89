#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OwnedMemory

/// A reader of the plain subset of JSON that sample lines are written in, over the bytes of one
/// text, handing out byte spans instead of values.
///
/// It accepts only what ``JSONParserCore`` accepts, and less: a string with an escape, any byte
/// where a token does not start, anything unusual reads as `nil`, and the caller then leaves the
/// text to the full parser, which decides and reports it. So nothing read here needs an error of
/// its own, and the spans it returns are exactly what the full parser would have read.
struct JSONPlainScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { index >= bytes.count }

    /// The byte at `index`, or nil at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips RFC 8259 §2 whitespace.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` after optional whitespace; false (nothing consumed but whitespace) otherwise.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A string literal at `index` without escapes: the span of its content (quotes excluded),
    /// `index` after the closing quote. Nil for an escape, a control character or invalid UTF-8.
    mutating func plainString() -> Range<Int>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        let start = index
        while true {
            index = ByteScan.firstIndex(of: .jsonPlainASCIIEnd, in: bytes, from: index)
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            } else if byte < 0x80 {
                return nil  // a backslash or a control character
            } else {
                guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else { return nil }
                index += length
            }
        }
    }

    /// A number literal at `index` (RFC 8259 §6): its span, `index` after it.
    mutating func number() -> Range<Int>? {
        let start = index
        guard case .success(let end) = JSONNumberGrammar.scan(bytes, from: index) else { return nil }
        index = end
        return start..<end
    }

    /// `true` or `false` at `index`.
    mutating func boolean() -> Bool? {
        if matches("true") {
            index += 4
            return true
        }
        if matches("false") {
            index += 5
            return false
        }
        return nil
    }

    /// Whether the bytes at `index` are `word`.
    func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let expected = word.utf8Start
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            return false
        }
        return true
    }

    /// Whether the bytes of `span` are `word`.
    func span(_ span: Range<Int>, is word: StaticString) -> Bool {
        guard span.count == word.utf8CodeUnitCount else { return false }
        let expected = word.utf8Start
        for offset in 0..<span.count where bytes[span.lowerBound + offset] != expected[offset] {
            return false
        }
        return true
    }

    /// The first eight bytes of `span` (fewer when it is shorter, the rest zero) as a
    /// little-endian integer: a key is told from the few this reader knows by one comparison
    /// of this word and its length, not byte by byte.
    @inline(__always)
    func word(_ span: Range<Int>) -> UInt64 {
        let count = min(span.count, 8)
        if span.lowerBound + 8 <= bytes.count, let base = bytes.baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + span.lowerBound).loadUnaligned(as: UInt64.self))
            return count == 8 ? word : word & ((1 << (8 * UInt64(count))) &- 1)
        }
        var word: UInt64 = 0
        for offset in 0..<count { word |= UInt64(bytes[span.lowerBound + offset]) << (8 * UInt64(offset)) }
        return word
    }

    /// ``word(_:)`` of a text, for writing down the words of known keys.
    static func word(of text: String) -> UInt64 {
        var word: UInt64 = 0
        for (offset, byte) in text.utf8.prefix(8).enumerated() { word |= UInt64(byte) << (8 * UInt64(offset)) }
        return word
    }

    /// Whether two spans hold the same bytes.
    func span(_ first: Range<Int>, equals second: Range<Int>) -> Bool {
        guard first.count == second.count else { return false }
        guard let base = bytes.baseAddress, !first.isEmpty else { return true }
        // memcmp: the generic `elementsEqual` stepped through two iterators byte by byte.
        return memcmp(base + first.lowerBound, base + second.lowerBound, first.count) == 0
    }

    /// The bytes of `span`, for reading in place.
    @inline(__always)
    func buffer(_ span: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[span])
    }

    /// The text of `span` (the content of a plain string, or a number literal).
    func string(_ span: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[span]), as: UTF8.self)
    }
}
