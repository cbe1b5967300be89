/// Finds bytes a JSON string literal cannot carry as they are, eight bytes at a time: every
/// signed reading's 600-byte base64 text is scanned before it is spliced, and every string of a
/// report line before it is copied. Each test is the exact word test "has a byte below n" /
/// "has a zero byte" (`(x - n·0x01…01) & ~x & 0x80…80`, bit-twiddling hacks).
public enum JSONEscapeScan {
    /// Whether any byte of `bytes` is `"`, `\` or a control character (below 0x20); with
    /// `printableASCIIOnly`, also DEL or a byte outside ASCII.
    ///
    /// The last, partial word is read as a word too: overlapping the one before it, or, in a
    /// text shorter than a word, padded with a printable byte. A byte-by-byte tail cost as much
    /// as the words for the short strings of a report line (a unit, a reason code).
    @inlinable
    public static func containsByteToEscape(_ bytes: UnsafeBufferPointer<UInt8>, printableASCIIOnly: Bool) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        if count < 8 {
            var word: UInt64 = 0x4141_4141_4141_4141
            withUnsafeMutableBytes(of: &word) { $0.baseAddress!.copyMemory(from: raw, byteCount: count) }
            return hasByteToEscape(word, printableASCIIOnly: printableASCIIOnly)
        }
        var index = 0
        while index &+ 8 <= count {
            if hasByteToEscape(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), printableASCIIOnly: printableASCIIOnly) {
                return true
            }
            index &+= 8
        }
        return index != count
            && hasByteToEscape(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self), printableASCIIOnly: printableASCIIOnly)
    }

    /// ``containsByteToEscape(_:printableASCIIOnly:)`` of one word's eight bytes.
    @inlinable @inline(__always)
    static func hasByteToEscape(_ word: UInt64, printableASCIIOnly: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        var found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
        if printableASCIIOnly {
            let delete = word ^ (ones &* 0x7F)
            found |= ((delete &- ones) & ~delete) | word
        }
        return found & 0x8080_8080_8080_8080 != 0
    }
}
