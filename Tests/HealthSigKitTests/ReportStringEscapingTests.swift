import SampleIO
import Testing
@testable import HealthSigKit

/// Report strings: printable ASCII is copied as it is, everything else escaped exactly as before,
/// wherever in the string (inside or after the eight-byte words scanned at once) the byte sits.
@Suite struct ReportStringEscapingTests {
    static let specialBytes: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xC3, 0xFF]

    @Test(arguments: specialBytes)
    func printableASCIITestFindsTheByteAtEveryPosition(_ special: UInt8) {
        for length in 1...20 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = special
                let plain = bytes.withUnsafeBufferPointer(ReportJSON.isPrintableASCIIWithoutEscapes)
                #expect(!plain, "byte \(special) at \(position) of \(length)")
            }
        }
        let printable = (0x20...0x7E).map(UInt8.init).filter { $0 != 0x22 && $0 != 0x5C }
        #expect(printable.withUnsafeBufferPointer(ReportJSON.isPrintableASCIIWithoutEscapes))
    }

    @Test(arguments: ["", "2026-11-01T00:00:00Z", "signature valid and stored fields match", "a\"b\\c", "tab\there",
                      "line\nbreak", "del\u{7F}", "Acmé ☃", "bidi \u{202E}x", "sep \u{2028}", String(repeating: "x", count: 40) + "\"",
                      "\u{1}\u{1F}"])
    func reportStringParsesBackToTheString(_ text: String) throws {
        var bytes = ReportBytes()
        ReportJSON.string(text, into: &bytes)
        let out = bytes.array
        #expect(try JSONParser().parse(out) == .string(text))
        if !text.unicodeScalars.contains(where: { $0.value >= 0x7F }) {
            var plain: [UInt8] = []
            JSONWriter.writeString(text, into: &plain)
            #expect(out == plain)
        }
    }

    @Test func textPastASCIIGoesOutAsTheScalarByScalarEscapingWritesIt() {
        // Every scalar up to U+30FF and some beyond, alone, between letters, after a curly
        // apostrophe and next to a quote: the byte-level test must agree with the scalar loop.
        var scalars = (0x80...0x30FF).compactMap(Unicode.Scalar.init)
        scalars += [0xFEFF, 0xFFFD, 0x1F600, 0x10FFFF].compactMap { Unicode.Scalar(UInt32($0)) }
        var differences: [String] = []
        for scalar in scalars {
            for text in ["\(scalar)", "a\(scalar)b", "Simon’s \(scalar)", "\(scalar)\"", "\(scalar)\u{7F}"] {
                var fast = ReportBytes()
                ReportJSON.string(text, into: &fast)
                var reference = ReportBytes()
                ReportJSON.appendEscapingByScalar(text, into: &reference)
                if fast.array != reference.array { differences.append("U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)") }
            }
        }
        #expect(Array(differences.prefix(5)) == [])
    }
}
