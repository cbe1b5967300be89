import OwnedMemory

/// Helpers for handing Swift byte collections to C functions.
///
/// OpenSSL takes `(const unsigned char *, size_t)` pairs; some of its functions treat a null
/// pointer specially even when the length is zero, so these helpers always pass a valid pointer.
enum ByteBuffers {
    /// Calls `body` with a pointer to the bytes of `bytes` (copied only when the collection is
    /// not contiguous) and their count. The pointer is never null, even for an empty collection.
    static func with<R, Failure: Error>(
        _ bytes: some Collection<UInt8>,
        _ body: (UnsafePointer<UInt8>, Int) throws(Failure) -> R
    ) throws(Failure) -> R {
        try ByteBuffer.withContiguousBytes(of: bytes) { raw throws(Failure) in
            // Never nil: `withContiguousBytes` lends an address even for no bytes.
            try body(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), raw.count)
        }
    }

    /// Runs an OpenSSL `i2d_*`-style encoder twice, first to learn the length and then to fill
    /// a buffer of exactly that size. Returns `nil` when the encoder reports failure.
    static func encode(
        _ encoder: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    ) -> [UInt8]? {
        let length = encoder(nil)
        guard length > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: Int(length))
        let written = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
            // i2d functions advance the pointer they are given, so pass a copy.
            var cursor = buffer.baseAddress
            return encoder(&cursor)
        }
        guard written == length else { return nil }
        return output
    }
}
