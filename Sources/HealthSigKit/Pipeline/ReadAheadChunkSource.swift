import Foundation
import SampleIO

/// Reads a chunk source on a thread of its own, a few chunks ahead of the reader: for an
/// export.zip read in parallel, the inflating leaves the thread that cuts the file into pieces.
///
/// The chunks, the end and an error arrive in the source's order, exactly as the source gives
/// them (the entry's size and CRC-32 checks included). At most `depth` chunks wait, so memory
/// stays bounded; the thread stops and is joined when the reader lets go of the source.
final class ReadAheadChunkSource: ByteChunkSource {
    private let exchange: Exchange
    private let thread: WorkerThread?
    /// The source itself when no thread could be started: then it is read here.
    private var inline: AnyByteChunkSource?

    /// Starts reading `source` ahead, at most `depth` chunks.
    init(_ source: AnyByteChunkSource, depth: Int = 4) {
        let exchange = Exchange(depth: max(1, depth))
        let handOver = HandOver(source)
        self.exchange = exchange
        thread = WorkerThread(stackSize: 1 << 20) { exchange.fill(from: handOver.take()) }
        if thread == nil { inline = handOver.take() }
    }

    deinit {
        exchange.close()
        thread?.join()
    }

    func nextChunk() throws -> [UInt8]? {
        if inline != nil { return try inline?.nextChunk() }
        return try exchange.next().get()
    }

    /// The chunks read and not yet taken, and what ended the source.
    ///
    /// `@unchecked Sendable`: every stored property is read and written only while `condition`
    /// is locked.
    private final class Exchange: @unchecked Sendable {
        private let condition = NSCondition()
        private let depth: Int
        private var chunks: [Result<[UInt8]?, any Error>] = []
        private var head = 0
        private var closed = false

        init(depth: Int) { self.depth = depth }

        /// The reading thread: reads until the source ends or fails, or the reader closes.
        func fill(from source: AnyByteChunkSource?) {
            guard var source else { return }
            while true {
                condition.lock()
                while chunks.count - head >= depth && !closed { condition.wait() }
                let stop = closed
                condition.unlock()
                if stop { return }
                let result = Result<[UInt8]?, any Error> { try source.nextChunk() }
                condition.lock()
                chunks.append(result)
                condition.broadcast()
                condition.unlock()
                switch result {
                case .success(.some): continue
                case .success(.none), .failure: return
                }
            }
        }

        /// The next chunk, the end (nil, then again at every call) or the error, waiting for it.
        func next() -> Result<[UInt8]?, any Error> {
            condition.lock()
            defer { condition.unlock() }
            while head == chunks.count { condition.wait() }
            let result = chunks[head]
            switch result {
            case .success(.some):
                chunks[head] = .success(nil)
                head += 1
                if head > 64 && head * 2 > chunks.count {
                    chunks.removeFirst(head)
                    head = 0
                }
                condition.broadcast()
            case .success(.none), .failure:
                // The last entry stays: the end, or the error, is given again.
                break
            }
            return result
        }

        func close() {
            condition.lock()
            closed = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The source, handed to the reading thread once.
    ///
    /// `@unchecked Sendable`: the source is taken once, under the lock, by the one thread that
    /// reads it from then on; nothing else touches it.
    private final class HandOver: @unchecked Sendable {
        private let lock = NSLock()
        private var source: AnyByteChunkSource?

        init(_ source: AnyByteChunkSource) { self.source = source }

        func take() -> AnyByteChunkSource? {
            lock.lock()
            defer { lock.unlock() }
            defer { source = nil }
            return source
        }
    }
}
