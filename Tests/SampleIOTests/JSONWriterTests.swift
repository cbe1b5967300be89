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
