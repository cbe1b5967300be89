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
}
