#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming XML 1.0 pull tokenizer of our own, over a ``ByteChunkSource``.
///
/// Built for the Health app's export.xml (gigabytes, millions of elements) rather than on
/// FoundationXML, whose parser is not available everywhere, cannot be made to skip a broken
/// DTD, and stops at the first invalid character. What it does:
/// - reports start tags (with lazily decoded attributes) and end tags, with line numbers;
///   character data, comments, processing instructions and CDATA sections are skipped;
/// - checks well-formedness of what it reports: names, attribute syntax, unique attributes,
///   matching end tags, a single root element, nothing but whitespace outside it;
/// - accepts the XML declaration (encoding must be UTF-8) and an optional UTF-8 BOM;
/// - skips the DOCTYPE and its internal subset without interpreting it: declarations are not
///   parsed, so a broken subset like iOS 16's (an `<!ATTLIST` missing its `>`, a stray tail)
///   does no harm. The subset ends at the first `]` followed by optional whitespace and `>`
///   (outside comments) — the `]>` line of real exports;
/// - never expands entities other than the five predefined ones (§4.6): DTD-declared entities
///   are not even read (``ignoredEntityDeclarations`` tells whether any were declared), so a
///   reference to one is an error, and external or parameter entities are never fetched or
///   expanded (no "billion laughs", no XXE);
/// - decodes `&lt; &gt; &amp; &quot; &apos;` and `&#…;`/`&#x…;` in attribute values and applies
///   attribute-value normalization (§3.3.3);
/// - tolerates characters XML forbids, such as U+000B written by iOS 16: they are kept in
///   values as they are (raw or as a character reference; only `&#0;` and non-scalar values are
///   refused);
/// - refuses a NUL byte and bytes that are not well-formed UTF-8 anywhere in the document
///   (``XMLByteValidator``), with their byte offset: they are never replaced by U+FFFD, so no
///   value is compared in a form the file does not hold. Everything before them is reported
///   normally; the error comes when the tokenizer reaches them.
///
/// Memory stays flat: only a window of the input is held (one chunk plus the tag being read,
/// each tag capped at ``maximumTagLength``), and element nesting is capped at
/// ``maximumDepth``. Scanning uses `memchr` over raw memory and lines are counted lazily, so
/// the per-byte cost is small even in debug builds.
///
/// Not supported (not needed for export.xml): namespaces (names are taken literally), encodings
/// other than UTF-8, reporting of text content.
public final class XMLPullTokenizer<Source: ByteChunkSource> {
    /// Default nesting limit; export.xml needs 4 levels.
    public static var defaultMaximumDepth: Int { 256 }
    /// Default limit for one tag (start tag with attributes): 4 MiB.
    public static var defaultMaximumTagLength: Int { 4 * 1024 * 1024 }

    /// Deepest element nesting accepted.
    public let maximumDepth: Int
    /// Longest single tag accepted, in bytes.
    public let maximumTagLength: Int
    /// Whether the DOCTYPE's internal subset contained `<!ENTITY` declarations, which were
    /// ignored (references to them are reported as ``XMLError/Reason/undefinedEntity(_:)``).
    public private(set) var ignoredEntityDeclarations = false

    private var source: Source
    // Internal rather than private: `ExportRecordShortcut` reads whole records from the same
    // window and moves `position` past them.
    let buffer = StreamBuffer(capacity: 512 * 1024)
    /// Checks each chunk before it enters `buffer`; bytes after a problem never do.
    private var byteValidator = XMLByteValidator()
    /// The problem that stopped the input: thrown once the bytes before it are used up.
    private var inputProblem: XMLError?
    /// Offset in `buffer` of the first unconsumed byte.
    var position = 0
    private var sourceEnded = false

    // Lazy line counting: `countedLine` is the line number at buffer offset `countedOffset`.
    private var countedOffset = 0
    private var countedLine = 1

    enum DocumentState { case start, prolog, root, epilog, finished }
    private(set) var documentState = DocumentState.start
    private var seenDoctype = false

    // Open element names, stored flat to avoid one allocation per element.
    private var openNames: [UInt8] = []
    private var openNameEnds: [Int] = []

    // The last tag reported: name and attribute spans are offsets into `buffer`, valid until
    // the next call that reads input.
    private var tagNameStart = 0
    private var tagNameEnd = 0
    /// Four offsets per attribute: name start, name end, value start, value end.
    private var attributeSpans: [Int] = []
    var attributesAvailable = false
    var lastStartIsOpen = false
    var tagLine = 0
    /// Output buffer for decoding values that contain references (never longer than the raw
    /// value: every reference is longer than its expansion).
    private let scratch = StreamBuffer(capacity: 1024)
    /// The last value that needed decoding, raw and decoded: device strings repeat record
    /// after record, so this one-entry cache saves most of the decoding work.
    private var lastDecodedRaw: [UInt8] = []
    private var lastDecodedValue = ""

    /// Creates a tokenizer reading from `source`.
    public init(source: Source, maximumDepth: Int = XMLPullTokenizer.defaultMaximumDepth,
                maximumTagLength: Int = XMLPullTokenizer.defaultMaximumTagLength) {
        self.source = source
        self.maximumDepth = max(1, maximumDepth)
        self.maximumTagLength = max(64, maximumTagLength)
    }

    /// Creates a tokenizer over a part of a larger document whose first byte is on line
    /// `firstLine`, so that lines are the document's (a piece parsed on its own, in parallel).
    public convenience init(source: Source, firstLine: Int) {
        self.init(source: source)
        countedLine = max(1, firstLine)
    }

    /// Aims the tokenizer at a new document, `source`, whose first byte is on line `firstLine`:
    /// from here on it reads exactly as a tokenizer made by ``init(source:firstLine:)`` over
    /// that source, whatever it read before and wherever that ended (an error included). Only
    /// storage is kept (the byte window, the name stack, the decoding scratch) and the
    /// last decoded value, which is matched on its exact bytes.
    public func restart(source: Source, firstLine: Int) {
        // Every stored property that describes the document read so far is set here as the
        // designated initializer sets it; limits and storage are not per-document.
        self.source = source
        buffer.discardPrefix(buffer.count)
        byteValidator = XMLByteValidator()
        inputProblem = nil
        position = 0
        sourceEnded = false
        countedOffset = 0
        countedLine = max(1, firstLine)
        documentState = .start
        seenDoctype = false
        ignoredEntityDeclarations = false
        openNames.removeAll(keepingCapacity: true)
        openNameEnds.removeAll(keepingCapacity: true)
        tagNameStart = 0
        tagNameEnd = 0
        attributeSpans.removeAll(keepingCapacity: true)
        attributesAvailable = false
        lastStartIsOpen = false
        tagLine = 0
    }

    /// Number of currently open elements (after the last event).
    public var depth: Int { openNameEnds.count }

    /// Line of the last reported tag's `<`.
    public var line: Int { tagLine }

    /// The next start or end tag, or `nil` at the end of a well-formed document.
    ///
    /// - Throws: ``XMLError`` for malformed input, or the source's error.
    public func next() throws -> XMLEvent? {
        switch try nextRaw() {
        case .start(let selfClosing):
            return .startElement(name: buffer.string(from: tagNameStart, to: tagNameEnd), line: tagLine, isSelfClosing: selfClosing)
        case .end:
            return .endElement(name: buffer.string(from: tagNameStart, to: tagNameEnd), line: tagLine)
        case .endOfDocument:
            return nil
        }
    }

    /// The attributes of the start tag just reported by ``next()``, in document order; empty
    /// after an end tag. Values are decoded here, not while scanning, so elements whose
    /// attributes are never asked for cost almost nothing.
    ///
    /// - Throws: ``XMLError`` for duplicate attributes or bad references.
    public func attributes() throws(XMLError) -> [XMLAttribute] {
        guard attributesAvailable else { return [] }
        let count = attributeSpans.count / 4
        try checkUniqueAttributes(count: count)
        var result: [XMLAttribute] = []
        result.reserveCapacity(count)
        var index = 0
        while index < attributeSpans.count {
            let name = buffer.string(from: attributeSpans[index], to: attributeSpans[index + 1])
            let value = try decodeAttributeValue(from: attributeSpans[index + 2], to: attributeSpans[index + 3])
            result.append(XMLAttribute(name: name, value: value))
            index += 4
        }
        return result
    }

    /// After a start tag (not self-closing) skips everything up to and including its end tag,
    /// still checking well-formedness; does nothing after any other event.
    public func skipElement() throws {
        guard lastStartIsOpen else { return }
        let target = depth - 1
        while depth > target {
            if case .endOfDocument = try nextRaw() { return }
        }
    }

    // MARK: - Events (internal API used by ExportXMLReader)

    enum RawEvent {
        case start(selfClosing: Bool)
        case end
        case endOfDocument
    }

    /// Whether the last tag's name is `literal` (no String is created).
    func tagNameIs(_ literal: StaticString) -> Bool {
        buffer.matchesExactly(literal, from: tagNameStart, to: tagNameEnd)
    }

    /// The decoded value of the last start tag's attribute named `name`, if present.
    func attributeValue(_ name: StaticString) throws(XMLError) -> String? {
        guard attributesAvailable else { return nil }
        var index = 0
        while index < attributeSpans.count {
            if buffer.matchesExactly(name, from: attributeSpans[index], to: attributeSpans[index + 1]) {
                return try decodeAttributeValue(from: attributeSpans[index + 2], to: attributeSpans[index + 3])
            }
            index += 4
        }
        return nil
    }

    func nextRaw() throws -> RawEvent {
        attributesAvailable = false
        lastStartIsOpen = false
        if documentState == .start, position == 0, try fill(minimumAvailable: 3),
           buffer.base[0] == 0xEF, buffer.base[1] == 0xBB, buffer.base[2] == 0xBF {
            position = 3  // UTF-8 byte order mark
        }
        while true {
            if position >= buffer.count {
                guard try fill(minimumAvailable: 1) else { return try endOfInput() }
            }
            if buffer.base[position] != UInt8(ascii: "<") {
                // Character data: skipped. Outside the root element only whitespace may appear.
                let end = buffer.find(UInt8(ascii: "<"), from: position, to: buffer.count) ?? buffer.count
                if documentState != .root { try requireWhitespace(from: position, to: end) }
                position = end
                continue
            }
            guard try fill(minimumAvailable: 2) else { throw truncation(error(.unexpectedEndOfInput, at: position)) }
            switch buffer.base[position + 1] {
            case UInt8(ascii: "/"):
                return try scanEndTag()
            case UInt8(ascii: "?"):
                try skipProcessingInstruction()
            case UInt8(ascii: "!"):
                try skipMarkupDeclaration()
            default:
                return try scanStartTag()
            }
            if documentState == .start { documentState = .prolog }
        }
    }

    // MARK: - Tags

    private enum TagScan {
        case complete(end: Int, selfClosing: Bool)
        case incomplete
    }

    private func scanStartTag() throws -> RawEvent {
        if documentState == .epilog || documentState == .finished { throw error(.multipleRootElements, at: position) }
        while true {
            switch try parseStartTag() {
            case .complete(let end, let selfClosing):
                // The limit holds whatever the chunking, not only when the buffer has to grow.
                guard end - position <= maximumTagLength else {
                    throw error(.tagTooLong(limit: maximumTagLength), at: position)
                }
                tagLine = line(at: position)
                position = end
                attributesAvailable = true
                if selfClosing {
                    if openNameEnds.isEmpty { documentState = .epilog }
                } else {
                    guard openNameEnds.count < maximumDepth else {
                        throw XMLError(.nestingTooDeep(limit: maximumDepth), line: tagLine)
                    }
                    openNames.append(contentsOf: UnsafeBufferPointer(start: buffer.base + tagNameStart, count: tagNameEnd - tagNameStart))
                    openNameEnds.append(openNames.count)
                    documentState = .root
                    lastStartIsOpen = true
                }
                return .start(selfClosing: selfClosing)
            case .incomplete:
                try readMoreOfTag()
            }
        }
    }

    private func scanEndTag() throws -> RawEvent {
        while true {
            switch try parseEndTag() {
            case .complete(let end, _):
                let lineNumber = line(at: position)
                guard let top = openNameEnds.last else {
                    throw XMLError(.unexpectedEndTag(buffer.string(from: tagNameStart, to: tagNameEnd)), line: lineNumber)
                }
                let topStart = openNameEnds.count > 1 ? openNameEnds[openNameEnds.count - 2] : 0
                let length = tagNameEnd - tagNameStart
                let matches = openNames.withUnsafeBufferPointer { names -> Bool in
                    guard top - topStart == length, let address = names.baseAddress else { return false }
                    return memcmp(address + topStart, buffer.base + tagNameStart, length) == 0
                }
                guard matches else {
                    let expected = String(decoding: openNames[topStart..<top], as: UTF8.self)
                    let found = buffer.string(from: tagNameStart, to: tagNameEnd)
                    throw XMLError(.mismatchedEndTag(expected: expected, found: found), line: lineNumber)
                }
                openNames.removeSubrange(topStart...)
                openNameEnds.removeLast()
                if openNameEnds.isEmpty { documentState = .epilog }
                tagLine = lineNumber
                position = end
                return .end
            case .incomplete:
                try readMoreOfTag()
            }
        }
    }

    /// The tag at `position` runs past the buffered bytes: read more (at least doubling what is
    /// buffered, so re-scanning the tag stays linear overall), or fail at end of input / limit.
    private func readMoreOfTag() throws {
        let available = buffer.count - position
        guard available < maximumTagLength else { throw error(.tagTooLong(limit: maximumTagLength), at: position) }
        let wanted = min(max(available * 2, 4096), maximumTagLength + 1)
        let before = buffer.count - position
        if try !fill(minimumAvailable: wanted), buffer.count - position == before {
            throw truncation(error(.unexpectedEndOfInput, at: position))
        }
    }

    /// Parses `<name (S attr = "value")* S? (/)?>` at `position` into the tag name and
    /// `attributeSpans` (XML 1.0 §3.1, `STag` / `EmptyElemTag`).
    private func parseStartTag() throws(XMLError) -> TagScan {
        let base = buffer.base
        let end = buffer.count
        let classes = xmlByteClasses
        var index = position + 1
        guard index < end else { return .incomplete }
        guard classes[Int(base[index])] & nameStartClass != 0 else { throw error(.invalidName, at: index) }
        let nameStart = index
        index += 1
        while index < end, classes[Int(base[index])] & nameClass != 0 { index += 1 }
        guard index < end else { return .incomplete }
        tagNameStart = nameStart
        tagNameEnd = index
        attributeSpans.removeAll(keepingCapacity: true)
        while true {
            let whitespaceStart = index
            while index < end, classes[Int(base[index])] & whitespaceClass != 0 { index += 1 }
            guard index < end else { return .incomplete }
            let byte = base[index]
            if byte == UInt8(ascii: ">") { return .complete(end: index + 1, selfClosing: false) }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < end else { return .incomplete }
                guard base[index + 1] == UInt8(ascii: ">") else { throw error(.expectedTagEnd, at: index) }
                return .complete(end: index + 2, selfClosing: true)
            }
            guard index > whitespaceStart else { throw error(.expectedWhitespace, at: index) }
            guard classes[Int(byte)] & nameStartClass != 0 else { throw error(.invalidName, at: index) }
            let attributeNameStart = index
            index += 1
            while index < end, classes[Int(base[index])] & nameClass != 0 { index += 1 }
            let attributeNameEnd = index
            while index < end, classes[Int(base[index])] & whitespaceClass != 0 { index += 1 }
            guard index < end else { return .incomplete }
            guard base[index] == UInt8(ascii: "=") else { throw error(.expectedEquals, at: index) }
            index += 1
            while index < end, classes[Int(base[index])] & whitespaceClass != 0 { index += 1 }
            guard index < end else { return .incomplete }
            let quote = base[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw error(.expectedQuote, at: index) }
            let valueStart = index + 1
            guard let valueEnd = buffer.find(quote, from: valueStart, to: end) else { return .incomplete }
            if let lessThan = buffer.find(UInt8(ascii: "<"), from: valueStart, to: valueEnd) {
                throw error(.lessThanInAttributeValue, at: lessThan)
            }
            attributeSpans.append(attributeNameStart)
            attributeSpans.append(attributeNameEnd)
            attributeSpans.append(valueStart)
            attributeSpans.append(valueEnd)
            index = valueEnd + 1
        }
    }

    /// Parses `</name S? >` at `position` (XML 1.0 §3.1, `ETag`).
    private func parseEndTag() throws(XMLError) -> TagScan {
        let base = buffer.base
        let end = buffer.count
        let classes = xmlByteClasses
        var index = position + 2
        guard index < end else { return .incomplete }
        guard classes[Int(base[index])] & nameStartClass != 0 else { throw error(.invalidName, at: index) }
        let nameStart = index
        while index < end, classes[Int(base[index])] & nameClass != 0 { index += 1 }
        tagNameStart = nameStart
        tagNameEnd = index
        while index < end, classes[Int(base[index])] & whitespaceClass != 0 { index += 1 }
        guard index < end else { return .incomplete }
        guard base[index] == UInt8(ascii: ">") else { throw error(.expectedTagEnd, at: index) }
        return .complete(end: index + 1, selfClosing: false)
    }

    // MARK: - Markup that is skipped

    /// `<!--…-->`, `<![CDATA[…]]>` or `<!DOCTYPE…>` at `position`.
    private func skipMarkupDeclaration() throws {
        _ = try fill(minimumAvailable: 9)
        if buffer.matches("<!--", at: position) {
            try skipPast("-->", from: position + 4)
        } else if buffer.matches("<![CDATA[", at: position) {
            guard documentState == .root else { throw error(.contentOutsideRootElement, at: position) }
            try skipPast("]]>", from: position + 9)
        } else if buffer.matches("<!DOCTYPE", at: position) {
            guard documentState == .start || documentState == .prolog, !seenDoctype else {
                throw error(.misplacedDeclaration, at: position)
            }
            try skipDoctype()
        } else {
            // Too few bytes to tell which markup this is may mean a byte problem cut it short.
            throw buffer.count - position < 9 ? truncation(error(.unsupportedMarkup, at: position))
                                              : error(.unsupportedMarkup, at: position)
        }
    }

    /// `<?target …?>` at `position`. The XML declaration is read to check its encoding; other
    /// processing instructions are skipped.
    private func skipProcessingInstruction() throws {
        _ = try fill(minimumAvailable: 6)
        let isDeclaration = buffer.matches("<?xml", at: position) && position + 5 < buffer.count
            && (Self.isWhitespace(buffer.base[position + 5]) || buffer.base[position + 5] == UInt8(ascii: "?"))
        guard isDeclaration else {
            try skipPast("?>", from: position + 2)
            return
        }
        // §2.8: the XML declaration may only appear at the very beginning.
        guard documentState == .start else { throw error(.misplacedDeclaration, at: position) }
        let limit = 4096
        while true {
            // Only the first `limit` bytes may hold the end, however many happen to be buffered,
            // so the outcome does not depend on where chunk boundaries fall.
            let searchEnd = min(buffer.count, position + limit)
            var cursor = position + 5
            while let question = buffer.find(UInt8(ascii: "?"), from: cursor, to: searchEnd) {
                if question + 1 < searchEnd, buffer.base[question + 1] == UInt8(ascii: ">") {
                    try checkEncoding(from: position, to: question)
                    position = question + 2
                    return
                }
                cursor = question + 1
            }
            let available = buffer.count - position
            guard available < limit else { throw error(.tagTooLong(limit: limit), at: position) }
            if try !fill(minimumAvailable: available + 1) { throw truncation(error(.unexpectedEndOfInput, at: position)) }
        }
    }

    /// Checks the `encoding="…"` pseudo-attribute of the XML declaration, if present.
    private func checkEncoding(from start: Int, to end: Int) throws(XMLError) {
        let text = buffer.string(from: start, to: end)
        guard let keyword = text.range(of: "encoding") else { return }
        var rest = text[keyword.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        let name = rest.dropFirst().prefix { $0 != quote }
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(name.lowercased()) else {
            throw error(.unsupportedEncoding(String(name)), at: start)
        }
    }

    /// Skips `<!DOCTYPE …>` including an internal subset, without interpreting declarations.
    private func skipDoctype() throws {
        let startLine = line(at: position)
        seenDoctype = true
        position += 9  // "<!DOCTYPE"
        // Before the subset: name and external ID, whose quoted literals may contain `[` or `>`.
        var quote: UInt8 = 0
        while true {
            guard try fill(minimumAvailable: 1) else { throw truncation(XMLError(.unexpectedEndOfInput, line: startLine)) }
            let byte = buffer.base[position]
            position += 1
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return
            } else if byte == UInt8(ascii: "[") {
                break
            }
        }
        // The internal subset: ends at `]` S? `>`. Everything else is skipped byte by byte
        // (comments as a whole, so a `]>` inside one does not end the subset). Quotes are not
        // tracked here on purpose: a broken declaration must not derail the search.
        while true {
            guard try fill(minimumAvailable: 1) else { throw truncation(XMLError(.unexpectedEndOfInput, line: startLine)) }
            let byte = buffer.base[position]
            if byte == UInt8(ascii: "]") {
                var lookahead = 1
                while true {
                    guard try fill(minimumAvailable: lookahead + 1) else {
                        throw truncation(XMLError(.unexpectedEndOfInput, line: startLine))
                    }
                    let next = buffer.base[position + lookahead]
                    if Self.isWhitespace(next) {
                        lookahead += 1
                    } else if next == UInt8(ascii: ">") {
                        position += lookahead + 1
                        return
                    } else {
                        break
                    }
                }
                position += 1
            } else if byte == UInt8(ascii: "<") {
                _ = try fill(minimumAvailable: 8)
                if buffer.matches("<!--", at: position) {
                    try skipPast("-->", from: position + 4)
                    continue
                }
                if buffer.matches("<!ENTITY", at: position) { ignoredEntityDeclarations = true }
                position += 1
            } else {
                position += 1
            }
        }
    }

    /// Consumes input up to and including `terminator`, searching from `offset`.
    private func skipPast(_ terminator: StaticString, from offset: Int) throws {
        let startLine = line(at: position)
        let first = terminator.utf8Start.pointee
        let length = terminator.utf8CodeUnitCount
        var cursor = offset
        while true {
            var resume = buffer.count
            var candidate = cursor
            while let hit = buffer.find(first, from: candidate, to: buffer.count) {
                if hit + length > buffer.count {
                    resume = hit  // a possible match cut by the buffer end: keep it
                    break
                }
                if buffer.matches(terminator, at: hit) {
                    position = hit + length
                    return
                }
                candidate = hit + 1
            }
            position = max(position, resume)
            let kept = buffer.count - position
            guard try fill(minimumAvailable: kept + 1) else { throw truncation(XMLError(.unexpectedEndOfInput, line: startLine)) }
            cursor = position
        }
    }

    private func requireWhitespace(from start: Int, to end: Int) throws(XMLError) {
        let classes = xmlByteClasses
        var index = start
        while index < end {
            guard classes[Int(buffer.base[index])] & whitespaceClass != 0 else {
                throw error(.contentOutsideRootElement, at: index)
            }
            index += 1
        }
        if end > start, documentState == .start { documentState = .prolog }
    }

    private func endOfInput() throws -> RawEvent {
        if let inputProblem { throw inputProblem }
        switch documentState {
        case .start, .prolog: throw error(.missingRootElement, at: position)
        case .root: throw truncation(error(.unexpectedEndOfInput, at: position))
        case .epilog, .finished:
            documentState = .finished
            return .endOfDocument
        }
    }

    // MARK: - Attribute values

    /// §3.1 "Unique Att Spec". Quadratic in the number of attributes only up to 32 of them
    /// (export.xml records have at most 9); beyond that a hash set is used.
    private func checkUniqueAttributes(count: Int) throws(XMLError) {
        if count <= 32 {
            // Raw pointers and a length check before `memcmp`: this runs for every element
            // whose attributes are read, and must stay cheap in debug builds.
            let duplicate = attributeSpans.withUnsafeBufferPointer { spans -> Int? in
                let base = buffer.base
                var later = 4
                while later < spans.count {
                    let length = spans[later + 1] - spans[later]
                    var earlier = 0
                    while earlier < later {
                        if spans[earlier + 1] - spans[earlier] == length,
                           memcmp(base + spans[later], base + spans[earlier], length) == 0 {
                            return later
                        }
                        earlier += 4
                    }
                    later += 4
                }
                return nil
            }
            if let duplicate {
                let name = buffer.string(from: attributeSpans[duplicate], to: attributeSpans[duplicate + 1])
                throw XMLError(.duplicateAttribute(name), line: tagLine)
            }
        } else {
            var seen = Set<String>()
            var index = 0
            while index < attributeSpans.count {
                let name = buffer.string(from: attributeSpans[index], to: attributeSpans[index + 1])
                guard seen.insert(name).inserted else { throw XMLError(.duplicateAttribute(name), line: tagLine) }
                index += 4
            }
        }
    }

    /// Decodes references and normalizes whitespace in the raw attribute value at
    /// `start..<end` (§3.3.3).
    func decodeAttributeValue(from start: Int, to end: Int) throws(XMLError) -> String {
        let base = buffer.base
        let classes = xmlByteClasses
        var index = start
        while index < end, classes[Int(base[index])] & valueSpecialClass == 0 { index += 1 }
        if index == end { return buffer.string(from: start, to: end) }

        let length = end - start
        let cached = lastDecodedRaw.count == length && lastDecodedRaw.withUnsafeBufferPointer { raw in
            raw.baseAddress.map { memcmp($0, base + start, length) == 0 } ?? (length == 0)
        }
        if cached { return lastDecodedValue }

        scratch.discardPrefix(scratch.count)
        try scratch.appendWritten(maximumCount: length) { output throws(XMLError) -> Int in
            var written = 0
            // Copy the clean prefix found above, then go on byte by byte.
            if index > start { memcpy(output, base + start, index - start) }
            written = index - start
            while index < end {
                let byte = base[index]
                if classes[Int(byte)] & valueSpecialClass == 0 {
                    output[written] = byte
                    written += 1
                    index += 1
                } else if byte == UInt8(ascii: "&") {
                    // The longest reference accepted is `&#x10FFFF;`; allow some leading zeros.
                    let searchEnd = min(end, index + 32)
                    guard let semicolon = buffer.find(UInt8(ascii: ";"), from: index + 1, to: searchEnd), semicolon > index + 1 else {
                        throw XMLError(.malformedReference, line: line(at: index))
                    }
                    written += try expandReference(from: index + 1, to: semicolon, into: output + written)
                    index = semicolon + 1
                } else if byte == 0x0D {
                    // Line-end normalization (§2.11) turns CR LF and lone CR into LF, then §3.3.3
                    // turns it into a space.
                    output[written] = 0x20
                    written += 1
                    index += (index + 1 < end && base[index + 1] == 0x0A) ? 2 : 1
                } else {
                    output[written] = 0x20  // tab or line feed (§3.3.3)
                    written += 1
                    index += 1
                }
            }
            return written
        }
        let value = scratch.string(from: 0, to: scratch.count)
        lastDecodedRaw = Array(UnsafeBufferPointer(start: base + start, count: length))
        lastDecodedValue = value
        return value
    }

    /// Writes the expansion of the reference whose name (between `&` and `;`) is at
    /// `start..<end` to `output`; returns the number of bytes written (at most 4, always
    /// fewer than the reference itself).
    private func expandReference(from start: Int, to end: Int, into output: UnsafeMutablePointer<UInt8>) throws(XMLError) -> Int {
        let base = buffer.base
        if base[start] == UInt8(ascii: "#") {
            let text = buffer.string(from: start, to: end)
            var digits = start + 1
            var radix: UInt32 = 10
            if digits < end, base[digits] == UInt8(ascii: "x") {
                radix = 16
                digits += 1
            }
            guard digits < end else { throw XMLError(.malformedReference, line: line(at: start)) }
            var value: UInt32 = 0
            for offset in digits..<end {
                let byte = base[offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw XMLError(.malformedReference, line: line(at: offset))
                }
                value = value * radix + digit
                guard value <= 0x10FFFF else { throw XMLError(.invalidCharacterReference(text), line: line(at: offset)) }
            }
            // Tolerant on purpose: control characters (e.g. U+000B) are kept; only NUL and values
            // that are not Unicode scalars (surrogates) cannot be represented.
            guard value != 0, let scalar = Unicode.Scalar(value) else {
                throw XMLError(.invalidCharacterReference(text), line: line(at: start))
            }
            var written = 0
            for byte in String(scalar).utf8 {
                output[written] = byte
                written += 1
            }
            return written
        }
        let expansion: UInt8
        if buffer.matchesExactly("lt", from: start, to: end) {
            expansion = UInt8(ascii: "<")
        } else if buffer.matchesExactly("gt", from: start, to: end) {
            expansion = UInt8(ascii: ">")
        } else if buffer.matchesExactly("amp", from: start, to: end) {
            expansion = UInt8(ascii: "&")
        } else if buffer.matchesExactly("quot", from: start, to: end) {
            expansion = UInt8(ascii: "\"")
        } else if buffer.matchesExactly("apos", from: start, to: end) {
            expansion = UInt8(ascii: "'")
        } else {
            let name = buffer.string(from: start, to: end)
            let looksLikeName = name.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || $0 == "_" || $0 == ":" || $0 == "-" || $0 == "." || ("0"..."9").contains($0)
            }
            throw XMLError(looksLikeName ? .undefinedEntity(name) : .malformedReference, line: line(at: start))
        }
        output.pointee = expansion
        return 1
    }

    // MARK: - Input window

    /// Makes at least `minimumAvailable` unconsumed bytes available if the source has them;
    /// returns whether it succeeded. Drops consumed bytes first, so offsets held by callers
    /// must be relative to `position` across this call.
    private func fill(minimumAvailable: Int) throws -> Bool {
        if buffer.count - position >= minimumAvailable { return true }
        if sourceEnded { return false }
        if position > 0 {
            advanceLineCount(to: position)
            buffer.discardPrefix(position)
            countedOffset -= position
            position = 0
        }
        while buffer.count - position < minimumAvailable {
            // The bytes before a problem are all there is: like the end of the input, except
            // that whoever finds the input ending throws the problem (``truncation(_:)``).
            if inputProblem != nil { return false }
            guard let chunk = try source.nextChunkSlice() else {
                if let (problem, offset) = byteValidator.finish() {
                    inputProblem = byteError(problem, offset: offset)
                    continue
                }
                sourceEnded = true
                return false
            }
            let checked = byteValidator.accept(chunk)
            if !checked.completedCarry.isEmpty { buffer.append(checked.completedCarry) }
            if !checked.validPrefix.isEmpty {
                let first = chunk.startIndex
                buffer.append(chunk[(first + checked.validPrefix.lowerBound)..<(first + checked.validPrefix.upperBound)])
            }
            if let (problem, offset) = checked.problem { inputProblem = byteError(problem, offset: offset) }
        }
        return true
    }

    /// What to throw where the input ends too early: the byte problem that cut it short, if
    /// any, else `fallback`.
    private func truncation(_ fallback: XMLError) -> XMLError {
        inputProblem ?? fallback
    }

    /// The error for a byte problem at stream offset `offset`, which is where the buffered bytes
    /// end (nothing after a problem is buffered).
    private func byteError(_ problem: XMLByteValidator.Problem, offset: Int) -> XMLError {
        let reason: XMLError.Reason = switch problem {
        case .notUTF8: .notUTF8(byteOffset: offset)
        case .nulByte: .nulByte(byteOffset: offset)
        }
        return XMLError(reason, line: line(at: buffer.count))
    }

    private func advanceLineCount(to offset: Int) {
        guard offset > countedOffset else { return }
        countedLine += buffer.occurrences(of: 0x0A, from: countedOffset, to: offset)
        countedOffset = offset
    }

    /// 1-based line number of buffer offset `offset` (which must still be buffered).
    func line(at offset: Int) -> Int {
        if offset >= countedOffset {
            advanceLineCount(to: min(offset, buffer.count))
            return countedLine
        }
        return countedLine - buffer.occurrences(of: 0x0A, from: max(offset, 0), to: countedOffset)
    }

    private func error(_ reason: XMLError.Reason, at offset: Int) -> XMLError {
        XMLError(reason, line: line(at: offset))
    }
}

// MARK: - Byte classes

/// XML whitespace (§2.3 `S`): space, tab, line feed, carriage return.
let whitespaceClass: UInt8 = 1
/// Bytes that may start a name: ASCII letters, `_`, `:`, and any non-ASCII byte (the full
/// §2.3 `NameStartChar` table is not checked; export.xml names are ASCII).
let nameStartClass: UInt8 = 2
/// Bytes that may continue a name: the above plus digits, `-` and `.`.
let nameClass: UInt8 = 4
/// Bytes that make an attribute value need decoding: `&`, tab, line feed, carriage return.
let valueSpecialClass: UInt8 = 8

/// A 256-entry class table, read through a raw pointer: in debug builds this is far cheaper
/// than chains of comparisons in helper functions.
nonisolated(unsafe) let xmlByteClasses: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for value in 0..<256 {
        let byte = UInt8(value)
        var classes: UInt8 = 0
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { classes |= whitespaceClass }
        let letter = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        if letter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80 { classes |= nameStartClass | nameClass }
        if (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
            classes |= nameClass
        }
        if byte == UInt8(ascii: "&") || byte == 0x09 || byte == 0x0A || byte == 0x0D { classes |= valueSpecialClass }
        table[value] = classes
    }
    return UnsafePointer(table)
}()

extension XMLPullTokenizer {
    /// Whether `byte` is XML whitespace (§2.3 `S`).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        xmlByteClasses[Int(byte)] & whitespaceClass != 0
    }
}
