/// A type-erased ``ByteChunkSource``, so one reader type can take a file, a zip entry or bytes.
public struct AnyByteChunkSource: ByteChunkSource {
    private var pull: () throws -> [UInt8]?
    private let ready: () -> Bool

    /// Wraps `source`.
    public init<Source: ByteChunkSource>(_ source: Source) {
        var source = source
        pull = { try source.nextChunk() }
        ready = { source.chunkIsReady() }
    }

    /// The wrapped source's next chunk.
    public mutating func nextChunk() throws -> [UInt8]? {
        try pull()
    }

    /// Whether the wrapped source's next chunk is there without waiting.
    public func chunkIsReady() -> Bool {
        ready()
    }
}
