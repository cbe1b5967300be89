import SampleIO

/// One piece of an export.xml document cut by ``ExportXMLSplitter``, read on its own by a worker.
@_spi(FastPathReference)
public struct ExportXMLPiece: Sendable {
    /// The root element's start tag, unless the piece begins the file.
    let rootStart: [UInt8]
    /// The piece's bytes, lent from the splitter's window (no copy is made on the thread that
    /// cuts the file).
    let bytes: ArraySlice<UInt8>
    /// The root element's end tag, unless the piece ends the file.
    let rootEnd: [UInt8]
    /// Line of the piece's first byte in the file.
    public let firstLine: Int
    /// Top-level items in the file before the piece.
    public let itemsBefore: Int
    /// Top-level items the pre-scan counted in the piece.
    public let items: Int

    init(rootStart: [UInt8], bytes: ArraySlice<UInt8>, rootEnd: [UInt8], firstLine: Int, itemsBefore: Int, items: Int) {
        self.rootStart = rootStart
        self.bytes = bytes
        self.rootEnd = rootEnd
        self.firstLine = firstLine
        self.itemsBefore = itemsBefore
        self.items = items
    }

    /// A piece that is the whole of `document`.
    public init(document: [UInt8], firstLine: Int, itemsBefore: Int, items: Int) {
        self.init(rootStart: [], bytes: document[...], rootEnd: [], firstLine: firstLine, itemsBefore: itemsBefore, items: items)
    }

    /// The piece as a document of its own: the root element's start tag (unless the piece
    /// begins the file), the piece's bytes, the root's end tag (unless it ends the file).
    public var document: [UInt8] { rootStart + bytes + rootEnd }

    /// Reads the piece's items in order, handing each outcome to `body`, with the lines and
    /// positions they have in the whole file. Returns whether the piece read as the sequential
    /// reader reads that part of the file: false when it is not well-formed on its own (any
    /// error: the file is then read sequentially, which reports it with its byte offsets) or
    /// holds another number of items than the pre-scan counted. Outcomes handed out before a
    /// false answer are to be dropped.
    public func read(_ body: (ExportSampleOutcome) -> Void) -> Bool {
        read(with: ExportPieceReader(), body)
    }

    /// ``read(_:)`` with `reader`, which is aimed at this piece: a worker keeps one reader for
    /// every piece it reads.
    public func read(with reader: ExportPieceReader, _ body: (ExportSampleOutcome) -> Void) -> Bool {
        readItems(with: reader, next: { reader in try reader.next() }, body)
    }

    /// ``read(with:_:)`` with the counting reader: a usual unsigned record is handed out unmapped
    /// (``ExportSampleReader/next(counting:)``); everything else, and whether the piece reads
    /// as the file does, as ``read(with:_:)`` answers.
    func read(with reader: ExportPieceReader, counting: ExportRecordCounting, _ body: (ExportCountingOutcome) -> Void) -> Bool {
        readItems(with: reader, next: { reader in try reader.next(counting: counting) }, body)
    }

    private func readItems<Outcome>(with reader: ExportPieceReader,
                                    next: (ExportSampleReader<ExportPieceReader.PieceSource>) throws -> Outcome?,
                                    _ body: (Outcome) -> Void) -> Bool {
        let reader = reader.aimed(at: self)
        do {
            while let outcome = try next(reader) {
                guard reader.items.itemCount <= itemsBefore + items else { return false }
                body(outcome)
            }
        } catch {
            return false
        }
        return reader.items.itemCount == itemsBefore + items
    }
}

/// A reader of pieces that one thread keeps from one piece to the next: its tokenizer's window,
/// its mapper's and record shortcut's remembered values are made once, not once a piece
/// (``ExportSampleReader/restart(source:firstLine:itemsBefore:)``).
@_spi(FastPathReference)
public final class ExportPieceReader {
    private let reader = ExportSampleReader(source: PieceSource(), firstLine: 1, itemsBefore: 0)

    /// Creates a reader, aimed at no piece yet.
    public init() {}

    /// The reader, aimed at the start of `piece`.
    fileprivate func aimed(at piece: ExportXMLPiece) -> ExportSampleReader<PieceSource> {
        reader.restart(source: PieceSource(piece), firstLine: piece.firstLine, itemsBefore: piece.itemsBefore)
        return reader
    }

    /// A piece's parts, the root's tags and its bytes, one chunk each.
    fileprivate struct PieceSource: ByteChunkSource {
        private var parts: [ArraySlice<UInt8>] = []
        private var next = 0

        init() {}

        init(_ piece: ExportXMLPiece) {
            parts = [piece.rootStart[...], piece.bytes, piece.rootEnd[...]].filter { !$0.isEmpty }
        }

        mutating func nextChunk() -> [UInt8]? {
            nextChunkSlice().map(Array.init)
        }

        /// The next part as it is: the tokenizer copies it into its window, the only copy.
        mutating func nextChunkSlice() -> ArraySlice<UInt8>? {
            guard next < parts.count else { return nil }
            defer {
                parts[next] = []
                next += 1
            }
            return parts[next]
        }
    }
}
