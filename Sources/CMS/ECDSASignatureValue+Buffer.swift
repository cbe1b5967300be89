extension ECDSASignatureValue {
    /// ``isShortCanonicalDER(_:)-([UInt8])`` of bytes in place: the default profile checks each
    /// signature where the key wrote it, on the stack, without an array of its own.
    static func isShortCanonicalDER(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count >= 8, count <= 129, bytes[0] == 0x30, Int(bytes[1]) == count - 2 else { return false }
        var index = 2
        for _ in 0..<2 {
            guard index + 2 <= count, bytes[index] == 0x02 else { return false }
            let length = Int(bytes[index + 1])
            guard length >= 1, length < 0x80, index + 2 + length <= count else { return false }
            if length > 1 {
                // The first nine bits are neither all zeros nor all ones.
                let first = bytes[index + 2], second = bytes[index + 3]
                if first == 0x00 && second < 0x80 || first == 0xFF && second >= 0x80 { return false }
            }
            index += 2 + length
        }
        return index == count
    }
}
