import Foundation
import Testing
@testable import SampleIO

@Suite("JSON writer")
struct JSONWriterTests {
    @Test func writesCompactJSONInGivenOrder() {
        let value = JSONValue.object([
            "type": .string("HKQuantityTypeIdentifierHeartRate"),
            "value": .number(JSONNumber(text: "36.60")!),
            "flags": .array([.bool(true), .null]),
            "metadata": .object(["b": .number(JSONNumber(1)), "a": .number(JSONNumber(-2))]),
        ])
        #expect(JSONWriter.string(value)
            == #"{"type":"HKQuantityTypeIdentifierHeartRate","value":36.60,"flags":[true,null],"metadata":{"b":1,"a":-2}}"#)
    }

    @Test func escapesMinimally() {
        let text = "a/b \"q\" \\ \u{08}\u{0C}\n\r\t\u{01}\u{1F} é · 😀 \u{2028}"
        #expect(JSONWriter.string(.string(text)) == #""a/b \"q\" \\ \b\f\n\r\t\u0001\u001f é · 😀 "# + "\u{2028}\"")
    }

    @Test func writingUTF8BytesGivesTheLiteralOfTheirString() {
        for text in ["", "MIIB+/=", "a/b \"q\" \\ \u{08}\u{0C}\n\r\t\u{01}\u{1F} é · 😀 \u{2028}", String(repeating: "A", count: 700)] {
            var fromString: [UInt8] = [0x2C]
            JSONWriter.writeString(text, into: &fromString)
            var fromBytes: [UInt8] = [0x2C]
            Array(text.utf8).withUnsafeBufferPointer { JSONWriter.writeString(utf8: $0, into: &fromBytes) }
            #expect(fromBytes == fromString)
            #expect(String(decoding: fromBytes.dropFirst(), as: UTF8.self) == JSONWriter.string(.string(text)))
        }
    }

    @Test func theWordScanFindsWhatTheByteScanFinds() {
        func byByte(_ bytes: [UInt8]) -> Bool { bytes.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } }
        var generator = SystemRandomNumberGenerator()
        // Bytes around each boundary the word test must get right, and random UTF-8-like bytes.
        let interesting: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF, 0x41]
        for length in 0..<40 {
            for _ in 0..<200 {
                var bytes = (0..<length).map { _ in UInt8.random(in: 0x23...0x5B, using: &generator) }
                if length > 0, Bool.random(using: &generator) {
                    bytes[Int.random(in: 0..<length, using: &generator)] = interesting.randomElement(using: &generator)!
                }
                if length > 0, Bool.random(using: &generator) {
                    bytes[Int.random(in: 0..<length, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                #expect(bytes.withUnsafeBufferPointer { JSONWriter.needsEscape($0) } == byByte(bytes), "\(bytes)")
            }
        }
    }

    @Test func roundTripsThroughTheParser() throws {
        let text = #"{"z":[1,2.50,-3e7,{"k":"v\n"}],"a":null,"é":"·"}"#
        let value = try JSONParser().parse(text)
        #expect(JSONWriter.string(value) == text)
    }

    @Test func decimalNumbers() {
        #expect(JSONNumber(Decimal(string: "36.6")!)?.text == "36.6")
        #expect(JSONNumber(Decimal(string: "-0.004")!)?.text == "-0.004")
        #expect(JSONNumber(Decimal(120))?.text == "120")
        #expect(JSONNumber(Decimal.nan) == nil)
    }
}
