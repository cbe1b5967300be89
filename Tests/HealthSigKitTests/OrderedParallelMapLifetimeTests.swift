import Foundation
@testable import HealthSigKit
import Synchronization
import Testing

/// What ``OrderedParallelMap`` keeps alive, and where it lets go: an input is released once it
/// has been transformed (a piece of an export.xml holds a window of the file, so memory must be
/// bounded by the inputs in flight), and with `outputsFreedByWorkers` each output is freed by
/// the worker that made it.
@Suite struct OrderedParallelMapLifetimeTests {
    /// Counts the objects alive, and the most at any time.
    final class Census: Sendable {
        let alive = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let freedElsewhere = Atomic<Int>(0)
        let freed = Atomic<Int>(0)

        func born() {
            let now = alive.add(1, ordering: .relaxed).newValue
            _ = most.max(now, ordering: .relaxed)
        }
    }

    /// An input that says when it is freed.
    final class Tracked: Sendable {
        let value: Int
        let census: Census

        init(_ value: Int, _ census: Census) {
            self.value = value
            self.census = census
            census.born()
        }

        deinit { census.alive.subtract(1, ordering: .relaxed) }
    }

    /// An output that says whether it is freed on the thread that made it.
    final class Made: Sendable {
        let thread = pthread_self()
        let census: Census

        init(_ census: Census) { self.census = census }

        deinit {
            if pthread_equal(pthread_self(), thread) == 0 { census.freedElsewhere.add(1, ordering: .relaxed) }
            census.freed.add(1, ordering: .relaxed)
        }
    }

    @Test func inputsAreReleasedOnceTransformedNotKeptUntilTheEnd() throws {
        let census = Census()
        var produced = 0
        var consumed = 0
        try OrderedParallelMap<Tracked, Int>(jobs: 2, chunkSize: 1, window: 4).run(
            produce: { () throws(ToolError) in
                guard produced < 500 else { return nil }
                produced += 1
                return Tracked(produced, census)
            },
            transform: { $0.value },
            consume: { (value) throws(ToolError) in
                consumed += 1
                #expect(value == consumed)
            })
        #expect(consumed == 500)
        #expect(census.alive.load(ordering: .relaxed) == 0)
        // The window's four chunks, and the one being produced.
        #expect(census.most.load(ordering: .relaxed) <= 5)
    }

    @Test func outputsGivenBackAreFreedByTheWorkerThatMadeThem() throws {
        let census = Census()
        var produced = 0
        try OrderedParallelMap<Int, Made>(jobs: 2, chunkSize: 3, window: 4, outputsFreedByWorkers: true).run(
            produce: { () throws(ToolError) in
                guard produced < 600 else { return nil }
                produced += 1
                return produced
            },
            context: {},
            transform: { _, value in
                if value % 7 == 0 { usleep(100) }
                return Made(census)
            },
            consume: { (_) throws(ToolError) in })
        #expect(census.freed.load(ordering: .relaxed) == 600)
        #expect(census.freedElsewhere.load(ordering: .relaxed) == 0)
    }

    @Test func eachWorkerKeepsItsOwnContext() throws {
        var produced = 0
        var countsByThread: [UInt: [Int]] = [:]
        try OrderedParallelMap<Int, (thread: UInt, count: Int)>(jobs: 3, chunkSize: 2).run(
            produce: { () throws(ToolError) in
                guard produced < 300 else { return nil }
                produced += 1
                return produced
            },
            context: { Counter() },
            transform: { counter, _ in
                counter.count += 1
                return (UInt(pthread_self()), counter.count)
            },
            consume: { (output) throws(ToolError) in countsByThread[output.thread, default: []].append(output.count) })
        // A context is made on each thread and used there only: it counts 1, 2, 3… there.
        #expect(countsByThread.values.map(\.count).reduce(0, +) == 300)
        for counts in countsByThread.values { #expect(counts.sorted() == Array(1...counts.count)) }
    }

    final class Counter {
        var count = 0
    }
}
