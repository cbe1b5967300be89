import DER

/// The canonical text of a decoded DER value, as `der.json` writes it in `value`
/// (TestVectors/README.md, "DER value text").
enum DERValueText {
    /// Decimal text of a two's-complement INTEGER of any size: `0`, `-129`,
    /// `170141183460469231731687303715884105728`.
    static func integer(_ value: DERInteger) -> String {
        let negative = value.isNegative
        var magnitude = value.bytes
        if negative {
            // Two's complement negation: invert, add one.
            magnitude = magnitude.map { ~$0 }
            var index = magnitude.count - 1
            while index >= 0 {
                let (sum, overflow) = magnitude[index].addingReportingOverflow(1)
                magnitude[index] = sum
                if !overflow { break }
                index -= 1
            }
            if index < 0 { magnitude.insert(1, at: 0) }
        }
        // Repeated division by 10 of the big-endian magnitude.
        var digits: [UInt8] = []
        var number = Array(magnitude.drop { $0 == 0 })
        while !number.isEmpty {
            var remainder = 0
            var quotient: [UInt8] = []
            for byte in number {
                let current = remainder * 256 + Int(byte)
                let q = current / 10
                remainder = current % 10
                if !quotient.isEmpty || q != 0 { quotient.append(UInt8(q)) }
            }
            digits.append(UInt8(ascii: "0") + UInt8(remainder))
            number = quotient
        }
        if digits.isEmpty { return "0" }
        return (negative ? "-" : "") + String(decoding: digits.reversed(), as: UTF8.self)
    }

    /// The bits of a BIT STRING as `0`/`1` characters, most significant first, padding left
    /// out: `05 A0` reads `101`; the empty string has no bits.
    static func bits(_ value: DERBitString) -> String {
        var out = ""
        let count = value.bytes.count * 8 - value.paddingBits
        var index = 0
        for byte in value.bytes {
            for bit in 0..<8 where index < count {
                out.append(byte & (0x80 >> UInt8(bit)) != 0 ? "1" : "0")
                index += 1
            }
        }
        return out
    }
}
