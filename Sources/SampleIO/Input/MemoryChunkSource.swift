/// A ``ByteChunkSource`` over bytes already in memory, handed out in chunks of a fixed size.
///
/// Useful for small inputs and for tests that feed a reader 1 or 7 bytes at a time to prove it
/// does not depend on where chunk boundaries fall.
public struct MemoryChunkSource: ByteChunkSource, Sendable {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var offset = 0

    /// Creates a source over `bytes`; `chunkSize` is clamped to at least 1.
    public init(_ bytes: [UInt8], chunkSize: Int = 64 * 1024) {
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    /// Creates a source over the UTF-8 bytes of `text`.
    public init(_ text: String, chunkSize: Int = 64 * 1024) {
        self.init(Array(text.utf8), chunkSize: chunkSize)
    }

    /// Returns the next chunk of at most `chunkSize` bytes.
    public mutating func nextChunk() -> [UInt8]? {
        guard offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + chunkSize)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
