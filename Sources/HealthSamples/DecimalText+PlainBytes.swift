extension DecimalText {
    /// The most bytes ``writePlain(_:to:)`` writes for `parts`.
    public static func plainByteCount(_ parts: IntegerParts) -> Int {
        // Sign, "0.", the 20 digits of a UInt64 and the zeros the exponent adds.
        3 + 20 + Int(parts.exponent.magnitude)
    }

    // Perf: ``format(_:)`` takes the parts back out of the `Decimal` and builds the text from
    // several Strings, about two thousand instructions a value (measured when written).
    /// Writes the text ``format(_:)`` gives the decimal of `parts` (`36.6`, `-0.004`, `120`) as
    /// UTF-8 to `out`, which has room for ``plainByteCount(_:)`` bytes, and returns how many it
    /// wrote. For a report, which writes every reading's value straight into its bytes from the
    /// parts its parser kept.
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
        var digitCount = 1
        var power: UInt64 = 10
        while digitCount < 20 && parts.significand >= power {
            digitCount += 1
            power = power &* 10
        }
        if parts.exponent >= 0 {
            writeDigits(parts.significand, digitCount, to: out + count, pointAfter: nil)
            count += digitCount
            (out + count).initialize(repeating: UInt8(ascii: "0"), count: parts.exponent)
            count += parts.exponent
        } else {
            let integerDigits = digitCount + parts.exponent
            if integerDigits > 0 {
                writeDigits(parts.significand, digitCount, to: out + count, pointAfter: integerDigits)
                count += digitCount + 1
            } else {
                out[count] = UInt8(ascii: "0")
                out[count + 1] = UInt8(ascii: ".")
                count += 2
                (out + count).initialize(repeating: UInt8(ascii: "0"), count: -integerDigits)
                count -= integerDigits
                writeDigits(parts.significand, digitCount, to: out + count, pointAfter: nil)
                count += digitCount
            }
        }
        return count
    }

    /// Writes the `digitCount` decimal digits of `value` at `out`, with a `.` after the first
    /// `pointAfter` of them when given (one byte more).
    private static func writeDigits(_ value: UInt64, _ digitCount: Int, to out: UnsafeMutablePointer<UInt8>,
                                    pointAfter: Int?) {
        var rest = value
        var index = digitCount - 1
        var position = pointAfter == nil ? digitCount - 1 : digitCount
        while index >= 0 {
            if let pointAfter, index == pointAfter - 1 {
                out[position] = UInt8(ascii: ".")
                position -= 1
            }
            out[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            index -= 1
            position -= 1
        }
    }
}
