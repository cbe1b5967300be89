/// Lower-case hex, the form every binary input of the vector files uses.
package enum VectorHex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lower-case hex without separators.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of hex text (either case, spaces ignored); nil when it is not hex.
    package static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var high: UInt8?
        for c in text.utf8 where c != UInt8(ascii: " ") {
            let v: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let h = high {
                out.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        return high == nil ? out : nil
    }
}
