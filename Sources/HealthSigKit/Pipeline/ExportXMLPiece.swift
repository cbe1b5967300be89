import SampleIO

/// One piece of an export.xml document cut by ``ExportXMLSplitter``, read on its own by a worker.
@_spi(FastPathReference)
public struct ExportXMLPiece: Sendable {
    /// The piece as a document of its own: the root element's start tag (unless the piece
    /// begins the file), the piece's bytes, the root's end tag (unless it ends the file).
    public let document: [UInt8]
    /// Line of the piece's first byte in the file.
    public let firstLine: Int
    /// Top-level items in the file before the piece.
    public let itemsBefore: Int
    /// Top-level items the pre-scan counted in the piece.
    public let items: Int

    /// Reads the piece's items in order, handing each outcome to `body`, with the lines and
    /// positions they have in the whole file. Returns whether the piece read as the sequential
    /// reader reads that part of the file: false when it is not well-formed on its own (any
    /// error: the file is then read sequentially, which reports it with its byte offsets) or
    /// holds another number of items than the pre-scan counted. Outcomes handed out before a
    /// false answer are to be dropped.
    public func read(_ body: (ExportSampleOutcome) -> Void) -> Bool {
        let reader = ExportSampleReader(source: DocumentSource(document), firstLine: firstLine, itemsBefore: itemsBefore)
        do {
            while let outcome = try reader.next() {
                guard reader.items.itemCount <= itemsBefore + items else { return false }
                body(outcome)
            }
        } catch {
            return false
        }
        return reader.items.itemCount == itemsBefore + items
    }

    /// The piece's bytes as one chunk, handed over without a copy.
    private struct DocumentSource: ByteChunkSource {
        var bytes: [UInt8]?

        init(_ bytes: [UInt8]) { self.bytes = bytes.isEmpty ? nil : bytes }

        mutating func nextChunk() -> [UInt8]? {
            defer { bytes = nil }
            return bytes
        }
    }
}
