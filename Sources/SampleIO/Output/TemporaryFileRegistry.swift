#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The temporary files that exist until their output is committed, remembered so that SIGINT,
/// SIGTERM and SIGHUP remove them before the process dies.
///
/// A signal handler may only call async-signal-safe functions: no allocation, no locks, nothing
/// that could allocate or take a lock in the Swift runtime. So each path is copied, when it is
/// registered, into a slot of a table allocated once (``capacity`` slots of `PATH_MAX` bytes, the
/// longest path `open(2)` accepts), and an atomic bitmap says which slots hold a live path. The
/// handler reads the bitmap, `unlink(2)`s each live path, restores the signal's default action
/// and raises the signal again, so the process still ends the way the signal says (a shell sees
/// 128+N). Handlers are installed when the first path is registered, and not for a signal the
/// process was started ignoring (`nohup` ignores SIGHUP: it stays ignored).
///
/// A path is registered before its file is created (with `O_EXCL`) and unregistered after the
/// file is renamed or removed, so there is no moment at which a signal can leave it behind.
public enum TemporaryFileRegistry {
    /// Most temporary files alive at once.
    public static let capacity = 64
    static let slotSize = Int(PATH_MAX)
    static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// `capacity × slotSize` bytes, allocated once and never freed (the handler may read it at
    /// any moment).
    nonisolated(unsafe) static let slots = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * slotSize)
    /// Bit i set: slot i holds a path the handler must remove.
    static let live = Atomic<UInt64>(0)
    /// Bit i set: slot i is taken (being filled, live, or being released).
    static let taken = Atomic<UInt64>(0)
    /// Where the search for a free slot starts: slots are reused as late as possible, so a
    /// handler still reading a path just released finds it unchanged.
    static let cursor = Atomic<Int>(0)

    /// A registered path; pass it back to ``unregister(_:)``.
    public struct Registration: Sendable, Equatable {
        let slot: Int
    }

    /// Remembers `path`, the temporary file of `destination`, until ``unregister(_:)``.
    ///
    /// - Throws: ``OutputFileError/tooManyTemporaryFiles(limit:)`` when every slot is taken,
    ///   ``OutputFileError/cannotCreateTemporaryFile(destination:directory:errno:message:)``
    ///   (ENAMETOOLONG) for a path longer than `PATH_MAX`.
    public static func register(_ path: String, for destination: String) throws(OutputFileError) -> Registration {
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize, !bytes.contains(0) else {
            throw .cannotCreateTemporaryFile(destination: destination, directory: OutputTarget.directory(of: path), errno: ENAMETOOLONG,
                                             message: OutputFileError.message(for: ENAMETOOLONG))
        }
        _ = handlersInstalled
        let slot = try claimSlot()
        let start = slots + slot * slotSize
        bytes.withUnsafeBufferPointer { buffer in
            for (index, byte) in buffer.enumerated() { start[index] = CChar(bitPattern: byte) }
        }
        start[bytes.count] = 0
        live.bitwiseOr(UInt64(1) << UInt64(slot), ordering: .releasing)
        return Registration(slot: slot)
    }

    /// Forgets a path (its file was renamed into place or removed).
    public static func unregister(_ registration: Registration) {
        let bit = UInt64(1) << UInt64(registration.slot)
        live.bitwiseAnd(~bit, ordering: .releasing)
        taken.bitwiseAnd(~bit, ordering: .releasing)
    }

    /// The paths registered now (for tests and diagnostics).
    public static var livePaths: [String] {
        let bits = live.load(ordering: .acquiring)
        return (0..<capacity).filter { bits & (UInt64(1) << UInt64($0)) != 0 }.map { String(cString: slots + $0 * slotSize) }
    }

    private static func claimSlot() throws(OutputFileError) -> Int {
        while true {
            let current = taken.load(ordering: .acquiring)
            guard current != UInt64.max else { throw .tooManyTemporaryFiles(limit: capacity) }
            let start = cursor.load(ordering: .relaxed)
            var slot = -1
            for offset in 0..<capacity {
                let candidate = (start + offset) % capacity
                if current & (UInt64(1) << UInt64(candidate)) == 0 {
                    slot = candidate
                    break
                }
            }
            let claimed = current | (UInt64(1) << UInt64(slot))
            if taken.compareExchange(expected: current, desired: claimed, ordering: .acquiringAndReleasing).exchanged {
                cursor.store((slot + 1) % capacity, ordering: .relaxed)
                return slot
            }
        }
    }

    /// Removes every live temporary file. Async-signal-safe: an atomic load, `unlink(2)`.
    static func removeLiveFiles() {
        let bits = live.load(ordering: .acquiring)
        guard bits != 0 else { return }
        for slot in 0..<capacity where bits & (UInt64(1) << UInt64(slot)) != 0 {
            unlink(slots + slot * slotSize)
        }
    }

    /// Installs the handlers, once: a lazily initialised static runs its initialiser exactly
    /// once (`swift_once`), which ThreadSanitizer understands, where a `Mutex` on Linux (a bare
    /// futex) made two first registrations racing for it look like a data race.
    private static let handlersInstalled: Void = {
        // Touch the lazily initialised statics now, so the handler never runs their
        // initialisers.
        _ = slots
        _ = live.load(ordering: .relaxed)
        for signalNumber in handledSignals {
            var previous = sigaction()
            guard sigaction(signalNumber, nil, &previous) == 0, !SignalAction.isIgnored(previous) else { continue }
            var action = SignalAction.make(removingTemporaryFilesThenReraising)
            sigemptyset(&action.sa_mask)
            for other in handledSignals { sigaddset(&action.sa_mask, other) }
            _ = sigaction(signalNumber, &action, nil)
        }
    }()
}

/// The handler for SIGINT, SIGTERM and SIGHUP: removes the live temporary files, then lets the
/// signal do what it would have done without us.
private func removingTemporaryFilesThenReraising(_ signalNumber: Int32) {
    TemporaryFileRegistry.removeLiveFiles()
    var action = SignalAction.make(nil)
    sigemptyset(&action.sa_mask)
    _ = sigaction(signalNumber, &action, nil)
    // The signal is blocked while its handler runs; raised again, it is delivered with the
    // default action as soon as the handler returns.
    raise(signalNumber)
}

/// `struct sigaction` differs between C libraries; these build and read it.
enum SignalAction {
    /// An action running `handler`, or the default action (`SIG_DFL`) for `nil`.
    static func make(_ handler: (@convention(c) (Int32) -> Void)?) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        return action
    }

    /// Whether `action` is `SIG_IGN`.
    static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        let handler = action.__sigaction_u.__sa_handler
        #else
        let handler = action.__sigaction_handler.sa_handler
        #endif
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == 1
    }
}
