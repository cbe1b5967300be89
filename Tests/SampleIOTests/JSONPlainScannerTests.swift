import Testing
@testable import SampleIO

/// The plain-string scan looks at sixteen and eight bytes at a time; wherever the closing quote,
/// an escape, a control character or a non-ASCII byte falls, it must read what a byte-by-byte
/// reading of the string reads.
@Suite struct JSONPlainScannerTests {
    /// The content span a byte-by-byte reading gives, or nil where the scanner must give up
    /// (an escape, a control character, invalid UTF-8, no closing quote).
    static func reference(_ bytes: [UInt8]) -> Range<Int>? {
        guard bytes.first == UInt8(ascii: "\"") else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return 1..<index }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 {
                let rest = Array(bytes[index...])
                guard let length = rest.withUnsafeBufferPointer({ UTF8Validation.sequenceLength(in: $0, at: 0) }) else { return nil }
                index += length
            } else {
                index += 1
            }
        }
        return nil
    }

    static var texts: [[UInt8]] {
        var texts: [[UInt8]] = []
        let stops: [[UInt8]] = [[0x22], [0x5C, 0x22], [0x0A], [0x1F], [0x7F], [0xC3, 0xA9], [0xE2, 0x98, 0x83], [0xFF], [0x80]]
        for length in 0..<40 {
            for stop in stops {
                var text: [UInt8] = [0x22] + Array(repeating: UInt8(ascii: "a"), count: length) + stop
                texts.append(text)
                text += Array("tail\"}".utf8)
                texts.append(text)
                texts.append(text + Array(repeating: UInt8(ascii: "b"), count: 20) + [0x22])
            }
        }
        return texts
    }

    @Test func plainStringReadsWhatAByteByByteReadingReads() {
        for text in Self.texts {
            let (span, end): (Range<Int>?, Int) = text.withUnsafeBufferPointer { buffer in
                var scanner = JSONPlainScanner(bytes: buffer)
                let span = scanner.plainString()
                return (span, scanner.index)
            }
            let expected = Self.reference(text)
            #expect(span == expected, "\(text)")
            if let expected { #expect(end == expected.upperBound + 1, "\(text)") }
        }
    }
}
