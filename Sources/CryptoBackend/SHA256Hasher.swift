import COpenSSL

/// Incremental SHA-256 for data that arrives in pieces (files, streams).
///
/// A value type: copying a hasher and updating both copies gives two independent digests (the
/// OpenSSL context is duplicated on the first write to a shared copy).
///
/// ```swift
/// var hasher = SHA256Hasher()
/// hasher.update(firstChunk)
/// hasher.update(secondChunk)
/// let digest = hasher.finalize()
/// ```
public struct SHA256Hasher: Sendable {
    private var context: DigestContext

    /// A hasher that has consumed no bytes yet.
    public init() {
        context = DigestContext(algorithm: DigestAlgorithms.shared.sha256)
    }

    /// Feeds `bytes` into the hash. Contiguous collections (`[UInt8]`, `ArraySlice`, `Data`,
    /// `UnsafeRawBufferPointer`) are hashed in place without copying.
    public mutating func update(_ bytes: some Collection<UInt8>) {
        if !isKnownUniquelyReferenced(&context) {
            context = context.copy()
        }
        ByteBuffers.with(bytes) { base, count in
            context.update(base, count)
        }
    }

    /// The SHA-256 digest (32 bytes) of everything fed so far. The hasher itself is unchanged
    /// and may be updated further.
    public func finalize() -> [UInt8] {
        context.copy().finish()
    }
}

/// Owns one `EVP_MD_CTX`.
///
/// `@unchecked Sendable`: `SHA256Hasher` mutates the context only after
/// `isKnownUniquelyReferenced` proved that no other value (and therefore no other thread) can
/// reach it, the same copy-on-write discipline `Array` relies on; `finalize` works on a copy.
final class DigestContext: @unchecked Sendable {
    private let context: OpaquePointer

    init(algorithm: OpaquePointer) {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex2(context, algorithm, nil) == 1 else {
            preconditionFailure("OpenSSL digest context setup failed: \(OpenSSLErrorQueue.drain())")
        }
        self.context = context
    }

    private init(copying other: OpaquePointer) {
        guard let context = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(context, other) == 1 else {
            preconditionFailure("OpenSSL digest context copy failed: \(OpenSSLErrorQueue.drain())")
        }
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    func copy() -> DigestContext {
        DigestContext(copying: context)
    }

    func update(_ base: UnsafePointer<UInt8>, _ count: Int) {
        guard count > 0 else { return }
        guard EVP_DigestUpdate(context, base, count) == 1 else {
            preconditionFailure("OpenSSL digest update failed: \(OpenSSLErrorQueue.drain())")
        }
    }

    func finish() -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = output.withUnsafeMutableBufferPointer { buffer in
            EVP_DigestFinal_ex(context, buffer.baseAddress, &length)
        }
        guard status == 1 else {
            preconditionFailure("OpenSSL digest final failed: \(OpenSSLErrorQueue.drain())")
        }
        return Array(output.prefix(Int(length)))
    }
}
