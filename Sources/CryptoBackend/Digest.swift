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
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = ByteBuffers.with(bytes) { base, count in
            output.withUnsafeMutableBufferPointer { out in
                EVP_Digest(base, count, out.baseAddress, &length, algorithm, nil)
            }
        }
        guard status == 1, Int(length) == byteCount else {
            preconditionFailure("OpenSSL \(name) failed: \(OpenSSLErrorQueue.drain())")
        }
        return Array(output.prefix(byteCount))
    }
}
