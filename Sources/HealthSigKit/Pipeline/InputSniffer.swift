import SampleIO

/// Recognising a `verify` input from its first bytes.
enum InputSniffer {
    /// Bytes that may precede the first significant one: whitespace and a UTF-8 byte order mark.
    static func isSkippable(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// Most leading whitespace read before deciding: the JSON reader's own bound. An input
    /// with nothing but whitespace that long cannot become JSON or XML in any sensible sense,
    /// and reading it further could go on forever.
    static let maximumLeadingWhitespace = JSONSampleReader<FileChunkSource>.maximumLeadingWhitespace

    /// The kind of input `head` starts, or `nil` when more bytes are needed to tell.
    ///
    /// JSON starts with `{` (JSON Lines) or `[` (an array), export.xml with `<`, a zip archive
    /// with `PK\u{3}\u{4}`, after any whitespace and byte order mark; an empty input counts as
    /// JSON (no samples).
    ///
    /// - Throws: ``InputRecognitionError`` for an empty zip archive, UTF-16 text, any other
    ///   first byte (so `/dev/zero` is refused at its first byte) and for an input with only
    ///   whitespace in its first ``maximumLeadingWhitespace`` bytes.
    static func kind(of head: [UInt8], atEnd: Bool, input: String) throws(InputRecognitionError) -> VerificationInput.Kind? {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zipArchive }
        if head.starts(with: [0x50, 0x4B, 0x05, 0x06]) { throw .emptyZipArchive(input: input) }
        if head.count < 4, !atEnd, [0x50, 0x4B, 0x03, 0x04].starts(with: head) || [0x50, 0x4B, 0x05, 0x06].starts(with: head) {
            return nil
        }
        // UTF-16: a byte order mark, or two ASCII characters each beside a zero byte (`<\0?\0`).
        // None of these starts UTF-8 JSON or XML, so this only names what was given.
        if let bigEndian = utf16ByteOrder(head) { throw .utf16Text(input: input, bigEndian: bigEndian) }
        if !atEnd, head.count < 4, mayBecomeUTF16(head) { return nil }
        guard let offset = head.firstIndex(where: { !isSkippable($0) }) else {
            if atEnd { return .json }
            if head.count > maximumLeadingWhitespace {
                throw .onlyWhitespace(input: input, bound: maximumLeadingWhitespace)
            }
            return nil
        }
        switch head[offset] {
        case UInt8(ascii: "<"): return .healthExport
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        default: throw .unrecognisedStart(input: input, byte: head[offset], offset: offset)
        }
    }

    /// The byte order of UTF-16 text at the start of `head`: `true` big-endian, `false`
    /// little-endian, nil when `head` does not start so (or is too short to tell).
    static func utf16ByteOrder(_ head: [UInt8]) -> Bool? {
        if head.starts(with: [0xFF, 0xFE]) { return false }
        if head.starts(with: [0xFE, 0xFF]) { return true }
        guard head.count >= 4 else { return nil }
        if matches(head, littleEndianUTF16) { return false }
        if matches(head, bigEndianUTF16) { return true }
        return nil
    }

    /// Whether a head shorter than four bytes may still turn out to be UTF-16.
    static func mayBecomeUTF16(_ head: [UInt8]) -> Bool {
        if head.first == 0xFF || head.first == 0xFE { return head.count < 2 || utf16ByteOrder(head) != nil }
        return matches(head, littleEndianUTF16) || matches(head, bigEndianUTF16)
    }

    /// Two ASCII characters of UTF-16 without a byte order mark: where the zero bytes are.
    private static let littleEndianUTF16 = [false, true, false, true]
    private static let bigEndianUTF16 = [true, false, true, false]

    /// Whether every byte of `head` (at most four) is zero where `zeroAt` says so and ASCII
    /// text elsewhere.
    private static func matches(_ head: [UInt8], _ zeroAt: [Bool]) -> Bool {
        zip(head.prefix(4), zeroAt).allSatisfy { byte, zero in
            zero ? byte == 0 : (0x09...0x0D).contains(byte) || (0x20...0x7E).contains(byte)
        }
    }
}
