/// Kinds of byte a scanner stops at; ``ByteScan`` finds the first byte of any kind in a set.
///
/// The sets are inlinable computed values (not stored constants, not array literals): a scan
/// inlined where it is called then tests only the kinds of its set, decided at compile time.
public struct ByteClass: OptionSet, Sendable {
    public let rawValue: UInt16

    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `"` (0x22).
    @inlinable public static var quote: ByteClass { ByteClass(rawValue: 1 << 0) }
    /// `\` (0x5C).
    @inlinable public static var backslash: ByteClass { ByteClass(rawValue: 1 << 1) }
    /// A C0 control character, 0x00–0x1F.
    @inlinable public static var control: ByteClass { ByteClass(rawValue: 1 << 2) }
    /// DEL, 0x7F.
    @inlinable public static var delete: ByteClass { ByteClass(rawValue: 1 << 3) }
    /// A byte of a multi-byte UTF-8 sequence (or no UTF-8 at all), 0x80–0xFF.
    @inlinable public static var nonASCII: ByteClass { ByteClass(rawValue: 1 << 4) }
    /// NUL, 0x00.
    @inlinable public static var nul: ByteClass { ByteClass(rawValue: 1 << 5) }
    /// `<` (0x3C).
    @inlinable public static var lessThan: ByteClass { ByteClass(rawValue: 1 << 6) }
    /// `&` (0x26).
    @inlinable public static var ampersand: ByteClass { ByteClass(rawValue: 1 << 7) }
    /// `>` (0x3E).
    @inlinable public static var greaterThan: ByteClass { ByteClass(rawValue: 1 << 8) }
    /// `'` (0x27).
    @inlinable public static var apostrophe: ByteClass { ByteClass(rawValue: 1 << 9) }

    /// What a JSON string cannot carry as it is (RFC 8259 §7): a quote, a backslash, a control
    /// character.
    @inlinable public static var jsonEscaped: ByteClass {
        ByteClass(rawValue: quote.rawValue | backslash.rawValue | control.rawValue)
    }
    /// Where a run of bytes that stand for themselves in a JSON string and are ASCII ends.
    @inlinable public static var jsonPlainASCIIEnd: ByteClass {
        ByteClass(rawValue: jsonEscaped.rawValue | nonASCII.rawValue)
    }
    /// Anything but printable ASCII that a JSON string carries as it is.
    @inlinable public static var jsonEscapedOrNotPrintableASCII: ByteClass {
        ByteClass(rawValue: jsonEscaped.rawValue | delete.rawValue | nonASCII.rawValue)
    }
    /// Where a run of ASCII text XML accepts ends: a NUL (never XML) or the start of a multi-byte
    /// sequence, which needs checking as UTF-8.
    @inlinable public static var nulOrNonASCII: ByteClass {
        ByteClass(rawValue: nul.rawValue | nonASCII.rawValue)
    }
    /// Where a double-quoted XML attribute value stops being plain text: its closing quote, a
    /// `<` (never allowed), a reference, or a control character (tab, line feed and carriage
    /// return are normalized to spaces; others are kept but rare).
    @inlinable public static var xmlQuotedValueEnd: ByteClass {
        ByteClass(rawValue: quote.rawValue | lessThan.rawValue | ampersand.rawValue | control.rawValue)
    }
}

/// Finds the first byte of a ``ByteClass`` set, sixteen and then eight bytes at a time.
///
/// The one word test of the project's scanners: a signature's 600-byte base64 text is read in
/// every verified line and written in every signed one, and stepping through it byte by byte
/// was the JSON reader's largest cost. Each class is the exact test "has a byte equal to /
/// below n" (`(x - n·0x01…01) & ~x & 0x80…80`, bit-twiddling hacks), whose lowest flagged
/// byte is the first match: a borrow only ever flags bytes above a real match.
public enum ByteScan {
    /// The index of the first byte at or after `start` in `classes`, or `bytes.count` if there
    /// is none.
    @inlinable @inline(__always)
    public static func firstIndex(of classes: ByteClass, in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int {
        let count = bytes.count
        guard start < count, let raw = bytes.baseAddress else { return count }
        var index = start
        while index &+ 16 <= count {
            let stop = matches(classes, raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
            if any(stop) {
                // The first match read off the comparison as two words of 0xFF or 0 bytes: most
                // strings end in their first sixteen bytes, and a second pass over them a word
                // at a time cost as much as the comparison.
                let flags = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: stop)
                let marks = unsafeBitCast(flags, to: (UInt64, UInt64).self)
                let low = UInt64(littleEndian: marks.0)
                if low != 0 { return index &+ low.trailingZeroBitCount / 8 }
                return index &+ 8 &+ UInt64(littleEndian: marks.1).trailingZeroBitCount / 8
            }
            index &+= 16
        }
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let found = matches(classes, word)
            if found != 0 { return index &+ found.trailingZeroBitCount / 8 }
            index &+= 8
        }
        guard index < count else { return count }
        // The last, partial word is read as a word too (a byte-by-byte tail cost as much as the
        // words for the short strings of a report line): the word ending at the end, its bytes
        // scanned already masked off, or, when that word reaches back before `start` (whose
        // bytes may match and flag the byte above by a borrow), the bytes left padded with `A`,
        // which is in no class.
        if count &- 8 >= start {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            let scanned = UInt64(truncatingIfNeeded: index &- (count &- 8)) &* 8
            let found = matches(classes, word) & (~0 << scanned)
            return found == 0 ? count : count &- 8 &+ found.trailingZeroBitCount / 8
        }
        var word: UInt64 = 0x4141_4141_4141_4141
        var offset = index
        while offset < count {
            let shift = UInt64(truncatingIfNeeded: offset &- index) &* 8
            word = (word & ~(0xFF << shift)) | (UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift)
            offset &+= 1
        }
        let found = matches(classes, word)
        return found == 0 ? count : index &+ found.trailingZeroBitCount / 8
    }

    /// ``firstIndex(of:in:from:)`` of typed bytes.
    @inlinable @inline(__always)
    public static func firstIndex(
        of classes: ByteClass, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0
    ) -> Int {
        firstIndex(of: classes, in: UnsafeRawBufferPointer(bytes), from: start)
    }

    /// Whether any byte of `bytes` is in `classes`.
    @inlinable @inline(__always)
    public static func contains(_ classes: ByteClass, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: classes, in: UnsafeRawBufferPointer(bytes)) != bytes.count
    }

    /// The bytes of `word` (little-endian: byte 0 lowest) in `classes`, as their high bits; the
    /// lowest flagged byte is exact, those above it may be flagged by a borrow.
    @inlinable @inline(__always)
    public static func matches(_ classes: ByteClass, _ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        var found: UInt64 = 0
        if classes.contains(.quote) { found |= zeroBytes(word ^ (ones &* 0x22)) }
        if classes.contains(.backslash) { found |= zeroBytes(word ^ (ones &* 0x5C)) }
        if classes.contains(.control) { found |= (word &- ones &* 0x20) & ~word }
        if classes.contains(.delete) { found |= zeroBytes(word ^ (ones &* 0x7F)) }
        if classes.contains(.nonASCII) { found |= word }
        if classes.contains(.nul) { found |= zeroBytes(word) }
        if classes.contains(.lessThan) { found |= zeroBytes(word ^ (ones &* 0x3C)) }
        if classes.contains(.ampersand) { found |= zeroBytes(word ^ (ones &* 0x26)) }
        if classes.contains(.greaterThan) { found |= zeroBytes(word ^ (ones &* 0x3E)) }
        if classes.contains(.apostrophe) { found |= zeroBytes(word ^ (ones &* 0x27)) }
        return found & 0x8080_8080_8080_8080
    }

    /// The bytes of `chunk` in `classes`, exactly.
    @inlinable @inline(__always)
    static func matches(_ classes: ByteClass, _ chunk: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        var stop = SIMDMask<SIMD16<Int8>>(repeating: false)
        if classes.contains(.quote) { stop .|= chunk .== SIMD16(repeating: 0x22) }
        if classes.contains(.backslash) { stop .|= chunk .== SIMD16(repeating: 0x5C) }
        if classes.contains(.delete) { stop .|= chunk .== SIMD16(repeating: 0x7F) }
        if classes.contains(.nul) { stop .|= chunk .== SIMD16(repeating: 0) }
        if classes.contains(.lessThan) { stop .|= chunk .== SIMD16(repeating: 0x3C) }
        if classes.contains(.ampersand) { stop .|= chunk .== SIMD16(repeating: 0x26) }
        if classes.contains(.greaterThan) { stop .|= chunk .== SIMD16(repeating: 0x3E) }
        if classes.contains(.apostrophe) { stop .|= chunk .== SIMD16(repeating: 0x27) }
        if classes.contains(.control) && classes.contains(.nonASCII) {
            // One signed comparison takes in both: 0x80 and above are negative.
            stop .|= SIMD16<Int8>(truncatingIfNeeded: chunk) .< SIMD16(repeating: 0x20)
        } else if classes.contains(.control) {
            stop .|= chunk .< SIMD16(repeating: 0x20)
        } else if classes.contains(.nonASCII) {
            stop .|= chunk .>= SIMD16(repeating: 0x80)
        }
        return stop
    }
}
