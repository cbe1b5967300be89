import Testing
@testable import SampleIO

/// export.xml must be UTF-8 without NUL bytes: such bytes are refused with their offset, never
/// replaced, whatever the chunking; what the Health app really writes (U+000B) still passes.
@Suite struct XMLByteValidityTests {
    static let head = Array("""
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="en_US">
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2019-05-14 18:50:09 -0400" endDate="2019-05-14 18:50:09 -0400" value="72"/>

    """.utf8)
    static let tail = Array("""
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2019-05-14 18:51:09 -0400" endDate="2019-05-14 18:51:09 -0400" value="73"/>
    </HealthData>

    """.utf8)

    /// Reads every item of `bytes` in chunks of `chunkSize`; returns the items read before the
    /// error and the error.
    static func read(_ bytes: [UInt8], chunkSize: Int) -> (values: [String?], error: XMLError?) {
        let reader = ExportXMLReader(source: MemoryChunkSource(bytes, chunkSize: chunkSize))
        var values: [String?] = []
        do {
            while let item = try reader.next() { values.append(item.value) }
            return (values, nil)
        } catch let error as XMLError {
            return (values, error)
        } catch {
            Issue.record("unexpected error \(error)")
            return (values, nil)
        }
    }

    /// The document with `bytes` between the two records, and their offset.
    static func documentWith(_ bytes: [UInt8]) -> (document: [UInt8], offset: Int) {
        (head + bytes + tail, head.count)
    }

    static let chunkSizes = [1, 2, 3, 5, 7, 64, 4096, 1 << 20]

    @Test("a NUL byte between elements is refused with its offset and line; the record before it is read")
    func nulBetweenElements() {
        let (document, offset) = Self.documentWith([0x20, 0x00, 0x0A])
        for chunkSize in Self.chunkSizes {
            let result = Self.read(document, chunkSize: chunkSize)
            #expect(result.error == XMLError(.nulByte(byteOffset: offset + 1), line: 4), "chunk size \(chunkSize)")
            #expect(result.values == ["72"], "chunk size \(chunkSize)")
        }
        #expect(XMLError(.nulByte(byteOffset: 7), line: 2).description
                == "line 2: NUL byte (U+0000, not an XML character) at byte offset 7")
    }

    @Test("bytes that are not UTF-8 are refused with the offset of the sequence", arguments: [
        ("lone continuation", [0x80]),
        ("invalid byte", [0xFF]),
        ("overlong slash", [0xC0, 0xAF]),
        ("overlong three-byte", [0xE0, 0x80, 0xAF]),
        ("UTF-16 surrogate", [0xED, 0xA0, 0x80]),
        ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        ("cut sequence before ASCII", [0xE2, 0x82, 0x41]),
        ("lead byte F5", [0xF5, 0x80, 0x80, 0x80]),
    ] as [(String, [UInt8])])
    func notUTF8(name: String, bytes: [UInt8]) {
        // In character data between elements, in an attribute value and in a comment.
        let places: [(String, [UInt8])] = [
            ("character data", [0x20] + bytes + [0x0A]),
            ("attribute value", Array(" <Record type=\"X".utf8) + bytes + Array("\" sourceName=\"s\" startDate=\"d\" endDate=\"d\"/>\n".utf8)),
            ("comment", Array(" <!-- ".utf8) + bytes + Array(" -->\n".utf8)),
        ]
        for (place, inserted) in places {
            let (document, offset) = Self.documentWith(inserted)
            let at = offset + inserted.firstIndex(of: bytes[0])!
            for chunkSize in Self.chunkSizes {
                let result = Self.read(document, chunkSize: chunkSize)
                #expect(result.error == XMLError(.notUTF8(byteOffset: at), line: 4), "\(name) in \(place), chunk size \(chunkSize)")
                #expect(result.values == ["72"], "\(name) in \(place), chunk size \(chunkSize)")
            }
        }
    }

    @Test func sequenceCutByTheEndOfTheDocumentIsRefused() {
        let document = Self.head + Self.tail + [0xF0, 0x9F, 0x98]
        for chunkSize in Self.chunkSizes {
            let result = Self.read(document, chunkSize: chunkSize)
            #expect(result.error == XMLError(.notUTF8(byteOffset: Self.head.count + Self.tail.count), line: 6),
                    "chunk size \(chunkSize)")
        }
    }

    @Test("multi-byte characters split by any chunk boundary are read unchanged")
    func multiByteCharactersAcrossChunks() throws {
        let value = "é€😀’\u{A0}·日"
        let document = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [ <!-- \(value) --> ]>
        <HealthData locale="en_US">\(value)
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="\(value)" unit="count/min" startDate="2019-05-14 18:50:09 -0400" endDate="2019-05-14 18:50:09 -0400" value="72"/>
        </HealthData>

        """.utf8)
        for chunkSize in 1...9 {
            let reader = ExportXMLReader(source: MemoryChunkSource(document, chunkSize: chunkSize))
            let item = try #require(try reader.next(), "chunk size \(chunkSize)")
            #expect(item.attributes.first { $0.name == "sourceName" }?.value == value, "chunk size \(chunkSize)")
            #expect(try reader.next() == nil)
        }
    }

    @Test("what the Health app writes still passes: U+000B raw or as a reference, kept in the value")
    func verticalTabIsTolerated() throws {
        let record = Array(" <Record type=\"T\" sourceName=\"Scale\u{0B}App&#11;\" startDate=\"d\" endDate=\"d\" value=\"1\"/>\n".utf8)
        for chunkSize in Self.chunkSizes {
            let reader = ExportXMLReader(source: MemoryChunkSource(Self.head + record + Self.tail, chunkSize: chunkSize))
            _ = try reader.next()
            let item = try #require(try reader.next())
            #expect(item.attributes.first { $0.name == "sourceName" }?.value == "Scale\u{0B}App\u{0B}", "chunk size \(chunkSize)")
        }
    }

    @Test("other characters XML forbids, except NUL, are tolerated where text may be, and kept in values")
    func otherForbiddenCharactersAreTolerated() throws {
        let odd = "\u{1}\u{8}\u{C}\u{E}\u{1F}\u{FFFE}\u{FFFF}"
        let record = Array(" <!-- \(odd) --> \(odd)\n <Record type=\"T\" sourceName=\"a\(odd)&#xC;&#xFFFF;\" startDate=\"d\" endDate=\"d\"/>\n".utf8)
        let reader = ExportXMLReader(source: MemoryChunkSource(Self.head + record + Self.tail, chunkSize: 5))
        _ = try reader.next()
        let item = try #require(try reader.next())
        #expect(item.attributes.first { $0.name == "sourceName" }?.value == "a\(odd)\u{C}\u{FFFF}")
        #expect(try reader.next()?.value == "73")
        #expect(try reader.next() == nil)
    }
}
