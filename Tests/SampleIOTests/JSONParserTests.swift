import Foundation
import Testing
@testable import SampleIO

@Suite("JSON parser")
struct JSONParserTests {
    let parser = JSONParser()

    @Test func parsesAllValueKindsKeepingOrderAndNumberText() throws {
        let value = try parser.parse(#" {"z":1,"a":[true,false,null],"n":36.6,"e":-1.5E+3,"s":"x\"y\\/\u00e9\n","o":{}} "#)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["z", "a", "n", "e", "s", "o"])
        #expect(object["a"] == .array([.bool(true), .bool(false), .null]))
        #expect(object["n"] == .number(JSONNumber(text: "36.6")!))
        #expect(object["e"] == .number(JSONNumber(text: "-1.5E+3")!))
        #expect(object["s"] == .string("x\"y\\/é\n"))
        #expect(object["o"] == .object(JSONObject()))
    }

    @Test func numberTextBecomesExactDecimal() throws {
        let value = try parser.parse("[36.6, 0.4971749504535062, 120, -0.004, 1e2, 12.50]")
        guard case .array(let elements) = value else {
            Issue.record("not an array")
            return
        }
        let decimals = elements.compactMap { element -> Decimal? in
            if case .number(let number) = element { return number.decimalValue }
            return nil
        }
        #expect(decimals == [Decimal(string: "36.6")!, Decimal(string: "0.4971749504535062")!, 120,
                             Decimal(string: "-0.004")!, 100, Decimal(string: "12.5")!])
        #expect(decimals[0].description == "36.6")
    }

    @Test func hugeNumbersAreKeptAsTextButNotForcedIntoDecimal() throws {
        let digits = String(repeating: "9", count: 400)
        let value = try parser.parse("[\(digits), 1e999999999999, 0.\(String(repeating: "0", count: 300))1]")
        guard case .array(let elements) = value, case .number(let big) = elements[0],
              case .number(let exponent) = elements[1], case .number(let tiny) = elements[2] else {
            Issue.record("unexpected shape")
            return
        }
        #expect(big.text == digits)
        #expect(big.decimalValue == nil)
        #expect(exponent.text == "1e999999999999")
        #expect(exponent.decimalValue == nil)
        #expect(tiny.decimalValue == nil)
        #expect(JSONNumber(text: String(repeating: "1", count: 38))?.decimalValue != nil)
        #expect(JSONNumber(text: String(repeating: "1", count: 39))?.decimalValue == nil)
    }

    @Test func numberGrammar() {
        for valid in ["0", "-0", "1", "-12", "1.5", "0.25", "1e5", "1E-5", "-1.25e+10"] {
            #expect(JSONNumber(text: valid) != nil, "\(valid)")
        }
        for invalid in ["", "01", "+1", ".5", "1.", "1e", "-", "1.e3", "NaN", "Infinity", " 1", "1 ", "0x10"] {
            #expect(JSONNumber(text: invalid) == nil, "\(invalid)")
        }
    }

    @Test func unicodeEscapesIncludingSurrogatePairs() throws {
        #expect(try parser.parse(#""\u00B7\uD83D\uDE00\u0000""#) == .string("·😀\u{0}"))
        #expect(try parser.parse("\"Simon’s 😀\"") == .string("Simon’s 😀"))
    }

    /// Each input with the exact error it must produce: reason, line and column.
    @Test(arguments: [
        ("", JSONSyntaxError.Reason.unexpectedEndOfInput(expected: .value), 1, 1),
        ("{\"a\":1,}", .unexpectedByte(UInt8(ascii: "}"), expected: .objectKey), 1, 8),
        ("[1,]", .unexpectedByte(UInt8(ascii: "]"), expected: .value), 1, 4),
        ("{\"a\" 1}", .unexpectedByte(UInt8(ascii: "1"), expected: .colon), 1, 6),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", .unexpectedByte(UInt8(ascii: "\""), expected: .commaOrEndOfObject), 3, 3),
        ("[1 2]", .unexpectedByte(UInt8(ascii: "2"), expected: .commaOrEndOfArray), 1, 4),
        ("01", .unexpectedByte(UInt8(ascii: "1"), expected: .endOfInput), 1, 2),
        ("1.", .unexpectedEndOfInput(expected: .digit), 1, 3),
        ("-x", .unexpectedByte(UInt8(ascii: "x"), expected: .digit), 1, 2),
        ("tru", .unexpectedEndOfInput(expected: .literal("true")), 1, 4),
        ("nul1", .unexpectedByte(UInt8(ascii: "1"), expected: .literal("null")), 1, 4),
        ("\"a\tb\"", .controlCharacterInString(0x09), 1, 3),
        ("\"\\x\"", .invalidEscape(UInt8(ascii: "x")), 1, 2),
        ("\"\\u12G4\"", .unexpectedByte(UInt8(ascii: "G"), expected: .hexDigit), 1, 6),
        ("\"\\uD800\"", .unpairedSurrogate(0xD800), 1, 2),
        ("\"\\uDC00\"", .unpairedSurrogate(0xDC00), 1, 2),
        ("{\"a\":1,\"a\":2}", .duplicateKey("a"), 1, 8),
        ("[1] x", .unexpectedByte(UInt8(ascii: "x"), expected: .endOfInput), 1, 5),
        ("\u{FEFF}{}", .unexpectedByte(0xEF, expected: .value), 1, 1),
        ("[\"é\", x]", .unexpectedByte(UInt8(ascii: "x"), expected: .value), 1, 7),
        ("// c\n1", .unexpectedByte(UInt8(ascii: "/"), expected: .value), 1, 1),
        ("'a'", .unexpectedByte(UInt8(ascii: "'"), expected: .value), 1, 1),
        ("\"abc", .unexpectedEndOfInput(expected: .literal("\"")), 1, 5),
    ])
    func rejects(input: String, reason: JSONSyntaxError.Reason, line: Int, column: Int) {
        #expect(throws: JSONSyntaxError(reason: reason, offset: offset(line: line, column: column, in: input), line: line, column: column)) {
            try parser.parse(input)
        }
    }

    @Test func rejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]] {
            let error = thrownError(JSONSyntaxError.self) { _ = try parser.parse(bytes) }
            #expect(error?.reason == .invalidUTF8)
            #expect(error?.offset == 1)
        }
    }

    @Test func nestingLimit() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parser.parse(ok) }
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let error = thrownError(JSONSyntaxError.self) { _ = try parser.parse(deep) }
        #expect(error?.reason == .nestingTooDeep(limit: 64))
        #expect(error?.column == 65)
        // Very deep input fails fast at the limit instead of recursing.
        let hostile = String(repeating: "{\"a\":", count: 100_000)
        #expect(thrownError(JSONSyntaxError.self) { _ = try parser.parse(hostile) }?.reason == .nestingTooDeep(limit: 64))
    }

    @Test func largeObjectsAndDuplicateDetectionStayLinear() throws {
        let members = (0..<50_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let value = try parser.parse("{\(members)}")
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.count == 50_000)
        #expect(object.members.last?.key == "k49999")
        let duplicated = "{\(members),\"k123\":0}"
        #expect(thrownError(JSONSyntaxError.self) { _ = try parser.parse(duplicated) }?.reason == .duplicateKey("k123"))
    }

    @Test func spansCoverExactValueText() throws {
        let text = #"{ "a" : [1, "x"] , "b":{"c":true} }"#
        let bytes = Array(text.utf8)
        let node = try parser.parseNode(text)
        #expect(node.span == 0..<bytes.count)
        let members = try #require(node.objectMembers)
        #expect(String(decoding: bytes[members[0].keySpan], as: UTF8.self) == "\"a\"")
        #expect(String(decoding: bytes[members[0].value.span], as: UTF8.self) == "[1, \"x\"]")
        #expect(String(decoding: bytes[members[1].value.span], as: UTF8.self) == "{\"c\":true}")
    }

    /// Byte offset of a 1-based line/column (columns count scalars) in `text`.
    private func offset(line: Int, column: Int, in text: String) -> Int {
        var currentLine = 1
        var offset = 0
        let bytes = Array(text.utf8)
        while currentLine < line, offset < bytes.count {
            if bytes[offset] == 0x0A { currentLine += 1 }
            offset += 1
        }
        var currentColumn = 1
        while currentColumn < column, offset < bytes.count {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            currentColumn += 1
        }
        return offset
    }
}
