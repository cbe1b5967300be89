extension SignatureText {
    /// How many characters ``encode(_:into:)-(UnsafeRawBufferPointer,_)`` writes for `byteCount` bytes.
    public static func encodedLength(byteCount: Int) -> Int { (byteCount + 2) / 3 * 4 }

    /// Writes the ASCII bytes of ``encode(_:)``'s text of the bytes at `bytes` into `output`,
    /// which has room for exactly ``encodedLength(byteCount:)`` of them: `sign` writes the base64
    /// of the SignedData it is lent in place straight into the signed line.
    public static func encode(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        let count = bytes.count
        let groups = count / 3
        precondition(output.count == encodedLength(byteCount: count), "base64 room of the wrong size")
        guard count > 0 else { return }
        characterPairs.withUnsafeBufferPointer { pairs in
            let out = output
            var at = 0
            var written = 0
            // Four groups at once while fourteen bytes can be read: the loop's own work (bounds,
            // counters, branch) was a fifth of the encoding with two groups a turn.
            while at &+ 14 <= count && at &+ 12 <= 3 &* groups {
                let bits = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let more = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: at &+ 6, as: UInt64.self))
                let first = Int(truncatingIfNeeded: bits >> 40)
                let second = Int(truncatingIfNeeded: bits >> 16) & 0xFF_FFFF
                let third = Int(truncatingIfNeeded: more >> 40)
                let fourth = Int(truncatingIfNeeded: more >> 16) & 0xFF_FFFF
                let word = UInt64(pairs[first >> 12]) | UInt64(pairs[first & 0xFFF]) << 16
                    | UInt64(pairs[second >> 12]) << 32 | UInt64(pairs[second & 0xFFF]) << 48
                let next = UInt64(pairs[third >> 12]) | UInt64(pairs[third & 0xFFF]) << 16
                    | UInt64(pairs[fourth >> 12]) << 32 | UInt64(pairs[fourth & 0xFFF]) << 48
                out.storeBytes(of: word.littleEndian, toByteOffset: written, as: UInt64.self)
                out.storeBytes(of: next.littleEndian, toByteOffset: written &+ 8, as: UInt64.self)
                at &+= 12
                written &+= 16
            }
            // Two groups of three bytes at once while eight bytes can be read: one load for
            // six bytes, two 12-bit halves per group each looked up as a character pair, and
            // one store for eight characters.
            while at &+ 8 <= count && at &+ 6 <= 3 &* groups {
                let bits = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let first = Int(truncatingIfNeeded: bits >> 40)
                let second = Int(truncatingIfNeeded: bits >> 16) & 0xFF_FFFF
                // Characters in text order: the first pair in the lowest quarter of a
                // little-endian word.
                let word = UInt64(pairs[first >> 12]) | UInt64(pairs[first & 0xFFF]) << 16
                    | UInt64(pairs[second >> 12]) << 32 | UInt64(pairs[second & 0xFFF]) << 48
                out.storeBytes(of: word.littleEndian, toByteOffset: written, as: UInt64.self)
                at &+= 6
                written &+= 8
            }
            while at &+ 3 <= 3 &* groups {
                let value = Int(bytes[at]) << 16 | Int(bytes[at &+ 1]) << 8 | Int(bytes[at &+ 2])
                let word = UInt32(pairs[value >> 12]) | UInt32(pairs[value & 0xFFF]) << 16
                out.storeBytes(of: word.littleEndian, toByteOffset: written, as: UInt32.self)
                at &+= 3
                written &+= 4
            }
            // One or two bytes left: two or three characters, then `=` to four.
            let left = count - at
            if left > 0 {
                let group = Int(bytes[at]) << 16 | (left == 2 ? Int(bytes[at + 1]) << 8 : 0)
                let pair = pairs[group >> 12]
                out[written] = UInt8(truncatingIfNeeded: pair)
                out[written + 1] = UInt8(truncatingIfNeeded: pair >> 8)
                out[written + 2] = left == 2 ? UInt8(truncatingIfNeeded: pairs[group & 0xFFF]) : UInt8(ascii: "=")
                out[written + 3] = UInt8(ascii: "=")
            }
        }
    }

    // Perf: a group of three bytes is two such values, so its four characters take two lookups;
    // a character at a time cost ten instructions each (measured when written).
    /// The two characters of every 12-bit value, the first in the low byte (RFC 4648 §4's
    /// alphabet): 8 KB, made once.
    private static let characterPairs: [UInt16] = (0..<4096).map { value in
        UInt16(alphabet[value >> 6]) | UInt16(alphabet[value & 0x3F]) << 8
    }
}
