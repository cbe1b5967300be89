import Testing
@testable import SampleIO

@Suite("XML pull tokenizer")
struct XMLPullTokenizerTests {
    @Test func reportsStartAndEndTagsWithLinesAndAttributes() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- comment -->
        <a x="1" y = 'two "quoted"'>
          text &amp; more
          <b/>
          <c z="&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;"></c>
        </a>

        """
        let events = try tokenize(text)
        #expect(events.map(\.0) == [
            .startElement(name: "a", line: 3, isSelfClosing: false),
            .startElement(name: "b", line: 5, isSelfClosing: true),
            .startElement(name: "c", line: 6, isSelfClosing: false),
            .endElement(name: "c", line: 6),
            .endElement(name: "a", line: 7),
        ])
        #expect(events[0].1 == [XMLAttribute(name: "x", value: "1"), XMLAttribute(name: "y", value: "two \"quoted\"")])
        #expect(events[1].1 == [])
        #expect(events[2].1 == [XMLAttribute(name: "z", value: "<>&\"'AB😀")])
    }

    @Test func skipsBrokenIOS16DoctypeSubset() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(ExportFixtures.brokenIOS16Doctype)\n<HealthData locale=\"en_US\"/>\n"
        let events = try tokenize(text)
        #expect(events.count == 1)
        #expect(events[0].0 == .startElement(name: "HealthData", line: lineOf("<HealthData", in: text)!, isSelfClosing: true))
        #expect(events[0].1 == [XMLAttribute(name: "locale", value: "en_US")])
    }

    @Test func doctypeWithExternalIDAndCommentContainingBracket() throws {
        let text = """
        <!DOCTYPE r SYSTEM "x>[y.dtd">
        <r/>
        """
        #expect(try tokenize(text).map(\.0) == [.startElement(name: "r", line: 2, isSelfClosing: true)])
        let subset = "<!DOCTYPE r [\n<!-- tricky ]> inside a comment -->\n<!ELEMENT r EMPTY>\n] >\n<r/>"
        #expect(try tokenize(subset).map(\.0) == [.startElement(name: "r", line: 5, isSelfClosing: true)])
    }

    @Test func declaredEntitiesAreNeverExpanded() throws {
        let text = """
        <!DOCTYPE r [
        <!ENTITY lol "lololol">
        <!ENTITY % pe SYSTEM "http://example.invalid/evil.dtd">
        %pe;
        <!ENTITY xxe SYSTEM "file:///etc/passwd">
        ]>
        <r a="&xxe;"/>
        """
        let tokenizer = XMLPullTokenizer(source: MemoryChunkSource(text))
        #expect(try tokenizer.next() == .startElement(name: "r", line: 7, isSelfClosing: true))
        #expect(tokenizer.ignoredEntityDeclarations)
        #expect(throws: XMLError(.undefinedEntity("xxe"), line: 7)) { try tokenizer.attributes() }
    }

    @Test func toleratesInvalidXMLCharactersInValues() throws {
        let events = try tokenize("<r a=\"x\u{0B}y\" b=\"&#11;\" c=\"\u{1}\"/>")
        #expect(events[0].1 == [XMLAttribute(name: "a", value: "x\u{0B}y"), XMLAttribute(name: "b", value: "\u{0B}"),
                                XMLAttribute(name: "c", value: "\u{1}")])
    }

    @Test func normalizesWhitespaceInAttributeValues() throws {
        let events = try tokenize("<r a=\"1\r\n2\t3\n4\r5\" b=\"&#10;&#9;\"/>")
        #expect(events[0].1 == [XMLAttribute(name: "a", value: "1 2 3 4 5"), XMLAttribute(name: "b", value: "\n\t")])
    }

    @Test func countsLinesWithCRLF() throws {
        let text = "<?xml version=\"1.0\"?>\r\n<a>\r\n <b x=\"1\"/>\r\n</a>\r\n"
        #expect(try tokenize(text).map(\.0) == [
            .startElement(name: "a", line: 2, isSelfClosing: false),
            .startElement(name: "b", line: 3, isSelfClosing: true),
            .endElement(name: "a", line: 4),
        ])
    }

    @Test func byteOrderMarkAndCDATA() throws {
        let text = "\u{FEFF}<?xml version=\"1.0\"?><a><![CDATA[<b>]]></a>"
        #expect(try tokenize(text).map(\.0) == [.startElement(name: "a", line: 1, isSelfClosing: false), .endElement(name: "a", line: 1)])
    }

    @Test func skipElementSkipsChildrenAndChecksThem() throws {
        let tokenizer = XMLPullTokenizer(source: MemoryChunkSource("<r><skip><x/><y></y></skip><keep/></r>"))
        #expect(try tokenizer.next() == .startElement(name: "r", line: 1, isSelfClosing: false))
        #expect(try tokenizer.next() == .startElement(name: "skip", line: 1, isSelfClosing: false))
        try tokenizer.skipElement()
        #expect(try tokenizer.next() == .startElement(name: "keep", line: 1, isSelfClosing: true))
        #expect(try tokenizer.next() == .endElement(name: "r", line: 1))
        #expect(try tokenizer.next() == nil)
        #expect(try tokenizer.next() == nil)

        let broken = XMLPullTokenizer(source: MemoryChunkSource("<r><skip>\n<x></y></skip></r>"))
        _ = try broken.next()
        _ = try broken.next()
        #expect(throws: XMLError(.mismatchedEndTag(expected: "x", found: "y"), line: 2)) { try broken.skipElement() }
    }

    /// Each malformed document with the exact error and line.
    @Test(arguments: [
        ("<a>\n</b>", XMLError.Reason.mismatchedEndTag(expected: "a", found: "b"), 2),
        ("<a>\n<b>", .unexpectedEndOfInput, 2),
        ("", .missingRootElement, 1),
        ("<!-- only -->\n", .missingRootElement, 2),
        ("<a/>\n<b/>", .multipleRootElements, 2),
        ("x<a/>", .contentOutsideRootElement, 1),
        ("<a/>\ntext", .contentOutsideRootElement, 2),
        ("<a/><![CDATA[x]]>", .contentOutsideRootElement, 1),
        ("\n<?xml version=\"1.0\"?><a/>", .misplacedDeclaration, 2),
        ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>", .unsupportedEncoding("UTF-16"), 1),
        ("<a/><!DOCTYPE a>", .misplacedDeclaration, 1),
        ("<!ELEMENT a EMPTY><a/>", .unsupportedMarkup, 1),
        ("<a>\n<1b/></a>", .invalidName, 2),
        ("<a x=\"1\"y=\"2\"/>", .expectedWhitespace, 1),
        ("<a x/>", .expectedEquals, 1),
        ("<a x=1/>", .expectedQuote, 1),
        ("<a x=\"1\" / >", .expectedTagEnd, 1),
        ("<a></a x>", .expectedTagEnd, 1),
        ("<a x=\"<\"/>", .lessThanInAttributeValue, 1),
        ("</a>", .unexpectedEndTag("a"), 1),
        ("<a x=\"\n1", .unexpectedEndOfInput, 1),
        ("<a><!-- never closed", .unexpectedEndOfInput, 1),
        ("<!DOCTYPE a [\n<!ELEMENT a EMPTY>\n", .unexpectedEndOfInput, 1),
    ])
    func rejectsMalformedDocuments(text: String, reason: XMLError.Reason, line: Int) {
        #expect(throws: XMLError(reason, line: line)) { _ = try tokenize(text) }
        // The same error whatever the chunking.
        #expect(throws: XMLError(reason, line: line)) { _ = try tokenize(text, chunkSize: 1) }
    }

    @Test(arguments: [
        ("<a x=\"&foo;\"/>", XMLError.Reason.undefinedEntity("foo")),
        ("<a x=\"a & b\"/>", .malformedReference),
        ("<a x=\"&#;\"/>", .malformedReference),
        ("<a x=\"&#x;\"/>", .malformedReference),
        ("<a x=\"&#12a;\"/>", .malformedReference),
        ("<a x=\"&#0;\"/>", .invalidCharacterReference("#0")),
        ("<a x=\"&#xD800;\"/>", .invalidCharacterReference("#xD800")),
        ("<a x=\"&#x110000;\"/>", .invalidCharacterReference("#x110000")),
        ("<a x=\"1\" x=\"2\"/>", .duplicateAttribute("x")),
    ])
    func rejectsBadAttributeValues(text: String, reason: XMLError.Reason) throws {
        let tokenizer = XMLPullTokenizer(source: MemoryChunkSource(text))
        _ = try tokenizer.next()
        #expect(throws: XMLError(reason, line: 1)) { try tokenizer.attributes() }
    }

    @Test func limits() {
        let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        #expect(throws: XMLError(.nestingTooDeep(limit: 256), line: 1)) { _ = try tokenize(deep) }
        let tokenizer = XMLPullTokenizer(source: MemoryChunkSource("<a b=\"" + String(repeating: "x", count: 10_000) + "\"/>"),
                                         maximumTagLength: 4096)
        #expect(throws: XMLError(.tagTooLong(limit: 4096), line: 1)) { _ = try tokenizer.next() }
    }

    /// The XML declaration is bounded to 4096 bytes however the input arrives: found by fuzzing,
    /// a longer one passed when read in one piece and failed in small chunks.
    @Test(arguments: [1, 61, 4096, 64 * 1024])
    func xmlDeclarationLongerThanItsLimitIsRefusedWhateverTheChunkSize(chunkSize: Int) {
        let long = "<?xml version=\"1.0\"" + String(repeating: " ", count: 5000) + "?>\n<a/>"
        #expect(throws: XMLError(.tagTooLong(limit: 4096), line: 1)) { _ = try tokenize(long, chunkSize: chunkSize) }
        // One that ends exactly at the limit is read, also whatever the chunk size.
        let fits = "<?xml version=\"1.0\"" + String(repeating: " ", count: 4096 - 19 - 2) + "?>\n<a/>"  // 4096 bytes up to "?>"
        #expect(throws: Never.self) { _ = try tokenize(fits, chunkSize: chunkSize) }
    }

    @Test func sameEventsWhateverTheChunkSize() throws {
        let reference = try tokenize(ExportFixtures.document)
        for chunkSize in [1, 2, 3, 7, 64, 4093] {
            let events = try tokenize(ExportFixtures.document, chunkSize: chunkSize)
            #expect(events.map(\.0) == reference.map(\.0), "chunk size \(chunkSize)")
            #expect(events.map(\.1) == reference.map(\.1), "chunk size \(chunkSize)")
        }
    }

    @Test func wellFormedEndOfFixture() throws {
        let events = try tokenize(ExportFixtures.document)
        #expect(events.last?.0 == .endElement(name: "HealthData", line: lineOf("</HealthData>", in: ExportFixtures.document)!))
    }
}
