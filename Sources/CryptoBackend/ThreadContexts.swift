import COpenSSL
import OwnedMemory

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
struct ThreadContexts: ~Copyable {
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

    private var entries: [Entry] = []
    private var nextEvicted = 0
    /// Made on first use; `EVP_Digest` would allocate and free one for every digest.
    private var digestContext: OpaquePointer?

    private init() {
        entries.reserveCapacity(Self.capacity)
    }

    deinit {
        for entry in entries { EVP_PKEY_CTX_free(entry.context) }
        if let digestContext { EVP_MD_CTX_free(digestContext) }
    }

    /// Runs `body` with this thread's digest context (state left over from an earlier digest is
    /// for `body` to reset: `EVP_DigestInit_ex2` does).
    static func withDigestContext<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        let context = current.with { cache in
            if let context = cache.digestContext { return context }
            guard let context = EVP_MD_CTX_new() else {
                preconditionFailure("OpenSSL could not allocate a digest context: \(OpenSSLErrorQueue.drain())")
            }
            cache.digestContext = context
            return context
        }
        // Used outside the cache's `with`: the context stays this thread's until the thread ends.
        return body(context)
    }

    /// Runs `body` with this thread's context for `operation` with `key`, creating it if needed.
    /// `body` returns whether the operation succeeded; a context it failed with is discarded.
    static func with<Result>(
        _ key: OpaquePointer,
        for operation: Operation,
        _ body: (OpaquePointer) throws -> (succeeded: Bool, result: Result)
    ) throws -> Result {
        let context = try current.with { (cache) throws(any Error) in try cache.context(for: key, operation) }
        // `body` runs outside the cache's `with`, so it may use the digest context or another
        // key's context; this context stays in the cache (capacity entries, evicted only when a
        // context is made) until the next context is made on this thread.
        let outcome: (succeeded: Bool, result: Result)
        do {
            outcome = try body(context)
        } catch {
            current.with { $0.discard(context) }
            throw error
        }
        if !outcome.succeeded { current.with { $0.discard(context) } }
        return outcome.result
    }

    private mutating func context(for key: OpaquePointer, _ operation: Operation) throws -> OpaquePointer {
        // By index: `for entry in entries` would retain the array for the loop, once a signature.
        for index in entries.indices where entries[index].key == key && entries[index].operation == operation {
            return entries[index].context
        }
        let context = try Self.makeContext(key, operation)
        let entry = Entry(key: key, operation: operation, context: context)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            let evicted = nextEvicted
            EVP_PKEY_CTX_free(entries[evicted].context)
            entries[evicted] = entry
            nextEvicted = (evicted + 1) % Self.capacity
        }
        return context
    }

    private mutating func discard(_ context: OpaquePointer) {
        guard let index = entries.firstIndex(where: { $0.context == context }) else { return }
        EVP_PKEY_CTX_free(entries[index].context)
        entries.remove(at: index)
        nextEvicted = 0
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

    /// This thread's cache, made on first use and freed (with its contexts) when the thread ends.
    private static let current = ThreadLocal { ThreadContexts() }
}
