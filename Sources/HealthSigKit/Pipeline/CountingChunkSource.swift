import SampleIO

/// A chunk source that tells a progress display how many bytes it has handed out.
struct CountingChunkSource<Base: ByteChunkSource>: ByteChunkSource {
    private var base: Base
    private let progress: (any PipelineProgress)?

    init(_ base: Base, progress: (any PipelineProgress)?) {
        self.base = base
        self.progress = progress
    }

    mutating func nextChunk() throws -> [UInt8]? {
        let chunk = try base.nextChunk()
        if let chunk { progress?.read(bytes: chunk.count) }
        return chunk
    }

    func chunkIsReady() -> Bool { base.chunkIsReady() }
}
