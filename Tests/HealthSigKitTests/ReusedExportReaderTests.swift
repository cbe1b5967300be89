@_spi(FastPathReference) @testable import HealthSigKit
import SampleIO
import Testing

/// A worker keeps one export reader for every piece it reads and re-aims it at each
/// (``ExportSampleReader/restart(source:firstLine:itemsBefore:)``, ``ExportPieceReader``): a
/// re-aimed reader reads exactly as a new one, whatever it read before and however that ended.
@Suite struct ReusedExportReaderTests {
    /// Everything a reader tells about a document: the outcomes, the error that ended it, and
    /// what it kept of the document (locale, export date, items, ignored entity declarations).
    struct Reading: Equatable {
        var outcomes: [ExportSampleOutcome] = []
        var error: String?
        var locale: String?
        var exportDate: String?
        var itemCount = 0
        var ignoredEntityDeclarations = false

        init<Source: ByteChunkSource>(_ reader: ExportSampleReader<Source>, stoppingAfter limit: Int = .max) {
            do {
                while outcomes.count < limit, let outcome = try reader.next() { outcomes.append(outcome) }
            } catch {
                self.error = "\(error)"
            }
            locale = reader.items.locale
            exportDate = reader.items.exportDate
            itemCount = reader.items.itemCount
            ignoredEntityDeclarations = reader.items.ignoredEntityDeclarations
        }
    }

    static func documents(_ fixture: ParallelExportFixture) -> [(name: String, bytes: [UInt8])] {
        fixture.validShapes.map { ($0.name, Array($0.text.utf8)) } + fixture.malformedShapes
    }

    @Test func aReaderReAimedAfterAnyDocumentReadsTheNextAsANewReaderDoes() throws {
        let fixture = try ParallelExportFixture()
        let documents = Self.documents(fixture)
        #expect(documents.count > 30)
        let reused = ExportSampleReader(source: MemoryChunkSource([]), firstLine: 1, itemsBefore: 0)
        for (index, document) in documents.enumerated() {
            // Before it: another document read to its end or its error, or left in the middle
            // of an item, of the DOCTYPE or of a tag (read a few items, or fed one byte at a time).
            let before = documents[(index * 7 + 3) % documents.count]
            reused.restart(source: MemoryChunkSource(before.bytes, chunkSize: index % 2 == 0 ? 1 : 4096),
                           firstLine: 1 + index, itemsBefore: index)
            _ = Reading(reused, stoppingAfter: index % 3 == 0 ? .max : index % 5)
            for (firstLine, itemsBefore, chunk) in [(1, 0, 65_536), (40, 7, 1), (3, 1_000, 700)] {
                reused.restart(source: MemoryChunkSource(document.bytes, chunkSize: chunk), firstLine: firstLine, itemsBefore: itemsBefore)
                let new = ExportSampleReader(source: MemoryChunkSource(document.bytes, chunkSize: chunk), firstLine: firstLine,
                                             itemsBefore: itemsBefore)
                #expect(Reading(reused) == Reading(new), "\(document.name) after \(before.name), line \(firstLine), chunks of \(chunk)")
            }
        }
    }

    @Test func aTokenizerReAimedAfterAnErrorReadsTheNextDocumentAsANewOneDoes() throws {
        let documents = ["<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY e \"x\">]><a><b x=\"&e;\"/></a>",
                         "<a><b></a>", "\u{FEFF}<a>\n<b y='1'/>\n</a>", "<a>\n<b\n  z=\"2\"/><c/></a>\n", "<a/><a/>",
                         "<a><b x=\"1\" x=\"2\"/></a>", "<a>\u{0}</a>", "<a><b>"]
        for before in documents {
            for document in documents {
                let tokenizer = XMLPullTokenizer(source: MemoryChunkSource(before, chunkSize: 3))
                _ = Self.events(tokenizer)
                tokenizer.restart(source: MemoryChunkSource(document, chunkSize: 5), firstLine: 9)
                let reused = Self.events(tokenizer)
                let new = XMLPullTokenizer(source: MemoryChunkSource(document, chunkSize: 5), firstLine: 9)
                #expect(reused == Self.events(new), "\(document) after \(before)")
                #expect(tokenizer.ignoredEntityDeclarations == new.ignoredEntityDeclarations)
                #expect(tokenizer.depth == new.depth)
            }
        }
    }

    /// The events and attributes a tokenizer reports, then its error.
    static func events<Source: ByteChunkSource>(_ tokenizer: XMLPullTokenizer<Source>) -> [String] {
        var events: [String] = []
        do {
            while let event = try tokenizer.next() {
                events.append("\(event) \(try tokenizer.attributes().map { "\($0.name)=\($0.value)" })")
            }
        } catch {
            events.append("error: \(error)")
        }
        return events
    }

    @Test func piecesReadWithOneReaderReadAsWithANewReaderEach() throws {
        let fixture = try ParallelExportFixture()
        // A piece that fails mid-way, read before each piece: whatever it left behind is undone.
        let failing = ExportXMLPiece(document: Array("""
            <HealthData locale="de_CH"><Record type="A"/>
            <Record type="B" unit="count"><MetadataEntry key="k" value="&#x41;"/><!DOCTYPE x>
            """.utf8), firstLine: 5, itemsBefore: 2, items: 2)
        for shape in fixture.validShapes {
            for pieceSize in [1, 700, 1 << 20] {
                var splitter = ExportXMLSplitter(source: MemoryChunkSource(Array(shape.text.utf8), chunkSize: 4096), pieceSize: pieceSize)
                let reader = ExportPieceReader()
                var pieces = 0
                while case .piece(let piece) = splitter.next() {
                    pieces += 1
                    #expect(!failing.read(with: reader) { _ in })
                    var reused: [ExportSampleOutcome] = [], new: [ExportSampleOutcome] = []
                    let reusedRead = piece.read(with: reader) { reused.append($0) }
                    #expect(reusedRead == piece.read { new.append($0) })
                    #expect(reusedRead, "\(shape.name), pieces of \(pieceSize)")
                    #expect(reused == new, "\(shape.name), pieces of \(pieceSize), piece \(pieces)")
                }
                #expect(pieces > (pieceSize == 1 << 20 ? 0 : 3), "\(shape.name): \(pieces) pieces of \(pieceSize)")
            }
        }
    }
}
