import COpenSSL

/// Access to OpenSSL's thread-local error queue.
///
/// Every failing libcrypto call pushes one or more entries onto this queue. They must be drained
/// (or cleared) before the next operation, or an unrelated later failure would report stale
/// entries. Public entry points therefore clear the queue on every exit path.
enum OpenSSLErrorQueue {
    /// Upper bound on entries copied into a message; the rest are discarded.
    private static let maximumEntries = 8

    /// Removes all entries and returns them as one line ("no error recorded" if the queue was
    /// empty). The text holds OpenSSL's own error strings only, never input bytes.
    static func drain() -> String {
        describe(drainEntries())
    }

    /// Discards all queued entries.
    static func clear() {
        ERR_clear_error()
    }

    /// Removes all entries and returns them, oldest first, with their library and reason codes.
    /// Used where the kind of failure matters (end of PEM input, wrong passphrase).
    static func drainEntries() -> [OpenSSLErrorEntry] {
        var entries: [OpenSSLErrorEntry] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            if entries.count < maximumEntries {
                entries.append(OpenSSLErrorEntry(library: ERR_GET_LIB(code), reason: ERR_GET_REASON(code),
                                                 text: errorString(code)))
            }
        }
        return entries
    }

    /// Joins the texts of `entries` into one line.
    static func describe(_ entries: [OpenSSLErrorEntry]) -> String {
        entries.isEmpty ? "no OpenSSL error recorded" : entries.map(\.text).joined(separator: "; ")
    }

    /// A `CryptoError.openssl` for `function`, carrying the drained queue.
    static func error(_ function: String) -> CryptoError {
        .openssl(function: function, detail: drain())
    }

    private static func errorString(_ code: UInt) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        buffer.withUnsafeMutableBufferPointer { pointer in
            ERR_error_string_n(code, pointer.baseAddress, pointer.count)
        }
        return String(decodingCString: buffer)
    }
}

/// One entry of the OpenSSL error queue.
struct OpenSSLErrorEntry {
    /// The library code (`ERR_LIB_PEM`, `ERR_LIB_EVP`, ...).
    let library: Int32
    /// The reason code within that library (`PEM_R_NO_START_LINE`, ...).
    let reason: Int32
    /// OpenSSL's text for the entry, e.g. "error:0480006C:PEM routines::no start line".
    let text: String
}
