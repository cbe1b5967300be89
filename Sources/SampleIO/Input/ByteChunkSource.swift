/// Something that hands out the bytes of a stream one chunk at a time.
///
/// The export readers pull from a source instead of loading a file, which keeps memory flat no
/// matter how large the input is (real export.xml files exceed 3 GB).
public protocol ByteChunkSource {
    /// Returns the next non-empty chunk of bytes, or `nil` once the stream has ended. After `nil`
    /// every further call returns `nil` again.
    mutating func nextChunk() throws -> [UInt8]?

    /// Whether ``nextChunk()`` would return at once (bytes are there, or the end is) instead of
    /// waiting for a writer: a pipe or terminal fed by a device may have nothing yet. A source
    /// that never waits (memory, a regular file, a zip entry) answers `true`; when in doubt, a
    /// source answers `false`, which only makes a streaming caller flush its output early.
    func chunkIsReady() -> Bool
    /// ``nextChunk()`` as a slice, for a source that lends parts of larger arrays without
    /// copying them (the pieces `verify --jobs N` cuts an export.xml into).
    mutating func nextChunkSlice() throws -> ArraySlice<UInt8>?
}

extension ByteChunkSource {
    /// Sources held in memory or read from files never wait.
    public func chunkIsReady() -> Bool { true }

    /// The next chunk, whole.
    public mutating func nextChunkSlice() throws -> ArraySlice<UInt8>? {
        try nextChunk()?[...]
    }
}
