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
        oneShot(bytes, algorithm: DigestAlgorithms.shared.sha256, byteCount: sha256ByteCount, name: "SHA-256")
    }

    /// SHA-1 (FIPS 180-4) of `bytes`. Only for identifiers such as RFC 5280 key identifiers;
    /// never for signatures.
    public static func sha1(_ bytes: some Collection<UInt8>) -> [UInt8] {
        oneShot(bytes, algorithm: DigestAlgorithms.shared.sha1, byteCount: sha1ByteCount, name: "SHA-1")
    }

    private static func oneShot(
        _ bytes: some Collection<UInt8>,
        algorithm: OpaquePointer,
        byteCount: Int,
        name: String
    ) -> [UInt8] {
        var status: Int32 = 0
        var length: UInt32 = 0
        let output = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialised in
            // EVP_MAX_MD_SIZE is what OpenSSL may write; the algorithms here write byteCount.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(EVP_MAX_MD_SIZE)) { scratch in
                status = ByteBuffers.with(bytes) { base, count in
                    ThreadContexts.withDigestContext { context in
                        EVP_DigestInit_ex2(context, algorithm, nil) == 1
                            && EVP_DigestUpdate(context, base, count) == 1
                            && EVP_DigestFinal_ex(context, scratch.baseAddress, &length) == 1 ? 1 : 0
                    }
                }
                let copied = min(Int(length), byteCount)
                if copied > 0 { buffer.baseAddress!.update(from: scratch.baseAddress!, count: copied) }
                initialised = copied
            }
        }
        guard status == 1, Int(length) == byteCount else {
            preconditionFailure("OpenSSL \(name) failed: \(OpenSSLErrorQueue.drain())")
        }
        return output
    }
}
