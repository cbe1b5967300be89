import COpenSSL

/// One-shot message digests computed by OpenSSL.
///
/// These functions do not throw: hashing can fail only if libcrypto itself is broken (no default
/// provider, out of memory), never because of the input, and in that case they stop the process
/// with a message rather than return a wrong digest.
public enum Digest {
    /// Size in bytes of a SHA-256 digest.
    public static let sha256ByteCount = 32
    /// Size in bytes of a SHA-1 digest.
    public static let sha1ByteCount = 20

    /// SHA-256 (FIPS 180-4) of `bytes`.
    public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
        ByteBuffers.with(bytes) { base, count in sha256(UnsafeRawBufferPointer(start: base, count: count)) }
    }

    /// ``sha256(_:)-(Collection<UInt8>)`` of an array, compiled for its concrete type: through
    /// the generic, every digest looked up the metadata of the generic helpers' types at run
    /// time (the content of every signed and every verified sample is hashed).
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { sha256($0) }
    }

    /// ``sha256(_:)-(Collection<UInt8>)`` of the bytes at `bytes`.
    public static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        // `Array(repeating:count:)` rather than `unsafeUninitializedCapacity`, whose buffer is
        // allocated through the unspecialized generic (a metadata look-up per digest).
        var output = [UInt8](repeating: 0, count: sha256ByteCount)
        output.withUnsafeMutableBytes { sha256(bytes, into: $0) }
        return output
    }

    /// Writes the SHA-256 digest of `bytes` into the first ``sha256ByteCount`` bytes of
    /// `output`, which must have room for them: for a caller that keeps the digest on its stack
    /// (signing hashes each record and needs the digest only for the signature).
    public static func sha256(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count >= sha256ByteCount, "a SHA-256 digest needs 32 bytes")
        oneShot(bytes, into: output, algorithm: DigestAlgorithms.shared.sha256, byteCount: sha256ByteCount,
                name: "SHA-256")
    }

    /// SHA-1 (FIPS 180-4) of `bytes`. Only for identifiers such as RFC 5280 key identifiers;
    /// never for signatures.
    public static func sha1(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: sha1ByteCount)
        ByteBuffers.with(bytes) { base, count in
            output.withUnsafeMutableBytes { buffer in
                oneShot(UnsafeRawBufferPointer(start: base, count: count), into: buffer,
                        algorithm: DigestAlgorithms.shared.sha1, byteCount: sha1ByteCount, name: "SHA-1")
            }
        }
        return output
    }

    /// The digest of `bytes` into `output` (room for `byteCount` bytes). Not generic: it runs for
    /// every signed and verified sample.
    private static func oneShot(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                                algorithm: OpaquePointer, byteCount: Int, name: StaticString) {
        var length: UInt32 = 0
        // EVP_MAX_MD_SIZE is what OpenSSL may write; the algorithms here write byteCount.
        let succeeded = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(EVP_MAX_MD_SIZE)) { scratch in
            // OpenSSL treats a null pointer specially even with a zero length.
            let dummy: UInt8 = 0
            let ok = withUnsafePointer(to: dummy) { empty in
                ThreadContexts.withDigestContext { context in
                    EVP_DigestInit_ex2(context, algorithm, nil) == 1
                        && EVP_DigestUpdate(context, bytes.baseAddress ?? UnsafeRawPointer(empty), bytes.count) == 1
                        && EVP_DigestFinal_ex(context, scratch.baseAddress, &length) == 1
                }
            }
            guard ok, Int(length) == byteCount else { return false }
            output.baseAddress!.copyMemory(from: scratch.baseAddress!, byteCount: byteCount)
            return true
        }
        guard succeeded else {
            preconditionFailure("OpenSSL \(name) failed: \(OpenSSLErrorQueue.drain())")
        }
    }
}
