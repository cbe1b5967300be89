/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`, copied into an array (the readers
/// under test take arrays or chunk sources; libFuzzer may pass a null pointer for size 0).
public enum FuzzInput {
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}

/// Reads small numbers off the front of a fuzz input, for targets whose input is a list of
/// edits rather than a document. Reading past the end yields zeros, so every input is usable.
public struct FuzzByteReader {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    public mutating func uint16() -> Int {
        Int(byte()) << 8 | Int(byte())
    }
}
