/// Questions the validator asks of every metadata key of every sample read, answered from the
/// key's UTF-8 bytes when it is ASCII (`String.hasPrefix` and a scan through the UTF-8 view cost
/// a few hundred instructions a key). Other keys get the String answers, which compare by
/// canonical equivalence and whole characters.
enum ASCIIKeyText {
    /// Whether every byte of `text` is ASCII.
    static func isASCII(_ text: String) -> Bool {
        var contiguous = text
        return contiguous.withUTF8 { isASCII($0) }
    }

    /// `text.hasPrefix(MetadataKey.constantPrefix)`.
    static func hasConstantPrefix(_ text: String) -> Bool {
        var contiguous = text
        let byBytes: Bool? = contiguous.withUTF8 { utf8 in
            guard isASCII(utf8) else { return nil }
            let prefix = constantPrefixUTF8
            guard utf8.count >= prefix.count else { return false }
            for index in 0..<prefix.count where utf8[index] != prefix[index] { return false }
            return true
        }
        return byBytes ?? text.hasPrefix(MetadataKey.constantPrefix)
    }

    private static let constantPrefixUTF8 = Array(MetadataKey.constantPrefix.utf8)

    private static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        var offset = 0
        var bits: UInt64 = 0
        while offset + 8 <= utf8.count {
            bits |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset += 8
        }
        while offset < utf8.count {
            bits |= UInt64(base[offset])
            offset += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }
}
