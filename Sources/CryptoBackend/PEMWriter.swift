import COpenSSL

/// Writes PEM blocks with OpenSSL's encoder.
enum PEMWriter {
    /// `der` as one RFC 7468 block labelled `label`.
    static func block(label: String, der: [UInt8]) -> String {
        let output = try? MemoryBIO.collectingOutput { bio in
            let written = der.withUnsafeBufferPointer { buffer in
                PEM_write_bio(bio, label, "", buffer.baseAddress, buffer.count)
            }
            guard written > 0 else { throw OpenSSLErrorQueue.error("PEM_write_bio") }
        }
        OpenSSLErrorQueue.clear()
        // Writing to a memory BIO fails only when memory is exhausted.
        guard let output else { preconditionFailure("OpenSSL could not write a PEM block") }
        return String(decoding: output, as: UTF8.self)
    }
}
