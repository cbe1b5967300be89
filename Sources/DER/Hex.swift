/// Lower-case hexadecimal text, the one implementation every layer uses for identifiers, test
/// vectors and diagnostics (never for key material, which is never printed).
public enum Hex {
    /// `bytes` as lower-case hex without separators.
    ///
    /// Written straight into the string's storage: key identifiers are printed for every
    /// verified sample.
    public static func encode(_ bytes: [UInt8]) -> String {
        encode(bytes[...])
    }

    /// `bytes` as lower-case hex without separators. Arrays and slices are written by this
    /// concrete function rather than through the generic one, which a caller in another module
    /// would reach through protocol witnesses for every byte.
    public static func encode(_ bytes: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            var written = 0
            for byte in bytes {
                buffer[written] = digit(byte >> 4)
                buffer[written + 1] = digit(byte & 0x0F)
                written += 2
            }
            return written
        }
    }

    /// `bytes` as lower-case hex without separators.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        encode(Array(bytes)[...])
    }

    @inline(__always)
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }

    /// The bytes of hex text (either case, no separators); nil for odd length or other characters.
    public static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count / 2)
        var i = 0
        while i < utf8.count {
            guard let high = value(utf8[i]), let low = value(utf8[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    private static func value(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
