import DER
import OwnedMemory

/// The DER writer each thread writes the records it signs into, emptied and reused for the next.
///
/// A record is written, hashed and copied into its ContentInfo, and not needed after that; a
/// writer of its own for every record cost two allocations a sample (its bytes and its SET OF
/// stack). The writer is taken out of the thread's slot for one record at a time: a nested use on
/// the same thread finds the slot empty and gets a fresh writer, and a writer an unusually large
/// record grew past ``retainedCapacity`` is let go rather than kept for the thread's lifetime.
enum ThreadRecordWriter {
    /// Room for a full blood-pressure record (docs/FORMAT.md budgets about 1 KB) without growing.
    static let initialCapacity = 768
    /// The most a thread keeps between records.
    static let retainedCapacity = 64 * 1024

    /// This thread's writer while no record is being written with it.
    private static let current = ThreadLocal<DERWriter?> { DERWriter(capacity: initialCapacity) }

    /// Runs `body` with an empty writer: this thread's own, or a fresh one while that is in use.
    static func with<Result, Failure: Error>(
        _ body: (inout DERWriter) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var writer = current.with { $0.take() } ?? DERWriter(capacity: initialCapacity)
        // Emptied before use rather than after: whatever the last record's bytes went into
        // has let go of them by now, so the storage is unshared and is kept.
        writer.removeAll()
        defer {
            if writer.capacity <= retainedCapacity { current.with { $0 = writer } }
        }
        return try body(&writer)
    }

    /// Whether this thread keeps a writer holding storage of more than `retainedCapacity` (for tests).
    static var currentThreadKeepsOversizedWriter: Bool {
        current.with { ($0?.capacity ?? 0) > retainedCapacity }
    }
}
