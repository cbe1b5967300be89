/// The `HKDigitalSignature` text: base64 (RFC 4648 §4: the standard alphabet, padded with `=` to
/// a multiple of four characters) of the DER SignedData, possibly wrapped with ASCII whitespace, since
/// export.xml may break long attribute values and base64 never contains any itself.
///
/// Decoded and encoded on UTF-8 bytes in one pass with lookup tables: this runs once per signed
/// or verified sample, and going through `Character`s and Foundation cost more than the rest of
/// the parsing.
public enum SignatureText {
    /// The decoded bytes, or `nil` when the text (whitespace removed) is not base64: a character
    /// outside the alphabet, `=` anywhere but in the last one or two places, or a length that is
    /// not a multiple of four. Unused bits of the last group are not checked (RFC 4648 §3.5
    /// allows decoders to accept them, as Foundation and Python do).
    public static func decode(_ text: String) -> [UInt8]? {
        // Read in place, borrowed: `withUTF8` needs a `var` copy of the String (a retain and a
        // release per decoded signature); only a String without contiguous UTF-8 takes that path.
        if let decoded = text.utf8.withContiguousStorageIfAvailable({ decode($0) }) { return decoded }
        var text = text
        return text.withUTF8 { decode($0) }
    }

    /// ``decode(_:)`` on UTF-8 bytes.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard bytes.baseAddress != nil else { return [] }
        var valid = true
        let output = [UInt8](unsafeUninitializedCapacity: decodedCapacity(characterCount: bytes.count)) { out, written in
            if let count = decode(bytes, into: out) { written = count } else { valid = false; written = 0 }
        }
        return valid ? output : nil
    }

    /// Room for the decoded bytes of `characterCount` characters: at most three bytes for every
    /// four characters that are not whitespace.
    public static func decodedCapacity(characterCount: Int) -> Int { characterCount / 4 * 3 + 3 }

    /// Decodes `text` into `out`, which has room for ``decodedCapacity(characterCount:)`` of its
    /// UTF-8 bytes; how many bytes it wrote, or `nil` when the text is not base64 (as
    /// ``decode(_:)`` says). The verifier reads a signature once, so it decodes into memory it
    /// frees after, not into an array: an array of bytes is allocated through the unspecialised
    /// generic, a metadata look-up for every verified sample.
    public static func decode(_ text: String, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        if let written = text.utf8.withContiguousStorageIfAvailable({ decode($0, into: out) }) { return written }
        var text = text
        return text.withUTF8 { decode($0, into: out) }
    }

    /// Decodes `bytes` into `out`, which has room for ``decodedCapacity(characterCount:)`` of
    /// them; how many bytes it wrote, or `nil` when the text is not base64.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard let input = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var valid = true
        // Written into room made once, not appended (a signature is some 600 characters,
        // decoded per sample).
        let capacity = decodedCapacity(characterCount: count)
        precondition(out.count >= capacity, "base64 room too small")
        var written = 0
        decodingTable.withUnsafeBufferPointer { table in
            shiftedValues.withUnsafeBufferPointer { shifted in
                pairValues.withUnsafeBufferPointer { pairs in
                    do {
                        var group: UInt32 = 0
                        var inGroup = 0
                        var padding = 0
                        var finished = false
                        var index = 0
                        let source = UnsafeRawPointer(input)
                        let target = UnsafeMutableRawPointer(out.baseAddress!)
                        while index < count {
                            if inGroup == 0 && padding == 0 {
                                // The bulk of every signature: whole groups of alphabet characters.
                                (index, written) = decodeAlphabetRun(
                                    source, count: count, from: index, into: target, at: written, capacity: capacity,
                                    pairs: pairs.baseAddress!)
                                // Then (or for a pair that is not all alphabet) a group at a time;
                                // anything else (whitespace, `=`, an invalid byte) takes the loop below.
                                while index &+ 4 <= count {
                                    // Each character's value already in its place in the group's 24
                                    // bits; anything but an alphabet character sets bit 24 or above.
                                    let value = shifted[Int(input[index])] | shifted[256 | Int(input[index &+ 1])]
                                        | shifted[512 | Int(input[index &+ 2])] | shifted[768 | Int(input[index &+ 3])]
                                    guard value < 1 << 24 else { break }
                                    out[written] = UInt8(truncatingIfNeeded: value >> 16)
                                    out[written &+ 1] = UInt8(truncatingIfNeeded: value >> 8)
                                    out[written &+ 2] = UInt8(truncatingIfNeeded: value)
                                    written &+= 3
                                    index &+= 4
                                }
                                if index >= count { break }
                            }
                            let value = table[Int(input[index])]
                            index += 1
                            if value >= Self.whitespace {
                                if value == Self.whitespace { continue }
                                // Padding only completes the last group, after two or three characters of it.
                                guard value == Self.paddingMark, !finished, inGroup >= 2 else {
                                    valid = false
                                    break
                                }
                                padding += 1
                                if inGroup + padding == 4 {
                                    if inGroup == 2 {
                                        out[written] = UInt8(truncatingIfNeeded: group >> 4)          // 12 bits: one byte
                                        written += 1
                                    } else {
                                        out[written] = UInt8(truncatingIfNeeded: group >> 10)         // 18 bits: two bytes
                                        out[written + 1] = UInt8(truncatingIfNeeded: group >> 2)
                                        written += 2
                                    }
                                    finished = true
                                }
                                continue
                            }
                            // A character after padding: `=` was not at the end.
                            guard padding == 0 else {
                                valid = false
                                break
                            }
                            group = group << 6 | UInt32(value)
                            inGroup += 1
                            if inGroup == 4 {
                                out[written] = UInt8(truncatingIfNeeded: group >> 16)
                                out[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                                out[written + 2] = UInt8(truncatingIfNeeded: group)
                                written += 3
                                inGroup = 0
                                group = 0
                            }
                        }
                        if inGroup != 0 && !finished { valid = false }
                    }
                }
            }
        }
        return valid ? written : nil
    }

    /// Decodes whole groups of alphabet characters from `index` of the `count` characters at
    /// `source` into `target` from `written` (room for `capacity` bytes), until a pair of
    /// characters is not all alphabet or fewer than eight characters are left; where it stopped.
    ///
    /// Four lookups of a character pair's 12 bits (each pair loaded where it lies), one check
    /// and one store of eight bytes (the last two overwritten next) for every eight characters,
    /// where a character at a time cost twice the instructions. Out of line, with only this
    /// loop's state live: inside the whole decoder, the state of its slow path kept the
    /// registers full, and the loop spilled and reloaded at every turn.
    @inline(never)
    private static func decodeAlphabetRun(
        _ source: UnsafeRawPointer, count: Int, from start: Int, into target: UnsafeMutableRawPointer, at startWritten: Int,
        capacity: Int, pairs: UnsafePointer<UInt16>
    ) -> (index: Int, written: Int) {
        @inline(__always) func pair(_ offset: Int) -> UInt64 {
            let characters = UInt16(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            return UInt64(pairs[Int(truncatingIfNeeded: characters)])
        }
        /// Eight characters at `index` into six bytes at `written` (eight written); false, with
        /// nothing written, when a pair is not all alphabet.
        @inline(__always) func eight(_ index: Int, _ written: Int) -> Bool {
            let a = pair(index), b = pair(index &+ 2), c = pair(index &+ 4), d = pair(index &+ 6)
            guard (a | b | c | d) < 1 << 12 else { return false }
            target.storeBytes(of: (a << 52 | b << 40 | c << 28 | d << 16).bigEndian, toByteOffset: written, as: UInt64.self)
            return true
        }
        var index = start, written = startWritten
        // Eight characters a step, two steps a turn, as many steps as both the input and the
        // room allow (each writes eight bytes from `written`, keeps six).
        var steps = min((count &- index) / 8, capacity &- written >= 8 ? (capacity &- written &- 8) / 6 &+ 1 : 0)
        while steps >= 2 {
            guard eight(index, written) else { return (index, written) }
            guard eight(index &+ 8, written &+ 6) else { return (index &+ 8, written &+ 6) }
            written &+= 12
            index &+= 16
            steps &-= 2
        }
        if steps == 1 && eight(index, written) {
            written &+= 6
            index &+= 8
        }
        return (index, written)
    }

    /// `bytes` as base64 text: the standard alphabet, padded, on one line (what
    /// Foundation's `base64EncodedString()` writes).
    public static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        encode(bytes, into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the ASCII bytes of ``encode(_:)``'s text to `text`.
    public static func encode(_ bytes: [UInt8], into text: inout [UInt8]) {
        let start = text.count
        let length = encodedLength(byteCount: bytes.count)
        text.append(contentsOf: repeatElement(0, count: length))
        text.withUnsafeMutableBytes { output in
            bytes.withUnsafeBytes { input in
                encode(input, into: UnsafeMutableRawBufferPointer(rebasing: output[start..<(start + length)]))
            }
        }
    }

    /// The 64 characters of RFC 4648 §4, by value.
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Marks in ``decodingTable`` above the 0–63 of the alphabet.
    private static let whitespace: UInt8 = 64
    private static let paddingMark: UInt8 = 65
    private static let invalid: UInt8 = 255

    /// For each of a group's four positions (256 entries each), every byte's alphabet value
    /// shifted to where that position puts it in the group's 24 bits, or 1 << 24 for a byte
    /// outside the alphabet: a whole group is decoded with four lookups and one check.
    private static let shiftedValues: [UInt32] = (0..<4).flatMap { position in
        decodingTable.map { value in value < 64 ? UInt32(value) << (6 * (3 - position)) : 1 << 24 }
    }

    /// For every two bytes read as a little-endian UInt16 (the first character in the low byte),
    /// the 12 bits of the pair when both are alphabet characters, else 1 << 12: 128 KB, of which
    /// decoding touches only the 64 × 64 alphabet pairs.
    private static let pairValues: [UInt16] = {
        // Filled, then the 4,096 alphabet pairs set: made once per process, cheaply.
        var table = [UInt16](repeating: 1 << 12, count: 65536)
        for (first, a) in alphabet.enumerated() {
            for (second, b) in alphabet.enumerated() {
                table[Int(a) | Int(b) << 8] = UInt16(first) << 6 | UInt16(second)
            }
        }
        return table
    }()

    /// Every byte's meaning: its value for the 64 alphabet characters, ``whitespace`` for the six
    /// ASCII whitespace bytes (space, tab, LF, VT, FF, CR), ``paddingMark`` for `=`, else
    /// ``invalid`` (every other byte, non-ASCII UTF-8 included).
    private static let decodingTable: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        for space: UInt8 in [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D] { table[Int(space)] = whitespace }
        table[Int(UInt8(ascii: "="))] = paddingMark
        return table
    }()
}
