import Foundation

/// Maps a stream of inputs through a pure transform on several threads and hands the outputs
/// back in input order, holding a bounded number of them.
///
/// The calling thread reads (`produce`) and consumes (`consume`); `jobs` worker threads run
/// `transform` on chunks of inputs. At most `window` chunks are in flight (queued, being
/// transformed, or done but waiting for an earlier chunk), so memory stays bounded however long
/// the input, and the order of `consume` calls is the order of `produce` — the output is the
/// same for every number of jobs. With `jobs` 1 everything runs on the calling thread.
struct OrderedParallelMap<Input: Sendable, Output: Sendable> {
    /// Worker threads.
    let jobs: Int
    /// Inputs per chunk: enough to make hand-offs rare next to the work, few enough to keep the
    /// reorder window small.
    let chunkSize: Int
    /// Most chunks in flight.
    let window: Int
    /// Whether consumed outputs go back to the worker that made them, which frees them: for
    /// outputs holding many allocations, whose freeing would otherwise load the calling thread,
    /// or another worker's allocator.
    let outputsFreedByWorkers: Bool

    /// `window`: most chunks in flight (default 4 a job); fewer for large outputs.
    init(jobs: Int, chunkSize: Int = 64, window: Int? = nil, outputsFreedByWorkers: Bool = false) {
        self.jobs = max(1, jobs)
        self.chunkSize = max(1, chunkSize)
        self.window = max(1, window ?? 4 * self.jobs)
        self.outputsFreedByWorkers = outputsFreedByWorkers
    }

    /// Runs the map. An error thrown by `produce` or `consume` stops the workers and is rethrown
    /// once they have finished.
    func run(produce: () throws(ToolError) -> Input?,
             transform: @escaping @Sendable (Input) -> Output,
             consume: (Output) throws(ToolError) -> Void) throws(ToolError) {
        try run(produce: produce, transform: transform, consume: consume, streaming: nil)
    }

    /// For a consumer that follows its input live (`sign --in - --out -` on a device pipe):
    /// `inputReady` says whether `produce` would return without waiting for its input; when it
    /// would wait, every input produced so far is transformed and consumed first and then
    /// `idle` runs (the caller flushes its output there). So nothing already produced is held
    /// back while the input is quiet, and input that is already there still travels in chunks.
    struct Streaming {
        let inputReady: () throws(ToolError) -> Bool
        let idle: () throws(ToolError) -> Void
    }

    /// Runs the map, following the input live when `streaming` is given (``Streaming``).
    func run(produce: () throws(ToolError) -> Input?,
             transform: @escaping @Sendable (Input) -> Output,
             consume: (Output) throws(ToolError) -> Void,
             streaming: Streaming?) throws(ToolError) {
        try run(produce: produce, context: {}, transform: { (_: inout Void, input) in transform(input) },
                consume: consume, streaming: streaming)
    }

    /// Runs the map with a context of each thread's own: `context` makes one on each thread that
    /// transforms (a worker, or the calling thread with one job), which then passes it to every
    /// `transform` it runs and nowhere else, so it needs no lock (a reader reused from one
    /// input to the next). The outputs must not depend on what a context did before.
    func run<Context>(produce: () throws(ToolError) -> Input?,
                      context: @escaping @Sendable () -> Context,
                      transform: @escaping @Sendable (inout Context, Input) -> Output,
                      consume: (Output) throws(ToolError) -> Void,
                      streaming: Streaming? = nil) throws(ToolError) {
        if jobs == 1 {
            var local = context()
            while true {
                if let streaming, !(try streaming.inputReady()) { try streaming.idle() }
                guard let input = try produce() else { return }
                try consume(transform(&local, input))
            }
        }
        let exchange = ChunkExchange<Input, Output>()
        var workers: [WorkerThread] = []
        for index in 0..<jobs {
            guard let worker = WorkerThread(stackSize: 4 << 20, { exchange.work(index, context(), transform) }) else { break }
            workers.append(worker)
        }
        if workers.isEmpty {
            // No thread could be started: do the work here, in order, as with one job.
            try OrderedParallelMap(jobs: 1, chunkSize: chunkSize)
                .run(produce: produce, context: context, transform: transform, consume: consume, streaming: streaming)
            return
        }
        defer {
            exchange.shutDown(workers: workers.count)
            for worker in workers { worker.join() }
        }
        func hand(_ finished: ChunkExchange<Input, Output>.Finished) throws(ToolError) {
            for output in finished.outputs { try consume(output) }
            if outputsFreedByWorkers { exchange.giveBack(finished) }
        }
        var nextSequence = 0
        var produced = 0
        var exhausted = false
        while !exhausted || nextSequence < produced {
            if !exhausted && produced - nextSequence < window {
                var chunk: [Input] = []
                chunk.reserveCapacity(chunkSize)
                // Set when the input would make `produce` wait while work is still pending.
                var inputQuiet = false
                while chunk.count < chunkSize {
                    if let streaming, !(try streaming.inputReady()) {
                        if !chunk.isEmpty || nextSequence < produced {
                            inputQuiet = true
                            break
                        }
                        // Everything produced has been consumed: flush, then wait for input.
                        try streaming.idle()
                    }
                    guard let input = try produce() else {
                        exhausted = true
                        break
                    }
                    chunk.append(input)
                }
                if !chunk.isEmpty {
                    exchange.submit(chunk, sequence: produced)
                    produced += 1
                }
                if inputQuiet, let streaming {
                    // Finish and hand out everything in flight before waiting on the input.
                    while nextSequence < produced {
                        let finished = exchange.waitForDone(nextSequence)
                        nextSequence += 1
                        try hand(finished)
                    }
                    try streaming.idle()
                    continue
                }
                // Consume what is ready without waiting, so output keeps flowing while reading.
                while let finished = exchange.takeIfDone(nextSequence) {
                    nextSequence += 1
                    try hand(finished)
                }
                continue
            }
            let finished = exchange.waitForDone(nextSequence)
            nextSequence += 1
            try hand(finished)
        }
    }
}

/// The state the calling thread and the workers share: queued chunks and finished ones.
///
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is
/// locked; inputs and outputs are `Sendable` values handed over under that lock.
private final class ChunkExchange<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [(sequence: Int, inputs: [Input])] = []
    private var queueHead = 0
    private var done: [Int: Finished] = [:]
    /// Consumed outputs given back, by the worker that made them, which frees them.
    private var givenBack: [Int: [[Output]]] = [:]
    private var closed = false
    /// Workers that have entered ``work(_:)``, and those still in it.
    private var started = 0
    private var running = 0

    func submit(_ inputs: [Input], sequence: Int) {
        condition.lock()
        queue.append((sequence, inputs))
        condition.broadcast()
        condition.unlock()
    }

    /// A transformed chunk and the worker that transformed it.
    struct Finished {
        let outputs: [Output]
        let worker: Int
    }

    func takeIfDone(_ sequence: Int) -> Finished? {
        condition.lock()
        defer { condition.unlock() }
        return done.removeValue(forKey: sequence)
    }

    func waitForDone(_ sequence: Int) -> Finished {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let outputs = done.removeValue(forKey: sequence) { return outputs }
            condition.wait()
        }
    }

    /// Hands consumed outputs back to the worker that made them.
    func giveBack(_ finished: Finished) {
        condition.lock()
        givenBack[finished.worker, default: []].append(finished.outputs)
        condition.unlock()
    }

    /// A worker's loop: takes chunks until the exchange is closed and drained, transforming
    /// them with its own `context`; `worker` numbers it.
    func work<Context>(_ worker: Int, _ context: Context, _ transform: (inout Context, Input) -> Output) {
        var context = context
        var leftOver: [[Output]]?
        condition.lock()
        started += 1
        running += 1
        while true {
            while queueHead == queue.count && !closed { condition.wait() }
            let consumed = givenBack.removeValue(forKey: worker)
            if queueHead == queue.count {
                leftOver = consumed
                break
            }
            let (sequence, inputs) = queue[queueHead]
            // Not kept until the queue is compacted: an input may hold much memory (a piece of
            // an export.xml holds its window of the file).
            queue[queueHead].inputs = []
            queueHead += 1
            if queueHead > 64 && queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            condition.unlock()
            // Freed here, outside the lock, before the next chunk's outputs are made.
            withExtendedLifetime(consumed) {}
            let outputs = inputs.map { transform(&context, $0) }
            condition.lock()
            done[sequence] = Finished(outputs: outputs, worker: worker)
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
        withExtendedLifetime(leftOver) {}
    }

    /// Closes the queue, drops work not yet started and waits until every worker has left.
    func shutDown(workers: Int) {
        condition.lock()
        closed = true
        queue.removeAll()
        queueHead = 0
        condition.broadcast()
        // Wait until every worker has started and left: a worker that has not run yet would
        // otherwise outlive the map.
        while running > 0 || started < workers { condition.wait() }
        condition.unlock()
    }
}
