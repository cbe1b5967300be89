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
    /// - Throws: ``InputRecognitionError`` for any other first byte (so `/dev/zero` is refused
    ///   at its first byte) and for an input with only whitespace in its first
    ///   ``maximumLeadingWhitespace`` bytes.
    static func kind(of head: [UInt8], atEnd: Bool, input: String) throws(InputRecognitionError) -> VerificationInput.Kind? {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zipArchive }
        if head.count < 4, !atEnd, [0x50, 0x4B, 0x03, 0x04].starts(with: head) { return nil }
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
}
