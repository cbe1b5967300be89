import COpenSSL

/// OpenSSL contexts kept per thread: initialised ECDSA sign and verify contexts (`EVP_PKEY_CTX`)
/// per key, and one digest context (`EVP_MD_CTX`).
///
/// Creating and initialising a context costs OpenSSL 3 a provider look-up, a parameter round
/// trip and several allocations: about 4 µs of a 21 µs P-256 signature and up to several µs of a
/// verification on the machines we measured, paid again for every sample. `openssl speed`
/// initialises once and reuses; this does the same. A context is not safe to share between
/// threads, so each thread keeps its own few, found by the key they were made for.
///
/// A context holds a reference to its `EVP_PKEY` (`EVP_PKEY_CTX_new_from_pkey` takes one), so the
/// key's address cannot be reused for another key while a context for it is cached. At most
/// `capacity` contexts are kept per thread; the oldest goes first, and all are freed when the
/// thread ends. A context whose operation failed is freed rather than reused, so a failure never
/// leaves state behind for the next operation.
final class ThreadContexts {
    enum Operation: UInt8 {
        case sign
        case verify
    }

    private struct Entry {
        let key: OpaquePointer
        let operation: Operation
        let context: OpaquePointer
    }

    /// A handful covers a signer (one key) and a verifier with several trusted keys; the search
    /// is linear and cheaper than hashing at this size.
    static let capacity = 8

    /// The cache's contents, in storage of their own rather than stored properties: every
    /// access to a class's stored property is checked for exclusivity at run time (on every
    /// signature, verification and digest), while this storage is only ever reached from its
    /// own thread.
    private struct State {
        var entries: [Entry] = []
        var nextEvicted = 0
        /// Made on first use; `EVP_Digest` would allocate and free one for every digest.
        var digestContext: OpaquePointer?
    }

    private let state: UnsafeMutablePointer<State>

    private init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        state.pointee.entries.reserveCapacity(Self.capacity)
    }

    deinit {
        for entry in state.pointee.entries { EVP_PKEY_CTX_free(entry.context) }
        if let digestContext = state.pointee.digestContext { EVP_MD_CTX_free(digestContext) }
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with this thread's digest context (state left over from an earlier digest is
    /// for `body` to reset: `EVP_DigestInit_ex2` does).
    static func withDigestContext<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        withCurrent { cache in
            if let context = cache.state.pointee.digestContext { return body(context) }
            guard let context = EVP_MD_CTX_new() else {
                preconditionFailure("OpenSSL could not allocate a digest context: \(OpenSSLErrorQueue.drain())")
            }
            cache.state.pointee.digestContext = context
            return body(context)
        }
    }

    /// Runs `body` with this thread's context for `operation` with `key`, creating it if needed.
    /// `body` returns whether the operation succeeded; a context it failed with is discarded.
    static func with<Result>(
        _ key: OpaquePointer,
        for operation: Operation,
        _ body: (OpaquePointer) throws -> (succeeded: Bool, result: Result)
    ) throws -> Result {
        try withCurrent { cache in
            let context = try cache.context(for: key, operation)
            let outcome: (succeeded: Bool, result: Result)
            do {
                outcome = try body(context)
            } catch {
                cache.discard(context)
                throw error
            }
            if !outcome.succeeded { cache.discard(context) }
            return outcome.result
        }
    }

    private func context(for key: OpaquePointer, _ operation: Operation) throws -> OpaquePointer {
        let state = self.state
        // By index: `for entry in entries` would retain the array for the loop, once a signature.
        for index in state.pointee.entries.indices
        where state.pointee.entries[index].key == key && state.pointee.entries[index].operation == operation {
            return state.pointee.entries[index].context
        }
        let context = try Self.makeContext(key, operation)
        let entry = Entry(key: key, operation: operation, context: context)
        if state.pointee.entries.count < Self.capacity {
            state.pointee.entries.append(entry)
        } else {
            let evicted = state.pointee.nextEvicted
            EVP_PKEY_CTX_free(state.pointee.entries[evicted].context)
            state.pointee.entries[evicted] = entry
            state.pointee.nextEvicted = (evicted + 1) % Self.capacity
        }
        return context
    }

    private func discard(_ context: OpaquePointer) {
        let state = self.state
        guard let index = state.pointee.entries.firstIndex(where: { $0.context == context }) else { return }
        EVP_PKEY_CTX_free(state.pointee.entries[index].context)
        state.pointee.entries.remove(at: index)
        state.pointee.nextEvicted = 0
    }

    private static func makeContext(_ key: OpaquePointer, _ operation: Operation) throws -> OpaquePointer {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            throw OpenSSLErrorQueue.error("EVP_PKEY_CTX_new_from_pkey")
        }
        let initialised = switch operation {
        case .sign: EVP_PKEY_sign_init(context)
        case .verify: EVP_PKEY_verify_init(context)
        }
        guard initialised == 1 else {
            EVP_PKEY_CTX_free(context)
            throw OpenSSLErrorQueue.error(operation == .sign ? "EVP_PKEY_sign_init" : "EVP_PKEY_verify_init")
        }
        guard EVP_PKEY_CTX_set_signature_md(context, DigestAlgorithms.shared.sha256) == 1 else {
            EVP_PKEY_CTX_free(context)
            throw OpenSSLErrorQueue.error("EVP_PKEY_CTX_set_signature_md")
        }
        return context
    }

    // MARK: - Per-thread storage

    private static let storage = PerThreadObject { ThreadContexts() }

    /// Runs `body` with this thread's cache, made on first use and lent without a retain.
    private static func withCurrent<Result>(_ body: (ThreadContexts) throws -> Result) rethrows -> Result {
        try storage.withCurrent { (cache: ThreadContexts) throws(any Error) -> Result in try body(cache) }
    }
}
