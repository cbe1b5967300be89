import Foundation
@testable import HealthSigKit
import Testing

/// The parallel map returns only when its worker threads have ended completely: the per-thread
/// destructors (libcrypto keeps per-thread state freed that way) have run, so nothing of a
/// worker is still running when a command exits right after the map.
@Suite struct WorkerThreadEndTests {
    @Test func everyWorkerThreadHasEndedWhenTheMapReturns() throws {
        var newKey = pthread_key_t()
        // The destructor runs as a thread ends; it takes its time, so a map that returned when
        // its workers left their loop, without waiting for the threads to end, is caught.
        #expect(pthread_key_create(&newKey, { _ in
            usleep(100_000)
            ThreadEnds.shared.recordEnd()
        }) == 0)
        let key = newKey
        defer { pthread_key_delete(key) }
        ThreadEnds.shared.reset()
        var produced = 0
        try OrderedParallelMap<Int, Int>(jobs: 3, chunkSize: 1).run(
            produce: { () throws(ToolError) in
                guard produced < 300 else { return nil }
                produced += 1
                return produced
            },
            transform: { value in
                if pthread_getspecific(key) == nil {
                    ThreadEnds.shared.recordStart()
                    _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
                }
                usleep(200)
                return value
            },
            consume: { (_) throws(ToolError) in })
        let (started, ended) = ThreadEnds.shared.counts
        #expect(started >= 1)
        #expect(ended == started, "\(started) worker threads used thread-local state, \(ended) had ended when the map returned")
    }
}

/// Counts, across threads, the workers that set thread-local state and those whose destructor ran.
private final class ThreadEnds: @unchecked Sendable {
    static let shared = ThreadEnds()
    private let lock = NSLock()
    private var started = 0
    private var ended = 0

    func reset() { lock.withLock { started = 0; ended = 0 } }
    func recordStart() { lock.withLock { started += 1 } }
    func recordEnd() { lock.withLock { ended += 1 } }
    var counts: (Int, Int) { lock.withLock { (started, ended) } }
}
