import CryptoBackend
import DER

/// The DER writer each thread writes the records it signs into, emptied and reused for the next.
///
/// A record is written, hashed and copied into its ContentInfo, and not needed after that; a
/// writer of its own for every record cost two allocations a sample (its bytes and its SET OF
/// stack). The writer is lent to one record at a time: a nested use on the same thread gets a
/// fresh writer instead of the one in use, and a writer an unusually large record grew past
/// ``retainedCapacity`` is let go rather than kept for the thread's lifetime.
final class ThreadRecordWriter {
    /// Room for a full blood-pressure record (docs/FORMAT.md budgets about 1 KB) without growing.
    static let initialCapacity = 768
    /// The most a thread keeps between records.
    static let retainedCapacity = 64 * 1024

    /// The writer and whether it is lent, kept as a ``ThreadOwnedState`` rather than as stored
    /// properties (two exclusivity checks a record).
    private struct State {
        var writer = DERWriter(capacity: initialCapacity)
        var lent = false
    }

    private let owned = ThreadOwnedState(State())
    private var state: UnsafeMutablePointer<State> { owned.pointer }

    private init() {}

    /// Runs `body` with an empty writer: this thread's own, or a fresh one while that is lent.
    static func with<Result, Failure: Error>(
        _ body: (inout DERWriter) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // The pointer alone is taken out: the thread's slot keeps its owner alive.
        let state = storage.withCurrent { $0.state }
        guard !state.pointee.lent else {
            var fresh = DERWriter(capacity: initialCapacity)
            return try body(&fresh)
        }
        state.pointee.lent = true
        defer {
            if state.pointee.writer.capacity > retainedCapacity { state.pointee.writer = DERWriter(capacity: initialCapacity) }
            state.pointee.lent = false
        }
        // Emptied before use rather than after: whatever the last record's bytes went into
        // has let go of them by now, so the storage is unshared and is kept.
        state.pointee.writer.removeAll()
        return try body(&state.pointee.writer)
    }

    /// Whether this thread's writer holds storage of more than `retainedCapacity` (for tests).
    static var currentThreadKeepsOversizedWriter: Bool {
        current().state.pointee.writer.capacity > retainedCapacity
    }

    // MARK: - Per-thread storage

    private static let storage = PerThreadObject { ThreadRecordWriter() }

    private static func current() -> ThreadRecordWriter {
        storage.withCurrent { $0 }
    }
}
