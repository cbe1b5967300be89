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
            _ = try kind(Array("PK\u{1}\u{2}".utf8))
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

    @Test("an empty zip archive is named as one, also before its fourth byte has arrived")
    func emptyZipArchive() throws {
        #expect(throws: InputRecognitionError.emptyZipArchive(input: "in.x")) {
            _ = try kind([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
        }
        #expect(try kind([0x50, 0x4B, 0x05]) == nil)
        #expect(InputRecognitionError.emptyZipArchive(input: "in.x").description
            == "in.x: an empty zip archive (it holds no files); the Health app's export.zip holds apple_health_export/export.xml")
    }

    @Test("UTF-16 text, with or without a byte order mark, is named as such with its byte order")
    func utf16Text() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>"
        let littleWithMark: [UInt8] = [0xFF, 0xFE] + xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigWithMark: [UInt8] = [0xFE, 0xFF] + xml.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(throws: InputRecognitionError.utf16Text(input: "in.x", bigEndian: false)) { _ = try kind(littleWithMark) }
        #expect(throws: InputRecognitionError.utf16Text(input: "in.x", bigEndian: true)) { _ = try kind(bigWithMark) }
        #expect(throws: InputRecognitionError.utf16Text(input: "in.x", bigEndian: false)) { _ = try kind(Array(littleWithMark.dropFirst(2))) }
        #expect(throws: InputRecognitionError.utf16Text(input: "in.x", bigEndian: true)) { _ = try kind(Array(bigWithMark.dropFirst(2))) }
        #expect(try kind([0xFF]) == nil)
        // A brace followed by zero bytes is not text in any encoding: it stays JSON, whose
        // reader bounds the line.
        #expect(try kind([UInt8(ascii: "{"), 0, 0, 0]) == .json)
        #expect(InputRecognitionError.utf16Text(input: "in.x", bigEndian: false).description.contains("UTF-16 text (little-endian)"))
    }
}
