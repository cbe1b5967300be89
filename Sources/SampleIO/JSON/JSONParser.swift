import OwnedMemory

/// A strict RFC 8259 JSON parser of our own.
///
/// Why not `JSONSerialization`/`JSONDecoder`: they turn numbers into `Double` (so `36.6` would no
/// longer be exactly 36.6), lose object key order, and report errors without line and column.
/// This parser keeps number literals as text, keeps member order, records the byte span of
/// every value, and is strict:
/// - only the four RFC 8259 whitespace bytes, no comments, no trailing commas, no BOM;
/// - UTF-8 must be well-formed (RFC 8259 §8.1, RFC 3629), unescaped control characters and
///   unpaired `\u` surrogates are errors (§7), duplicate keys are errors (see
///   ``JSONSyntaxError/Reason/duplicateKey(_:)``);
/// - nesting deeper than ``maximumDepth`` is an error, so recursion is bounded.
///
/// Every byte is looked at a bounded number of times (duplicate keys are found with a hash set
/// once an object grows past a few members), so parsing time is linear in the input size.
public struct JSONParser: Sendable {
    /// The default nesting limit: far deeper than any sample record needs (3 levels).
    public static let defaultMaximumDepth = 64

    /// The deepest array/object nesting accepted; the top-level container is depth 1.
    public var maximumDepth: Int

    /// Creates a parser with the given nesting limit.
    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// Parses a complete JSON text.
    public func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parseNode(Array(text.utf8)).value
    }

    /// Parses a complete JSON text given as UTF-8 bytes.
    ///
    /// Builds the values directly, without the spans of ``parseNode(_:)-([UInt8])``: every
    /// verified sample is parsed once, and building a node tree only to convert it cost as much
    /// as the parsing.
    public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes, building: JSONValueTree.self)
    }

    /// Parses a complete JSON text given as UTF-8 bytes into a plain value, noting on the way
    /// the spans of the members of the top-level object and of the objects that are its
    /// members' values: what a splice into the text needs (``JSONSpliceLayout``), without the
    /// node tree of ``parseNode(_:)-([UInt8])``.
    public func parseForSplicing(_ bytes: [UInt8]) throws(JSONSyntaxError) -> (value: JSONValue, layout: JSONSpliceLayout) {
        let result: Result<(JSONValue, JSONSpliceLayout), JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var core = JSONParserCore<JSONValueTree>(bytes: buffer, maximumDepth: maximumDepth)
            core.memberLog = []
            core.memberLog?.reserveCapacity(32)
            do throws(JSONSyntaxError) {
                let value = try core.parseDocument()
                return .success((value, JSONSpliceLayout(log: core.memberLog ?? [], bytes: buffer)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a complete JSON text and keeps the byte span of every value.
    public func parseNode(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parseNode(Array(text.utf8))
    }

    /// Parses a complete JSON text given as UTF-8 bytes and keeps the byte span of every value.
    public func parseNode(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try parse(bytes, building: JSONNodeTree.self)
    }

    private func parse<Tree: JSONTreeBuilding>(_ bytes: [UInt8], building: Tree.Type) throws(JSONSyntaxError) -> Tree.Value {
        let result: Result<Tree.Value, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var core = JSONParserCore<Tree>(bytes: buffer, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                return .success(try core.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The parser's working state over one input buffer.
struct JSONParserCore<Tree: JSONTreeBuilding> {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []
    /// When not `nil`, every member at depth 1 or 2 (of the top-level object, or of an object
    /// that is the value of one of its members) is noted here once its value is read.
    var memberLog: [JSONMemberSpan]?

    /// Members an object's list has room for before it grows.
    static var initialMemberCapacity: Int { 12 }

    /// Below this many members duplicate keys are found by a linear scan; above it a set is built.
    static var linearDuplicateScanLimit: Int { 8 }

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> Tree.Value {
        skipWhitespace()
        let node = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw error(.unexpectedByte(bytes[index], expected: .endOfInput), at: index)
        }
        return node
    }

    // MARK: - Values

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> Tree.Value {
        guard index < bytes.count else { throw error(.unexpectedEndOfInput(expected: .value), at: index) }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            let string = try parseString()
            return Tree.scalar(.string(string), span: start..<index)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return Tree.scalar(.bool(true), span: start..<index)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return Tree.scalar(.bool(false), span: start..<index)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return Tree.scalar(.null, span: start..<index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            switch JSONNumberGrammar.scan(bytes, from: index) {
            case .success(let end):
                index = end
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                return Tree.scalar(.number(JSONNumber(validatedText: text)), span: start..<end)
            case .failure(let failure):
                if failure.offset >= bytes.count {
                    throw error(.unexpectedEndOfInput(expected: .digit), at: failure.offset)
                }
                throw error(.unexpectedByte(bytes[failure.offset], expected: .digit), at: failure.offset)
            }
        default:
            throw error(.unexpectedByte(bytes[index], expected: .value), at: index)
        }
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> Tree.Value {
        let start = index
        guard depth <= maximumDepth else { throw error(.nestingTooDeep(limit: maximumDepth), at: index) }
        index += 1  // "{"
        var members: [Tree.Member] = []
        var seenKeys = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return Tree.object(members, span: start..<index)
        }
        // A sample object has up to a dozen members: one allocation instead of growing by
        // doubling from one.
        members.reserveCapacity(Self.initialMemberCapacity)
        while true {
            guard index < bytes.count else { throw error(.unexpectedEndOfInput(expected: .objectKey), at: index) }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error(.unexpectedByte(bytes[index], expected: .objectKey), at: index)
            }
            let keyStart = index
            let key = try parseString()
            let keySpan = keyStart..<index
            // Duplicate check: linear while small, hash set once the object grows, so a huge
            // object stays linear overall.
            // (The set is updated in place: copying it per member would be quadratic.)
            if members.count > Self.linearDuplicateScanLimit {
                if !seenKeys.insert(key).inserted { throw error(.duplicateKey(key), at: keyStart) }
            } else {
                if members.contains(where: { Tree.key(of: $0) == key }) { throw error(.duplicateKey(key), at: keyStart) }
                if members.count == Self.linearDuplicateScanLimit {
                    seenKeys = Set(members.map(Tree.key(of:)))
                    seenKeys.insert(key)
                }
            }
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEndOfInput(expected: .colon), at: index) }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw error(.unexpectedByte(bytes[index], expected: .colon), at: index)
            }
            index += 1
            skipWhitespace()
            let valueStart = index
            let value = try parseValue(depth: depth)
            members.append(Tree.member(key: key, keySpan: keySpan, value: value))
            if depth <= 2, memberLog != nil {
                memberLog?.append(JSONMemberSpan(depth: depth, key: key, keySpan: keySpan, valueSpan: valueStart..<index))
            }
            skipWhitespace()
            guard index < bytes.count else {
                throw error(.unexpectedEndOfInput(expected: .commaOrEndOfObject), at: index)
            }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return Tree.object(members, span: start..<index)
            default:
                throw error(.unexpectedByte(bytes[index], expected: .commaOrEndOfObject), at: index)
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> Tree.Value {
        let start = index
        guard depth <= maximumDepth else { throw error(.nestingTooDeep(limit: maximumDepth), at: index) }
        index += 1  // "["
        var elements: [Tree.Value] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return Tree.array(elements, span: start..<index)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else {
                throw error(.unexpectedEndOfInput(expected: .commaOrEndOfArray), at: index)
            }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return Tree.array(elements, span: start..<index)
            default:
                throw error(.unexpectedByte(bytes[index], expected: .commaOrEndOfArray), at: index)
            }
        }
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count else {
                throw error(.unexpectedEndOfInput(expected: .literal(word.description)), at: index)
            }
            guard bytes[index] == byte else {
                throw error(.unexpectedByte(bytes[index], expected: .literal(word.description)), at: index)
            }
            index += 1
        }
    }

    // MARK: - Strings

    /// Parses a string literal starting at the opening quote; leaves `index` after the closing one.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        let contentStart = index
        var segmentStart = index
        var escaped = false
        while true {
            index = ByteScan.firstIndex(of: .jsonPlainASCIIEnd, in: bytes, from: index)
            guard index < bytes.count else {
                throw error(.unexpectedEndOfInput(expected: .literal("\"")), at: index)
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let result: String
                if escaped {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
                    result = String(decoding: scratch, as: UTF8.self)
                } else {
                    result = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
                }
                index += 1
                return result
            } else if byte == UInt8(ascii: "\\") {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
                try parseEscape()
                segmentStart = index
            } else if byte < 0x20 {
                throw error(.controlCharacterInString(byte), at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else {
                    throw error(.invalidUTF8, at: index)
                }
                index += length
            }
        }
    }

    /// Decodes one escape sequence at `index` (the backslash) into `scratch` (RFC 8259 §7).
    mutating func parseEscape() throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error(.unexpectedEndOfInput(expected: .literal("\"")), at: index) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by `\u` + low surrogate (RFC 8259 §7).
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error(.unpairedSurrogate(unit), at: escapeStart)
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error(.unpairedSurrogate(unit), at: escapeStart) }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error(.unpairedSurrogate(unit), at: escapeStart)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw error(.unpairedSurrogate(unit), at: escapeStart) }
            scratch.append(contentsOf: String(scalar).utf8)
        default:
            throw error(.invalidEscape(byte), at: escapeStart)
        }
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error(.unexpectedEndOfInput(expected: .hexDigit), at: index) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.unexpectedByte(byte, expected: .hexDigit), at: index)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    // MARK: - Helpers

    /// Skips RFC 8259 §2 whitespace: space, tab, line feed, carriage return.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Builds an error, computing line and column only now (errors are rare; tracking lines while
    /// parsing would cost every byte).
    func error(_ reason: JSONSyntaxError.Reason, at offset: Int) -> JSONSyntaxError {
        let location = TextLocation.locate(offset: offset, in: bytes)
        return JSONSyntaxError(reason: reason, offset: offset, line: location.line, column: location.column)
    }
}
