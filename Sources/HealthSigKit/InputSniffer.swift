import SampleIO

/// Recognising a `verify` input from its first bytes.
enum InputSniffer {
    /// Bytes that may precede the first significant one: whitespace and a UTF-8 byte order mark.
    static func isSkippable(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// Most leading whitespace read before deciding: the JSON reader's own bound. Past it the
    /// input is taken for JSON, whose reader holds one bounded line at a time, so whitespace
    /// alone cannot fill memory.
    static let maximumLeadingWhitespace = JSONSampleReader<FileChunkSource>.maximumLeadingWhitespace

    /// The kind of input `head` starts, or `nil` when more bytes are needed to tell.
    static func kind(of head: [UInt8], atEnd: Bool) -> BatchVerifier.InputKind? {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zipArchive }
        if head.count < 4, !atEnd, [0x50, 0x4B, 0x03, 0x04].starts(with: head) { return nil }
        guard let first = head.first(where: { !isSkippable($0) }) else {
            return atEnd || head.count > maximumLeadingWhitespace ? .json : nil
        }
        return first == UInt8(ascii: "<") ? .healthExport : .json
    }
}
