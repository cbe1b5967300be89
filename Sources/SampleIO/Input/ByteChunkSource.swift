/// Something that hands out the bytes of a stream one chunk at a time.
///
/// The export readers pull from a source instead of loading a file, which keeps memory flat no
/// matter how large the input is (real export.xml files exceed 3 GB).
public protocol ByteChunkSource {
    /// Returns the next non-empty chunk of bytes, or `nil` once the stream has ended. After `nil`
    /// every further call returns `nil` again.
    mutating func nextChunk() throws -> [UInt8]?
}
