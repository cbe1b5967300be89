extension SampleDate {
    /// The most bytes ``writeRFC3339(to:)`` writes.
    public static let rfc3339MaximumByteCount = 35

    // Perf: a String made for each date only to be copied out cost about as much as the
    // formatting (not measured as a share).
    /// Writes the UTF-8 bytes of ``rfc3339String`` to `out`, which has room for
    /// ``rfc3339MaximumByteCount`` bytes, and returns how many it wrote; nil, with nothing
    /// written, when a field is wider than its place (a year past 9999), which only
    /// ``rfc3339String`` writes. For a report, which writes two dates a sample straight into
    /// its bytes.
    public func writeRFC3339(to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let c = localComponents
        let offsetMagnitude = Int(abs(utcOffsetSeconds))
        guard (0...9999).contains(c.year), (0..<1_000_000_000).contains(c.nanoseconds),
              offsetMagnitude < 100 * 3600 else {
            return nil
        }
        var count = 0
        func put(_ byte: UInt8) {
            out[count] = byte
            count += 1
        }
        func digits(_ value: Int, _ width: Int) {
            var rest = value
            var index = count + width - 1
            while index >= count {
                out[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                index -= 1
            }
            count += width
        }
        digits(c.year, 4)
        put(UInt8(ascii: "-"))
        digits(c.month, 2)
        put(UInt8(ascii: "-"))
        digits(c.day, 2)
        put(UInt8(ascii: "T"))
        digits(c.hour, 2)
        put(UInt8(ascii: ":"))
        digits(c.minute, 2)
        put(UInt8(ascii: ":"))
        digits(c.second, 2)
        if hasFraction {
            put(UInt8(ascii: "."))
            let fractionStart = count
            digits(c.nanoseconds, 9)
            while count > fractionStart + 1, out[count - 1] == UInt8(ascii: "0") { count -= 1 }
        }
        if utcOffsetSeconds == 0 {
            put(UInt8(ascii: "Z"))
        } else {
            put(utcOffsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            digits(offsetMagnitude / 3600, 2)
            put(UInt8(ascii: ":"))
            digits(offsetMagnitude / 60 % 60, 2)
        }
        return count
    }

    /// Whether ``rfc3339String`` of the two dates is the same text: the same instant written
    /// with the same offset and the same fraction flag (`==` compares instants only).
    public func isWrittenAlike(_ other: SampleDate) -> Bool {
        epochSeconds == other.epochSeconds && nanoseconds == other.nanoseconds
            && utcOffsetSeconds == other.utcOffsetSeconds && hasFraction == other.hasFraction
    }
}
