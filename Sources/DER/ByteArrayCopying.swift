extension Array where Element == UInt8 {
    /// A copy of bytes lent in place (a buffer a writer or a signer filled), for a caller that
    /// must keep them. Made through `Array(repeating:count:)`, which this module compiles for
    /// `UInt8`: `Array(unsafeUninitializedCapacity:)` called from another module allocated
    /// through the unspecialized generic, a metadata look-up for every array.
    public init(copying bytes: UnsafeRawBufferPointer) {
        self.init(repeating: 0, count: bytes.count)
        if !bytes.isEmpty { withUnsafeMutableBytes { $0.copyMemory(from: bytes) } }
    }
}
