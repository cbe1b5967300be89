/// One entry of a zip archive's central directory (APPNOTE.TXT 4.3.12), with ZIP64 sizes and
/// offsets already applied.
public struct ZipEntry: Sendable, Hashable {
    /// The entry's path inside the archive, e.g. `apple_health_export/export.xml`.
    public let name: String
    /// Compression method: 0 stored, 8 deflate (others are listed but cannot be read).
    public let compressionMethod: UInt16
    /// General-purpose bit flags (bit 0 encrypted, bit 3 data descriptor, bit 11 UTF-8 name).
    public let flags: UInt16
    /// CRC-32 of the uncompressed data.
    public let crc32: UInt32
    /// Size of the stored (compressed) data in bytes.
    public let compressedSize: UInt64
    /// Size of the uncompressed data in bytes.
    public let uncompressedSize: UInt64
    /// Offset of the entry's local file header.
    public let localHeaderOffset: UInt64
    /// The name's bytes as stored in the central directory (``name`` decodes them as UTF-8), so
    /// the local header's name can be compared byte for byte.
    let rawName: [UInt8]

    /// Whether the entry is a directory (its name ends with `/`).
    public var isDirectory: Bool { name.hasSuffix("/") }

    /// Whether the sizes and CRC follow the data in a data descriptor (flag bit 3). The central
    /// directory always has the final values, which is what this reader uses.
    public var hasDataDescriptor: Bool { flags & 0x0008 != 0 }
}
