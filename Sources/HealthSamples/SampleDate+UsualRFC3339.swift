extension SampleDate {
    /// The usual RFC 3339 timestamp, `yyyy-MM-ddTHH:mm:ss[.f…](Z|±hh:mm)` with every field in
    /// range, read straight from its bytes; nil for anything else, which ``init(rfc3339:)``'s
    /// reader then decides, with its errors.
    ///
    /// Every sample read has two of these, and the general reader (a field at a time, each able
    /// to report an error) cost some 550 instructions a date. The date and time are read by the
    /// general reader's own fixed-offset reading, the fraction and offset against the same
    /// ranges, and the instant is made by the same shared tail, so a date read here is the one
    /// the general reader gives. Its reference is ``init(rfc3339:)``, which never takes this path
    /// (a fuzz target holds the two together).
    @_spi(FastPathReference)
    public static func usualRFC3339(_ utf8: UnsafeBufferPointer<UInt8>) -> SampleDate? {
        let count = utf8.count
        guard count >= 20, count <= TimestampReader.maximumLength, let text = utf8.baseAddress else { return nil }
        @inline(__always) func digit(_ offset: Int) -> Int64 { Int64(text[offset] &- UInt8(ascii: "0")) }
        @inline(__always) func isDigit(_ offset: Int) -> Bool { text[offset] &- UInt8(ascii: "0") < 10 }
        @inline(__always) func twoDigits(_ offset: Int) -> Int64 { digit(offset) * 10 + digit(offset + 1) }
        guard let local = TimestampReader.wellFormedDateAndTime(utf8, separator: .rfc3339) else { return nil }
        var position = 19
        var nanoseconds: Int64 = 0
        var hasFraction = false
        if text[position] == UInt8(ascii: ".") {
            position += 1
            var digits = 0
            while position < count, isDigit(position) {
                guard digits < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + digit(position)
                digits += 1
                position += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanoseconds *= 10 }
            hasFraction = true
        }
        guard position < count else { return nil }
        let offsetStart = position
        let offsetSeconds: Int32
        switch text[position] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            offsetSeconds = 0
            position += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard position + 6 <= count, isDigit(position + 1), isDigit(position + 2),
                  text[position + 3] == UInt8(ascii: ":"), isDigit(position + 4), isDigit(position + 5) else { return nil }
            let hours = twoDigits(position + 1), minutes = twoDigits(position + 4)
            guard hours <= 23, minutes <= 59 else { return nil }
            let magnitude = Int32(hours * 3600 + minutes * 60)
            offsetSeconds = text[position] == UInt8(ascii: "-") ? -magnitude : magnitude
            position += 6
        default:
            return nil
        }
        guard position == count else { return nil }
        return try? SampleDate(local: local, nanoseconds: Int32(nanoseconds), hasFraction: hasFraction,
                               offset: TimestampReader.Offset(seconds: offsetSeconds, position: offsetStart))
    }
}
