import COpenSSL

/// Cryptographically secure random bytes from OpenSSL's DRBG (`RAND_bytes`).
public enum SecureRandom {
    /// `count` random bytes; an empty array for `count <= 0`.
    ///
    /// Like other CSPRNG front ends, this stops the process if the generator cannot be seeded
    /// or fails: continuing with predictable "random" bytes would be worse.
    public static func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: count)
        var offset = 0
        // RAND_bytes takes an Int32 length; fill large requests in chunks.
        while offset < count {
            let chunk = min(count - offset, 1 << 20)
            let status = output.withUnsafeMutableBufferPointer { buffer in
                RAND_bytes(buffer.baseAddress.map { $0 + offset }, Int32(chunk))
            }
            guard status == 1 else {
                preconditionFailure("OpenSSL RAND_bytes failed: \(OpenSSLErrorQueue.drain())")
            }
            offset += chunk
        }
        return output
    }
}
