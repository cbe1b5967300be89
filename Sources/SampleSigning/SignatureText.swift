/// The `HKDigitalSignature` text: base64 (RFC 4648 §4: the standard alphabet, padded with `=` to
/// a multiple of four characters) of the DER SignedData, possibly wrapped with ASCII whitespace, since
/// export.xml may break long attribute values and base64 never contains any itself.
///
/// Decoded on the UTF-8 bytes in one pass: this runs once per verified sample, and going through
/// `Character`s and Foundation cost more than the rest of the parsing.
public enum SignatureText {
    /// The decoded bytes, or `nil` when the text (whitespace removed) is not base64: a character
    /// outside the alphabet, `=` anywhere but in the last one or two places, or a length that is
    /// not a multiple of four. Unused bits of the last group are not checked (RFC 4648 §3.5
    /// allows decoders to accept them, as Foundation and Python do).
    public static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    /// ``decode(_:)`` on UTF-8 bytes.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 4 * 3)
        var group: UInt32 = 0
        var inGroup = 0
        var padding = 0
        var finished = false
        for byte in bytes {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: continue
            case UInt8(ascii: "="):
                // Padding only completes the last group, after two or three characters of it.
                guard !finished, inGroup >= 2 else { return nil }
                padding += 1
                if inGroup + padding == 4 {
                    if inGroup == 2 {
                        output.append(UInt8(truncatingIfNeeded: group >> 4))          // 12 bits: one byte
                    } else {
                        output.append(UInt8(truncatingIfNeeded: group >> 10))         // 18 bits: two bytes
                        output.append(UInt8(truncatingIfNeeded: group >> 2))
                    }
                    finished = true
                }
                continue
            default:
                return nil
            }
            // A character after padding: `=` was not at the end.
            guard padding == 0 else { return nil }
            group = group << 6 | UInt32(value)
            inGroup += 1
            if inGroup == 4 {
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
                inGroup = 0
                group = 0
            }
        }
        guard inGroup == 0 || finished else { return nil }
        return output
    }
}
