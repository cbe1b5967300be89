import CMS
import Foundation
@_spi(FastPathReference) @testable import HealthSigKit
import SampleIO
import SampleSigning
import Testing

/// export.xml read in pieces by several workers (``ExportXMLSplitter``, ``ExportXMLPiece``): the
/// reports are byte for byte those of `--jobs 1`, the sequential reference reader's, for every
/// shape of export and wherever a malformed file fails; and on valid files the pieces really are
/// read in parallel (no silent fallback makes the equality trivial).
@Suite struct ParallelExportReadingTests {
    /// One pipeline run with every report format.
    struct Run: Equatable {
        let table: String
        let json: String
        let ndjson: String
        let totals: VerificationTotals
        let unreadable: [String]

        init(_ path: String, trust: TrustSet, jobs: Int, pieceSize: Int = 1 << 20) throws {
            let collector = CollectingSink()
            let table = ReportBuffer(), json = ReportBuffer(), ndjson = ReportBuffer()
            var pipeline = VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: jobs)
            pipeline.exportPieceSize = pieceSize
            totals = try pipeline.run(inputPath: path, sinks: [
                collector, ReportFormat.table.sink(writingTo: table, tableWidth: 200),
                ReportFormat.json.sink(writingTo: json), ReportFormat.ndjson.sink(writingTo: ndjson)])
            self.table = table.text
            self.json = json.text
            self.ndjson = ndjson.text
            unreadable = collector.unreadable.map { "\($0.line.map(String.init) ?? "-"): \($0.reason)" }
        }
    }

    /// The outcomes of the sequential reader, and the error that ended it.
    static func sequentialOutcomes(_ bytes: [UInt8]) -> (outcomes: [ExportSampleOutcome], error: String?) {
        let reader = ExportSampleReader(source: MemoryChunkSource(bytes))
        var outcomes: [ExportSampleOutcome] = []
        do {
            while let outcome = try reader.next() { outcomes.append(outcome) }
        } catch {
            return (outcomes, "\(error)")
        }
        return (outcomes, nil)
    }

    /// What the pieces read: the outcomes of the pieces before the first one that did not read as
    /// the file does, how many pieces there were, and whether every one read.
    static func pieceOutcomes(_ bytes: [UInt8], pieceSize: Int, sourceChunk: Int = 64 * 1024)
        -> (outcomes: [ExportSampleOutcome], pieces: Int, allRead: Bool, stoppedAt: Int?) {
        var splitter = ExportXMLSplitter(source: MemoryChunkSource(bytes, chunkSize: sourceChunk), pieceSize: pieceSize)
        var outcomes: [ExportSampleOutcome] = []
        var pieces = 0
        while true {
            switch splitter.next() {
            case .end:
                return (outcomes, pieces, true, nil)
            case .unsure(let itemsBefore):
                return (outcomes, pieces, false, itemsBefore)
            case .piece(let piece):
                pieces += 1
                var read: [ExportSampleOutcome] = []
                guard piece.read({ read.append($0) }) else { return (outcomes, pieces, false, piece.itemsBefore) }
                #expect(piece.itemsBefore == outcomes.count)
                outcomes += read
            }
        }
    }

    @Test func reportsAreTheSameForEveryJobsOnEveryExportShape() throws {
        let fixture = try ParallelExportFixture()
        for (index, shape) in fixture.validShapes.enumerated() {
            let path = try fixture.write("valid-\(index).xml", Array(shape.text.utf8))
            let reference = try Run(path, trust: fixture.trust, jobs: 1)
            #expect(reference.unreadable.isEmpty, "\(shape.name): \(reference.unreadable)")
            #expect(reference.totals.counts[.valid, default: 0] >= 20, "\(shape.name)")
            for jobs in [2, 3, 4] {
                for pieceSize in [1, 700, 1 << 20] {
                    let parallel = try Run(path, trust: fixture.trust, jobs: jobs, pieceSize: pieceSize)
                    #expect(parallel == reference, "\(shape.name), --jobs \(jobs), pieces of \(pieceSize) bytes")
                }
            }
        }
    }

    @Test func anExportZipReadsTheSameForEveryJobs() throws {
        let fixture = try ParallelExportFixture()
        let path = fixture.path("export.zip")
        let reference = try Run(path, trust: fixture.trust, jobs: 1)
        #expect(reference.unreadable.isEmpty)
        #expect(reference.totals.counts[.valid, default: 0] >= 20)
        for jobs in [2, 4] {
            for pieceSize in [1, 4096] {
                #expect(try Run(path, trust: fixture.trust, jobs: jobs, pieceSize: pieceSize) == reference, "--jobs \(jobs), \(pieceSize)")
            }
        }
    }

    @Test func aDamagedExportZipReportsTheSameItemsAndTheSameErrorForEveryJobs() throws {
        let fixture = try ParallelExportFixture()
        var zip = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path("export.zip"))))
        // A byte of the deflated export.xml changed: inflating fails, its CRC-32 does not match, or
        // (the fixture's signatures, and so its deflated bytes, differ from run to run) what it
        // inflates to is no longer well-formed XML before the CRC-32 is reached.
        zip[zip.count / 2] ^= 0x55
        let path = try fixture.write("damaged.zip", zip)
        let reference = try Run(path, trust: fixture.trust, jobs: 1)
        #expect(reference.unreadable.count == 1)
        let error = reference.unreadable.first ?? ""
        #expect(error.hasPrefix("-: export.zip: ") || error.contains(": XML: "), "\(reference.unreadable)")
        for pieceSize in [1, 4096] {
            #expect(try Run(path, trust: fixture.trust, jobs: 2, pieceSize: pieceSize) == reference)
        }
    }

    @Test func malformedExportsReportTheSameItemsAndTheSameFirstErrorForEveryJobs() throws {
        let fixture = try ParallelExportFixture()
        for (index, shape) in fixture.malformedShapes.enumerated() {
            let path = try fixture.write("malformed-\(index).xml", shape.bytes)
            let reference = try Run(path, trust: fixture.trust, jobs: 1)
            #expect(reference.unreadable.count == 1, "\(shape.name): \(reference.unreadable)")
            for jobs in [2, 3] {
                for pieceSize in [1, 900] {
                    let parallel = try Run(path, trust: fixture.trust, jobs: jobs, pieceSize: pieceSize)
                    #expect(parallel == reference, "\(shape.name), --jobs \(jobs), pieces of \(pieceSize) bytes")
                }
            }
        }
    }

    @Test func aBrokenTagDeepInTheFileIsReportedOnItsLineAfterEveryItemBeforeIt() throws {
        let fixture = try ParallelExportFixture()
        let text = fixture.base
        let records = ParallelExportFixture.offsets(of: "\n <Record ", in: text)
        let at = records[records.count * 3 / 4] + 1
        let line = text.utf8.prefix(at).filter { $0 == 0x0A }.count + 1
        let bytes = ParallelExportFixture.inserting("<Record type=\"x\" <oops/>\n", into: text, at: at)
        let path = try fixture.write("broken.xml", bytes)
        let parallel = try Run(path, trust: fixture.trust, jobs: 2, pieceSize: 1)
        #expect(parallel.unreadable == ["\(line): XML: invalid name"])
        #expect(parallel == (try Run(path, trust: fixture.trust, jobs: 1)))
    }

    @Test func validExportsAreReadInManyPiecesThatEachReadAsTheFileDoes() throws {
        let fixture = try ParallelExportFixture()
        for shape in fixture.validShapes {
            let bytes = Array(shape.text.utf8)
            let sequential = Self.sequentialOutcomes(bytes)
            #expect(sequential.error == nil, "\(shape.name)")
            for (pieceSize, sourceChunk) in [(1, 65_536), (1, 7), (300, 1), (5_000, 4_096)] {
                let pieces = Self.pieceOutcomes(bytes, pieceSize: pieceSize, sourceChunk: sourceChunk)
                #expect(pieces.allRead, "\(shape.name): stopped at item \(pieces.stoppedAt ?? -1)")
                #expect(pieces.pieces > (pieceSize == 1 ? sequential.outcomes.count : 3), "\(shape.name): \(pieces.pieces) pieces")
                #expect(pieces.outcomes == sequential.outcomes, "\(shape.name), pieces of \(pieceSize)")
            }
        }
    }

    @Test func piecesOfAMalformedExportReadAsTheFileDoesUntilTheOneHoldingTheError() throws {
        let fixture = try ParallelExportFixture()
        for shape in fixture.malformedShapes {
            let sequential = Self.sequentialOutcomes(shape.bytes)
            #expect(sequential.error != nil, "\(shape.name)")
            let pieces = Self.pieceOutcomes(shape.bytes, pieceSize: 1)
            #expect(!pieces.allRead, "\(shape.name)")
            #expect(Array(sequential.outcomes.prefix(pieces.outcomes.count)) == pieces.outcomes, "\(shape.name)")
        }
    }

    @Test func aPieceHoldingAnotherNumberOfItemsThanThePreScanCountedDoesNotRead() {
        let document = Array("<HealthData><Record type=\"HKQuantityTypeIdentifierHeartRate\"/></HealthData>".utf8)
        let counted = ExportXMLPiece(document: document, firstLine: 1, itemsBefore: 0, items: 1)
        var read = 0
        #expect(counted.read { _ in read += 1 })
        #expect(read == 1)
        #expect(!ExportXMLPiece(document: document, firstLine: 1, itemsBefore: 0, items: 0).read { _ in })
        #expect(!ExportXMLPiece(document: document, firstLine: 1, itemsBefore: 0, items: 2).read { _ in })
    }

    @Test func aPieceHasTheLinesAndPositionsOfTheFile() throws {
        let text = "<?xml version=\"1.0\"?>\n<HealthData>\n <Record type=\"A\"/>\n <Record type=\"B\"/>\n<Other/>\n <Record\n type=\"C\"/>\n</HealthData>\n"
        var splitter = ExportXMLSplitter(source: MemoryChunkSource(text), pieceSize: 1)
        var found: [(line: Int, position: Int, type: String?)] = []
        var pieces: [ExportXMLPiece] = []
        while case .piece(let piece) = splitter.next() {
            pieces.append(piece)
            _ = piece.read { outcome in
                if case .unsupported(let item) = outcome { found.append((item.line, item.position, item.type)) }
            }
        }
        #expect(pieces.map(\.firstLine) == [1, 3, 4, 5, 6])
        #expect(pieces.map(\.itemsBefore) == [0, 0, 1, 2, 2])
        #expect(String(decoding: pieces[2].document, as: UTF8.self) == "<HealthData><Record type=\"B\"/>\n</HealthData>")
        #expect(found.map(\.line) == [3, 4, 6])
        #expect(found.map(\.position) == [1, 2, 3])
        #expect(found.map(\.type) == ["A", "B", "C"])
    }

    @Test func theSplitterStopsWhenItWouldHoldTooManyBytesWithoutAPlaceToCut() {
        let text = "<HealthData>\n <Record type=\"A\"/>\n <Record type=\"B\"/>\n <!--" + String(repeating: "x", count: 10_000) + "-->\n <Record type=\"C\"/>\n</HealthData>\n"
        var splitter = ExportXMLSplitter(source: MemoryChunkSource(text, chunkSize: 100), pieceSize: 1, heldLimit: 1_000)
        var kinds: [String] = []
        loop: while true {
            switch splitter.next() {
            case .piece(let piece): kinds.append("piece \(piece.itemsBefore)+\(piece.items)")
            case .unsure(let itemsBefore):
                kinds.append("unsure after \(itemsBefore)")
                break loop
            case .end:
                kinds.append("end")
                break loop
            }
        }
        #expect(kinds == ["piece 0+0", "piece 0+1", "unsure after 1"])
    }
}
