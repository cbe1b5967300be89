import COpenSSL

/// A small wrapper around OpenSSL memory BIOs, used to feed PEM text in and get PEM/text out.
enum MemoryBIO {
    /// Runs `body` with a writable memory BIO and returns what was written to it.
    ///
    /// - Throws: `CryptoError.openssl` if the BIO cannot be created, or what `body` throws.
    static func collectingOutput(_ body: (OpaquePointer) throws -> Void) throws -> [UInt8] {
        guard let bio = BIO_new(BIO_s_mem()) else {
            throw OpenSSLErrorQueue.error("BIO_new")
        }
        defer { BIO_free(bio) }
        try body(bio)
        return readAll(bio)
    }

    /// Reads everything still pending in `bio`.
    static func readAll(_ bio: OpaquePointer) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                BIO_read(bio, buffer.baseAddress, Int32(buffer.count))
            }
            guard count > 0 else { break }
            output.append(contentsOf: chunk[0..<Int(count)])
        }
        return output
    }

    /// Runs `body` with a read-only memory BIO over the UTF-8 bytes of `text`.
    ///
    /// - Throws: `CryptoError.invalidPEM` if the text is larger than a BIO can address,
    ///   `CryptoError.openssl` if the BIO cannot be created, or what `body` throws.
    static func reading<R>(_ text: String, _ body: (OpaquePointer) throws -> R) throws -> R {
        var bytes = Array(text.utf8)
        guard bytes.count < Int(Int32.max) else {
            throw CryptoError.invalidPEM("text of \(bytes.count) bytes is too large")
        }
        defer {
            // The text may hold an (encrypted or plain) private key; do not leave a copy behind.
            bytes.withUnsafeMutableBytes { buffer in
                if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
            }
        }
        return try ByteBuffers.with(bytes) { base, count in
            guard let bio = BIO_new_mem_buf(base, Int32(count)) else {
                throw OpenSSLErrorQueue.error("BIO_new_mem_buf")
            }
            defer { BIO_free(bio) }
            return try body(bio)
        }
    }
}
