#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Byte arrays compared as bytes.
enum ByteArrays {
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
