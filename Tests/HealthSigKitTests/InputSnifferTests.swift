@testable import HealthSigKit
import Testing

@Suite("Input sniffer: the first bytes decide JSON, export.xml or export.zip, or give up")
struct InputSnifferTests {
    private func kind(_ head: [UInt8], atEnd: Bool = false) throws -> VerificationInput.Kind? {
        try InputSniffer.kind(of: head, atEnd: atEnd, input: "in.x")
    }

    @Test("recognises zip, XML (after a byte order mark and whitespace) and JSON by the first bytes")
    func recognisesEachForm() throws {
        #expect(try kind([0x50, 0x4B, 0x03, 0x04, 0x14]) == .zipArchive)
        #expect(try kind(Array("\u{FEFF}\n  <?xml".utf8)) == .healthExport)
        #expect(try kind(Array("{\"type\"".utf8)) == .json)
        #expect(try kind(Array("  [".utf8)) == .json)
        // Too little to tell yet, unless the stream has ended.
        #expect(try kind([0x50, 0x4B]) == nil)
        #expect(try kind(Array("  \n".utf8)) == nil)
        #expect(try kind(Array("  \n".utf8), atEnd: true) == .json)
        #expect(try kind([], atEnd: true) == .json)
    }

    @Test("a first byte that starts none of the forms is refused at once, with the byte and its offset")
    func unrecognisedFirstByte() {
        #expect(throws: InputRecognitionError.unrecognisedStart(input: "in.x", byte: 0x00, offset: 0)) {
            _ = try kind([0x00, 0x00, 0x00])
        }
        #expect(throws: InputRecognitionError.unrecognisedStart(input: "in.x", byte: UInt8(ascii: "h"), offset: 3)) {
            _ = try kind(Array("\u{FEFF}hello".utf8))
        }
        #expect(throws: InputRecognitionError.unrecognisedStart(input: "in.x", byte: UInt8(ascii: "P"), offset: 0)) {
            _ = try kind(Array("PK\u{5}\u{6}".utf8))
        }
        let text = InputRecognitionError.unrecognisedStart(input: "in.x", byte: 0x00, offset: 0).description
        #expect(text.hasPrefix("in.x: neither JSON, export.xml nor export.zip: byte 0x00 at offset 0"))
    }

    @Test("whitespace alone is not read forever: past the bound the input is given up on, naming the bound")
    func onlyWhitespaceWithinTheBound() throws {
        let blank = [UInt8](repeating: 0x20, count: InputSniffer.maximumLeadingWhitespace)
        #expect(try kind(blank) == nil)
        #expect(throws: InputRecognitionError.onlyWhitespace(input: "in.x", bound: InputSniffer.maximumLeadingWhitespace)) {
            _ = try kind(blank + [0x0A])
        }
        #expect(try kind(blank + [0x0A], atEnd: true) == .json)
    }
}
