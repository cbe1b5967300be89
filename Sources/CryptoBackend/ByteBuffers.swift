/// Helpers for handing Swift byte collections to C functions.
///
/// OpenSSL takes `(const unsigned char *, size_t)` pairs; some of its functions treat a null
/// pointer specially even when the length is zero, so these helpers always pass a valid pointer.
enum ByteBuffers {
    /// Calls `body` with a pointer to the bytes of `bytes` (copied only when the collection is
    /// not contiguous) and their count. The pointer is never null, even for an empty collection.
    static func with<C: Collection<UInt8>, R>(
        _ bytes: C,
        _ body: (UnsafePointer<UInt8>, Int) throws -> R
    ) rethrows -> R {
        if let result = try bytes.withContiguousStorageIfAvailable({ buffer in
            try withNonNullBase(buffer, body)
        }) {
            return result
        }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            try withNonNullBase(buffer, body)
        }
    }

    private static func withNonNullBase<R>(
        _ buffer: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafePointer<UInt8>, Int) throws -> R
    ) rethrows -> R {
        if let base = buffer.baseAddress {
            return try body(base, buffer.count)
        }
        // Empty buffers may have no storage; give C a pointer to a dummy byte with length 0.
        let dummy: UInt8 = 0
        return try withUnsafePointer(to: dummy) { pointer in
            try body(pointer, 0)
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
