/// Finds bytes a JSON string literal cannot carry as they are, eight bytes at a time: every
/// signed reading's 600-byte base64 text is scanned before it is spliced, and every string of a
/// report line before it is copied. Each test is the exact word test "has a byte below n" /
/// "has a zero byte" (`(x - n·0x01…01) & ~x & 0x80…80`, bit-twiddling hacks).
public enum JSONEscapeScan {
    /// Whether any byte of `bytes` is `"`, `\` or a control character (below 0x20); with
    /// `printableASCIIOnly`, also DEL or a byte outside ASCII.
    @inlinable
    public static func containsByteToEscape(_ bytes: UnsafeBufferPointer<UInt8>, printableASCIIOnly: Bool) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            var found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            if printableASCIIOnly {
                let delete = word ^ (ones &* 0x7F)
                found |= ((delete &- ones) & ~delete) | word
            }
            if found & highs != 0 { return true }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return true }
            if printableASCIIOnly && byte >= 0x7F { return true }
            index += 1
        }
        return false
    }
}
