import Foundation

/// A worker thread that is joined, not left to finish on its own: when the map returns, each
/// worker has ended completely, thread-local destructors (libcrypto's per-thread state among
/// them) included, so no part of a worker still runs while the process exits.
final class WorkerThread {
    private let thread: pthread_t

    /// Starts `body` on a new thread with a stack of `stackSize` bytes; `nil` when the system
    /// refuses another thread (the caller then does the work itself).
    init?(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        _ = pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            // The retained box is released here, on the new thread, once its body has run.
            guard let context else { return nil }
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            body.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        self.thread = thread
    }

    /// Waits until the thread has ended.
    func join() {
        _ = pthread_join(thread, nil)
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
