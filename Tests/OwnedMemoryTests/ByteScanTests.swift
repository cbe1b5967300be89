import OwnedMemory
import Testing

@Suite("Byte scan")
struct ByteScanTests {
    /// The definition the word test must match: the first byte in the set, found one at a time.
    static func plainFirstIndex(of classes: ByteClass, in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if classes.contains(.quote) && byte == 0x22 { return index }
            if classes.contains(.backslash) && byte == 0x5C { return index }
            if classes.contains(.control) && byte < 0x20 { return index }
            if classes.contains(.delete) && byte == 0x7F { return index }
            if classes.contains(.nonASCII) && byte >= 0x80 { return index }
            if classes.contains(.nul) && byte == 0 { return index }
            if classes.contains(.lessThan) && byte == 0x3C { return index }
            if classes.contains(.ampersand) && byte == 0x26 { return index }
            if classes.contains(.greaterThan) && byte == 0x3E { return index }
            if classes.contains(.apostrophe) && byte == 0x27 { return index }
            index += 1
        }
        return max(start, bytes.count)
    }

    static let sets: [ByteClass] = [
        .quote, .backslash, .control, .delete, .nonASCII,
        .jsonEscaped, .jsonPlainASCIIEnd, .jsonEscapedOrNotPrintableASCII, [.control, .delete],
        .nul, .lessThan, .ampersand, .nulOrNonASCII, .xmlQuotedValueEnd,
        .greaterThan, .apostrophe, [.quote, .apostrophe, .greaterThan],
    ]

    static func scan(_ classes: ByteClass, _ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBytes { ByteScan.firstIndex(of: classes, in: $0, from: start) }
    }

    @Test("every byte value at every position of texts around word lengths is found where a byte loop finds it")
    func everyByteAtEveryPositionMatchesAByteLoop() {
        var mismatches: [String] = []
        for length in [1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33, 40] {
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(value)
                    for classes in Self.sets where Self.scan(classes, bytes, from: 0) != Self.plainFirstIndex(of: classes, in: bytes, from: 0) {
                        mismatches.append("length \(length), byte \(value) at \(position), set \(classes.rawValue)")
                    }
                }
            }
        }
        #expect(Array(mismatches.prefix(5)) == [])
    }

    @Test("a match that borrows into the byte above it, below the start or before a later match, is not mistaken for the first")
    func borrowsAndBytesBeforeTheStartAreIgnored() {
        // In the word test a matching byte borrows from the byte above it, which then looks
        // like a match when it is the matching value plus or minus one: only the lowest flag
        // of a word is exact, and bytes before `start` must not flag those after it.
        let pairs: [(match: UInt8, above: UInt8)] = [(0x22, 0x23), (0x5C, 0x5D), (0x00, 0x20), (0x1F, 0x20), (0x7F, 0x7E),
                                                        (0x00, 0x01), (0x3C, 0x3D), (0x3C, 0x3B), (0x26, 0x27), (0x26, 0x25)]
        var mismatches: [String] = []
        for (match, above) in pairs {
            for length in [2, 3, 8, 9, 15, 16, 17, 24, 33] {
                for start in 0..<length {
                    for first in 0..<(length - 1) {
                        var bytes = [UInt8](repeating: 0x41, count: length)
                        bytes[first] = match
                        bytes[first + 1] = above
                        for classes in Self.sets where Self.scan(classes, bytes, from: start) != Self.plainFirstIndex(of: classes, in: bytes, from: start) {
                            mismatches.append("length \(length), start \(start), \(match) at \(first), set \(classes.rawValue)")
                        }
                    }
                }
            }
        }
        #expect(Array(mismatches.prefix(5)) == [])
    }

    @Test("random texts, from every start, give the byte loop's index")
    func randomTextsMatchAByteLoop() {
        var generator = SplitMix(seed: 0x5EED)
        var mismatches: [String] = []
        for round in 0..<1500 {
            let length = Int(generator.next() % 70)
            // Mostly printable bytes, so that matches fall at every distance from the start.
            let bytes = (0..<length).map { _ -> UInt8 in
                let roll = generator.next()
                return roll % 8 == 0 ? UInt8(truncatingIfNeeded: roll >> 8) : UInt8(0x20 + (roll >> 8) % 0x5F)
            }
            for start in 0...length {
                for classes in Self.sets where Self.scan(classes, bytes, from: start) != Self.plainFirstIndex(of: classes, in: bytes, from: start) {
                    mismatches.append("round \(round), start \(start), set \(classes.rawValue): \(bytes)")
                }
            }
        }
        #expect(Array(mismatches.prefix(5)) == [])
    }

    @Test("an empty text and a start at or past the end give the end")
    func emptyTextAndStartAtTheEndGiveTheEnd() {
        #expect(Self.scan(.jsonEscaped, [], from: 0) == 0)
        #expect(Self.scan(.jsonEscaped, [0x22, 0x22], from: 2) == 2)
        #expect(ByteScan.firstIndex(of: .nonASCII, in: UnsafeRawBufferPointer(start: nil, count: 0)) == 0)
    }

    @Test("contains says whether any byte of the set is there")
    func containsTellsWhetherAnyByteIsInTheSet() {
        let plain = Array("2024-01-15T08:30:00Z".utf8)
        let quoted = Array("say \"hi\"".utf8)
        let accented = Array("café".utf8)
        plain.withUnsafeBufferPointer { #expect(!ByteScan.contains(.jsonEscapedOrNotPrintableASCII, in: $0)) }
        quoted.withUnsafeBufferPointer { #expect(ByteScan.contains(.jsonEscaped, in: $0)) }
        accented.withUnsafeBufferPointer {
            #expect(!ByteScan.contains(.jsonEscaped, in: $0))
            #expect(ByteScan.contains(.nonASCII, in: $0))
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
