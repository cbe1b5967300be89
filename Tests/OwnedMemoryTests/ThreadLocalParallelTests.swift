#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import OwnedMemory
import Testing

@Suite struct ThreadLocalParallelTests {
    @Test func eachThreadGetsItsOwnValueAndKeepsItsChanges() {
        let local = ThreadLocal<[Int]> { [] }
        let seen = SeenLists()
        let threads = (0..<4).map { number in
            Joinable {
                for round in 0..<100 {
                    let count = local.with { list in
                        list.append(number)
                        return list.count
                    }
                    if count != round + 1 { seen.add([-1]) }
                }
                seen.add(local.with { $0 })
            }
        }
        for thread in threads { thread.join() }
        let lists = seen.lists.sorted { $0.first ?? -1 < $1.first ?? -1 }
        #expect(lists == (0..<4).map { Array(repeating: $0, count: 100) })
    }

    @Test func aValueIsMadeOnlyOnAThreadsFirstUse() {
        let made = DestructionCounter()
        let local = ThreadLocal<Int> {
            made.record()
            return 0
        }
        Joinable {
            for _ in 0..<3 { local.with { $0 += 1 } }
        }.join()
        #expect(made.count == 1)
        Joinable {}.join()
        #expect(made.count == 1)
    }

    @Test func aThreadsValueIsReleasedWhenTheThreadEnds() {
        let destroyed = DestructionCounter()
        let local = ThreadLocal { Resource(counter: destroyed) }
        let threads = (0..<3).map { _ in Joinable { local.with { $0.uses += 1 } } }
        for thread in threads { thread.join() }
        #expect(destroyed.count == 3)
    }

    @Test func aThrownErrorComesOutTypedAndChangesBeforeItAreKept() {
        struct Refused: Error, Equatable {}
        let local = ThreadLocal { 0 }
        #expect(throws: Refused()) {
            try local.with { (value) throws(Refused) in
                value = 5
                throw Refused()
            }
        }
        #expect(local.with { $0 } == 5)
    }
}

/// Lists that threads hand back.
private final class SeenLists: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [[Int]] = []

    var lists: [[Int]] { lock.withLock { stored } }
    func add(_ list: [Int]) { lock.withLock { stored.append(list) } }
}

/// A POSIX thread running `body`, which `join()` waits for: a thread's keys are destroyed
/// before `pthread_join` returns, unlike the end of a Foundation `Thread`'s block.
private final class Joinable {
    private var thread: pthread_t?

    init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var created: pthread_t?
        #else
        var created = pthread_t()
        #endif
        let status = pthread_create(&created, nil, { argument in
            #if canImport(Darwin)
            let body = Unmanaged<Body>.fromOpaque(argument).takeRetainedValue()
            #else
            let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed (\(status))")
        thread = created
    }

    func join() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
