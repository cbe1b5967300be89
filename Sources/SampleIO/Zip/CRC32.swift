import CZlib

/// CRC-32 (ISO 3309 / ITU-T V.42, as zip uses it; APPNOTE 4.4.7), computed with zlib's `crc32`.
struct CRC32 {
    private(set) var value: UInt32 = 0

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            value = UInt32(truncatingIfNeeded: crc32(UInt(value), base, UInt32(buffer.count)))
        }
    }
}
