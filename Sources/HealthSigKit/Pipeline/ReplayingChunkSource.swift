import SampleIO

/// A stream whose first bytes were read to recognise its format and are handed out again.
///
/// Standard input cannot be reopened or sought, so `verify --in -` reads the first chunk(s),
/// decides between JSON and export.xml, and gives the reader this source, which returns those
/// bytes first and then continues with the rest of the stream.
struct ReplayingChunkSource: ByteChunkSource {
    private var head: [UInt8]?
    private let rest: FileChunkSource

    init(head: [UInt8], rest: FileChunkSource) {
        self.head = head.isEmpty ? nil : head
        self.rest = rest
    }

    mutating func nextChunk() throws -> [UInt8]? {
        if let head {
            self.head = nil
            return head
        }
        return try rest.nextChunk()
    }

    func chunkIsReady() -> Bool {
        head != nil || rest.chunkIsReady()
    }
}
