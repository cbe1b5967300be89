import COpenSSL

/// Decoding with OpenSSL's `d2i_…` functions, which stop after one object and report how far they
/// read: the project's parsers accept an encoding only when it is the whole input.
enum WholeDERDecoding {
    /// Decodes `bytes` with `d2i` (called with the input cursor and the length), requiring it to
    /// consume every byte; an object followed by more bytes is freed with `free` and refused.
    /// `what` names the object in the errors (`certificate`, `CRL`), `error` makes the typed error.
    static func decode(_ bytes: [UInt8], what: String,
                       d2i: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> OpaquePointer?,
                       free: (OpaquePointer) -> Void,
                       error: (String) -> CryptoError) throws -> OpaquePointer {
        try ByteBuffers.with(bytes) { base, count in
            var cursor: UnsafePointer<UInt8>? = base
            guard let object = d2i(&cursor, count) else {
                throw error("OpenSSL could not decode it (\(OpenSSLErrorQueue.drain()))")
            }
            let consumed = cursor.map { $0 - base } ?? 0
            guard consumed == count else {
                free(object)
                throw error("\(count - consumed) trailing bytes after the \(what)")
            }
            return object
        }
    }
}
