#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Byte arrays made from bytes lent in place.
enum ByteArrays {
    /// A copy of `bytes`. Through `Array(repeating:count:)`, which this module compiles for
    /// `UInt8`: `Array(unsafeUninitializedCapacity:)` allocates through the unspecialized generic,
    /// a metadata look-up for every array.
    static func copy(of bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var array = [UInt8](repeating: 0, count: bytes.count)
        if !bytes.isEmpty { array.withUnsafeMutableBytes { $0.copyMemory(from: bytes) } }
        return array
    }

    /// Whether `a` and `b` hold the same bytes, compared with `memcmp` (the element-wise `==` of
    /// arrays walks them byte by byte through the generic path).
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}
