extension DecimalText {
    /// The most bytes ``writePlain(_:to:)`` writes for `parts`.
    public static func plainByteCount(_ parts: IntegerParts) -> Int {
        // Sign, "0.", the 20 digits of a UInt64 and the zeros the exponent adds.
        3 + 20 + Int(parts.exponent.magnitude)
    }

    /// Writes the text ``format(_:)`` gives the decimal of `parts` (`36.6`, `-0.004`, `120`) as
    /// UTF-8 to `out`, which has room for ``plainByteCount(_:)`` bytes, and returns how many it
    /// wrote.
    ///
    /// For a report, which writes every reading's value straight into its bytes from the parts
    /// its parser kept: ``format(_:)`` gets the parts back out of the `Decimal` and builds the
    /// text from several Strings, about two thousand instructions a value.
    public static func writePlain(_ parts: IntegerParts, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if parts.significand == 0 {
            out[0] = UInt8(ascii: "0")
            return 1
        }
        var count = 0
        if parts.negative {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        // The significand's digits, least significant first, then in order.
        var reversed: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var digitCount = 0
        withUnsafeMutableBytes(of: &reversed) { buffer in
            var rest = parts.significand
            while rest > 0 {
                buffer[digitCount] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                digitCount += 1
            }
        }
        func zeros(_ n: Int) {
            (out + count).initialize(repeating: UInt8(ascii: "0"), count: n)
            count += n
        }
        withUnsafeBytes(of: &reversed) { buffer in
            func digits(_ range: Range<Int>) {
                for index in range {
                    out[count] = buffer[digitCount - 1 - index]
                    count += 1
                }
            }
            if parts.exponent >= 0 {
                digits(0..<digitCount)
                zeros(parts.exponent)
            } else {
                let integerDigits = digitCount + parts.exponent
                if integerDigits > 0 {
                    digits(0..<integerDigits)
                    out[count] = UInt8(ascii: ".")
                    count += 1
                    digits(integerDigits..<digitCount)
                } else {
                    out[count] = UInt8(ascii: "0")
                    out[count + 1] = UInt8(ascii: ".")
                    count += 2
                    zeros(-integerDigits)
                    digits(0..<digitCount)
                }
            }
        }
        return count
    }
}
