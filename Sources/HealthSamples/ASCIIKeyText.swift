import OwnedMemory

// Perf: `String.hasPrefix` and a scan through the UTF-8 view cost a few hundred instructions a
// key; the byte answers cost a few dozen (measured when written, share of the full path not).
/// Questions the validator asks of every metadata key of every sample read, answered from the
/// key's UTF-8 bytes when it is ASCII. Other keys get the String answers, which compare by
/// canonical equivalence and whole characters.
enum ASCIIKeyText {
    /// What a key's bytes say about its spellings.
    enum Spelling: Equatable {
        /// Not ASCII: it may equal a predefined name only canonically, which Strings decide.
        case nonASCII
        /// An ASCII key that is its own stored name (``MetadataKey/storedName(for:)``).
        case plain
        /// An SDK constant name whose stored name is `stored`, a different text.
        case renamed(stored: String)
    }

    /// The spelling of the key whose UTF-8 bytes are `utf8`: ``MetadataKey/storedName(for:)``
    /// is looked up only for a key that starts with ``MetadataKey/constantPrefix``, since only
    /// those have a stored name of another text.
    static func spelling(of utf8: UnsafeBufferPointer<UInt8>) -> Spelling {
        guard !ByteScan.contains(.nonASCII, in: utf8) else { return .nonASCII }
        guard hasConstantPrefix(utf8), let stored = MetadataKey.storedName(utf8: utf8),
              stored.utf8.count != utf8.count else { return .plain }
        // Either spelling of a key maps to its stored name, and a name stored in full maps to
        // itself: a stored name of another length is another text.
        return .renamed(stored: stored)
    }

    /// Whether the ASCII bytes `utf8` start with `HKMetadataKey`: two overlapping eight-byte
    /// words (a test holds them to ``MetadataKey/constantPrefix``).
    @inline(__always)
    static func hasConstantPrefix(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count >= 13, let base = utf8.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) == constantPrefixWords.head
            && UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 5, as: UInt64.self)) == constantPrefixWords.tail
    }

    /// `HKMetada` and `adataKey` (bytes 0–7 and 5–12 of `HKMetadataKey`) as little-endian words.
    static var constantPrefixWords: (head: UInt64, tail: UInt64) { (0x6164_6174_654D_4B48, 0x7965_4B61_7461_6461) }
}
