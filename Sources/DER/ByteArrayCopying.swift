extension Array where Element == UInt8 {
    // Perf: through `Array(repeating:count:)`, which this module compiles for `UInt8`;
    // `Array(unsafeUninitializedCapacity:)` from another module went through the unspecialised
    // generic, a metadata look-up for every array (not measured).
    /// A copy of bytes lent in place (a buffer a writer or a signer filled), for a caller that
    /// must keep them.
    public init(copying bytes: UnsafeRawBufferPointer) {
        self.init(repeating: 0, count: bytes.count)
        if !bytes.isEmpty { withUnsafeMutableBytes { $0.copyMemory(from: bytes) } }
    }
}
