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

    private var writer = DERWriter(capacity: initialCapacity)
    private var lent = false

    private init() {}

    /// Runs `body` with an empty writer: this thread's own, or a fresh one while that is lent.
    static func with<Result, Failure: Error>(
        _ body: (inout DERWriter) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let owner = current()
        guard !owner.lent else {
            var fresh = DERWriter(capacity: initialCapacity)
            return try body(&fresh)
        }
        owner.lent = true
        defer {
            if owner.writer.capacity > retainedCapacity { owner.writer = DERWriter(capacity: initialCapacity) }
            owner.lent = false
        }
        // Emptied before use rather than after: whatever the last record's bytes went into
        // has let go of them by now, so the storage is unshared and is kept.
        owner.writer.removeAll()
        return try body(&owner.writer)
    }

    /// Whether this thread's writer holds storage of more than `retainedCapacity` (for tests).
    static var currentThreadKeepsOversizedWriter: Bool {
        current().writer.capacity > retainedCapacity
    }

    // MARK: - Per-thread storage

    private static let storage = PerThreadObject { ThreadRecordWriter() }

    private static func current() -> ThreadRecordWriter {
        storage.withCurrent { $0 }
    }
}
