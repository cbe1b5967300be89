/// A zip archive read from its central directory, as written by the Health app's
/// "Export All Health Data" (`export.zip`).
///
/// Reading follows PKWARE's APPNOTE.TXT (6.3.x):
/// - the end of central directory record (4.3.16) is searched in the last 65,557 bytes (22-byte
///   record plus a comment of at most 65,535 bytes);
/// - a ZIP64 end of central directory locator (4.3.15) right before it leads to the ZIP64 record
///   (4.3.14), whose 64-bit counts and offsets win: real exports exceed 4 GB;
/// - each central directory header (4.3.12) may carry a ZIP64 extended information extra field
///   (4.5.3, header ID 0x0001) holding, in order, only those of uncompressed size, compressed
///   size and local header offset whose 32-bit field is 0xFFFFFFFF;
/// - sizes and CRC are taken from the central directory, so entries written with a data
///   descriptor (flag bit 3, 4.3.9) need no special handling;
/// - a name must mean one file whoever reads it: an archive with two entries of the same name
///   (or of names differing only in letter case), a local file header (4.3.7) naming another
///   file than its central directory entry, or an
///   Info-ZIP Unicode Path extra field (4.6.9, header ID 0x7075) naming another file, is
///   refused, since other tools would hand the user different bytes than the ones verified.
///
/// Only the central directory is held in memory (capped at ``maximumCentralDirectorySize``);
/// entry data is streamed by ``ZipEntryChunkSource``.
public final class ZipArchive {
    /// The path of the preferred export entry.
    public static let exportXMLEntryName = "apple_health_export/export.xml"
    /// The largest central directory accepted (about 500,000 entries); a bigger claim is refused
    /// rather than allocated.
    public static let maximumCentralDirectorySize: UInt64 = 64 * 1024 * 1024

    /// The archive's path.
    public var path: String { file.path }
    /// The entries in central-directory order.
    public let entries: [ZipEntry]
    let file: RandomAccessFile

    // Record signatures (APPNOTE.TXT 4.3.7, 4.3.12, 4.3.14–4.3.16).
    static let localHeaderSignature: UInt32 = 0x0403_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let endOfCentralDirectorySignature: UInt32 = 0x0605_4B50
    static let zip64EndOfCentralDirectorySignature: UInt32 = 0x0606_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50

    /// Opens the archive at `path` and reads its central directory.
    ///
    /// - Throws: ``ZipError`` for structural problems, ``FileReadError`` for I/O failures.
    public init(path: String) throws {
        let file = try RandomAccessFile(path: path)
        self.file = file
        let entries = try Self.readCentralDirectory(of: file)
        try Self.checkLocalHeaderNames(of: entries, in: file)
        self.entries = entries
    }

    /// The entry named `name`, or `nil`.
    public func entry(named name: String) -> ZipEntry? {
        entries.first { $0.name == name }
    }

    /// The export's `export.xml`: `apple_health_export/export.xml` if present; otherwise the
    /// first entry whose last path component is `export.xml`; otherwise the first entry whose
    /// name ends in `export.xml`.
    ///
    /// - Throws: ``ZipError/entryNotFound(name:)``.
    public func exportXMLEntry() throws(ZipError) -> ZipEntry {
        if let exact = entry(named: Self.exportXMLEntryName) { return exact }
        let files = entries.filter { !$0.isDirectory }
        if let byComponent = files.first(where: { $0.name == "export.xml" || $0.name.hasSuffix("/export.xml") }) {
            return byComponent
        }
        if let bySuffix = files.first(where: { $0.name.hasSuffix("export.xml") }) { return bySuffix }
        throw .entryNotFound(name: Self.exportXMLEntryName)
    }

    /// A streaming source of `entry`'s uncompressed bytes, checked against its CRC-32 and size
    /// when the last byte has been read.
    ///
    /// - Throws: ``ZipError`` when the entry is encrypted, uses another method than stored or
    ///   deflate, or its local header is damaged.
    public func openEntry(_ entry: ZipEntry, chunkSize: Int = 256 * 1024) throws -> ZipEntryChunkSource {
        try ZipEntryChunkSource(file: file, entry: entry, chunkSize: chunkSize)
    }

    /// Shortcut for `openEntry(exportXMLEntry())`.
    public func openExportXML(chunkSize: Int = 256 * 1024) throws -> ZipEntryChunkSource {
        try openEntry(exportXMLEntry(), chunkSize: chunkSize)
    }

    // MARK: - Central directory

    /// Where the central directory is and how many entries it claims.
    struct DirectoryLocation {
        var entryCount: UInt64
        var size: UInt64
        var offset: UInt64
        /// Offset of the first end record (ZIP64 or classic): the directory must end before it.
        var endRecordOffset: UInt64
    }

    static func readCentralDirectory(of file: RandomAccessFile) throws -> [ZipEntry] {
        let location = try locateCentralDirectory(in: file)
        guard location.size <= maximumCentralDirectorySize else {
            throw ZipError.malformed(reason: "central directory of \(location.size) bytes is too large", offset: location.offset)
        }
        guard location.offset <= location.endRecordOffset, location.size <= location.endRecordOffset - location.offset else {
            throw ZipError.malformed(reason: "central directory lies outside the archive", offset: location.offset)
        }
        let directory = try file.read(at: location.offset, count: Int(location.size))
        guard UInt64(directory.count) == location.size else { throw ZipError.notAZipArchive }

        var entries: [ZipEntry] = []
        var names = Set<String>()
        var foldedNames: [String: String] = [:]
        var position = 0
        while position < directory.count {
            let headerOffset = location.offset + UInt64(position)
            guard directory.count - position >= 46,
                  directory.littleEndianUInt32(at: position) == centralHeaderSignature else {
                throw ZipError.malformed(reason: "bad central directory header", offset: headerOffset)
            }
            let flags = directory.littleEndianUInt16(at: position + 8)
            let method = directory.littleEndianUInt16(at: position + 10)
            let crc = directory.littleEndianUInt32(at: position + 16)
            var compressedSize = UInt64(directory.littleEndianUInt32(at: position + 20))
            var uncompressedSize = UInt64(directory.littleEndianUInt32(at: position + 24))
            let nameLength = Int(directory.littleEndianUInt16(at: position + 28))
            let extraLength = Int(directory.littleEndianUInt16(at: position + 30))
            let commentLength = Int(directory.littleEndianUInt16(at: position + 32))
            let diskStart = directory.littleEndianUInt16(at: position + 34)
            var localHeaderOffset = UInt64(directory.littleEndianUInt32(at: position + 42))
            let variableStart = position + 46
            guard directory.count - variableStart >= nameLength + extraLength + commentLength else {
                throw ZipError.malformed(reason: "central directory header runs past the directory", offset: headerOffset)
            }
            let rawName = Array(directory[variableStart..<variableStart + nameLength])
            let name = String(decoding: rawName, as: UTF8.self)
            let extra = Array(directory[variableStart + nameLength..<variableStart + nameLength + extraLength])
            if let unicodePath = unicodePathName(in: extra), unicodePath != rawName {
                throw ZipError.unicodePathMismatch(entry: name, unicodePath: String(decoding: unicodePath, as: UTF8.self),
                                                   offset: headerOffset)
            }

            // ZIP64 extended information (APPNOTE 4.5.3): only the saturated fields are present.
            let needsUncompressed = uncompressedSize == 0xFFFF_FFFF
            let needsCompressed = compressedSize == 0xFFFF_FFFF
            let needsOffset = localHeaderOffset == 0xFFFF_FFFF
            if needsUncompressed || needsCompressed || needsOffset {
                guard let zip64 = extraField(id: 0x0001, in: extra) else {
                    throw ZipError.malformed(reason: "\(name): 32-bit field saturated but no ZIP64 extra field", offset: headerOffset)
                }
                var cursor = 0
                func next() throws -> UInt64 {
                    guard zip64.count - cursor >= 8 else {
                        throw ZipError.malformed(reason: "\(name): ZIP64 extra field too short", offset: headerOffset)
                    }
                    defer { cursor += 8 }
                    return zip64.littleEndianUInt64(at: cursor)
                }
                if needsUncompressed { uncompressedSize = try next() }
                if needsCompressed { compressedSize = try next() }
                if needsOffset { localHeaderOffset = try next() }
            }
            guard diskStart == 0 || diskStart == 0xFFFF else { throw ZipError.multiDiskArchive }
            // Names compare as Swift strings (canonical equivalence), so two spellings of one
            // name that a file system may merge are refused too; so are names that differ only
            // in letter case, which a case-insensitive file system merges.
            guard names.insert(name).inserted else { throw ZipError.duplicateEntryName(name, offset: headerOffset) }
            if let first = foldedNames.updateValue(name, forKey: name.lowercased()) {
                throw ZipError.entryNamesDifferOnlyInCase(first, name, offset: headerOffset)
            }
            entries.append(ZipEntry(name: name, compressionMethod: method, flags: flags, crc32: crc,
                                    compressedSize: compressedSize, uncompressedSize: uncompressedSize,
                                    localHeaderOffset: localHeaderOffset, rawName: rawName))
            position = variableStart + nameLength + extraLength + commentLength
        }
        guard UInt64(entries.count) == location.entryCount else {
            throw ZipError.malformed(reason: "directory holds \(entries.count) entries, end record says \(location.entryCount)",
                                     offset: location.offset)
        }
        return entries
    }

    /// Finds the end of central directory record, and the ZIP64 record if there is one.
    static func locateCentralDirectory(in file: RandomAccessFile) throws -> DirectoryLocation {
        let fixedLength: UInt64 = 22
        guard file.size >= fixedLength else { throw ZipError.notAZipArchive }
        let tailLength = min(file.size, fixedLength + 0xFFFF)
        let tailStart = file.size - tailLength
        let tail = try file.read(at: tailStart, count: Int(tailLength))
        guard UInt64(tail.count) == tailLength else { throw ZipError.notAZipArchive }

        // Search backwards for a signature whose comment length reaches exactly the end of file,
        // so a signature-like sequence inside the comment is not mistaken for the record.
        var found: Int? = nil
        var candidate = tail.count - Int(fixedLength)
        while candidate >= 0 {
            if tail.littleEndianUInt32(at: candidate) == endOfCentralDirectorySignature {
                let commentLength = Int(tail.littleEndianUInt16(at: candidate + 20))
                if candidate + Int(fixedLength) + commentLength == tail.count {
                    found = candidate
                    break
                }
            }
            candidate -= 1
        }
        guard let record = found else {
            let head = try file.read(at: 0, count: 4)
            throw head == [0x50, 0x4B, 0x03, 0x04] ? ZipError.truncatedArchive : ZipError.notAZipArchive
        }
        let recordOffset = tailStart + UInt64(record)
        let diskNumber = tail.littleEndianUInt16(at: record + 4)
        let directoryDisk = tail.littleEndianUInt16(at: record + 6)
        var location = DirectoryLocation(
            entryCount: UInt64(tail.littleEndianUInt16(at: record + 10)),
            size: UInt64(tail.littleEndianUInt32(at: record + 12)),
            offset: UInt64(tail.littleEndianUInt32(at: record + 16)),
            endRecordOffset: recordOffset)

        // ZIP64 end of central directory locator: 20 bytes right before the classic record.
        if recordOffset >= 20 {
            let locator = try file.read(at: recordOffset - 20, count: 20)
            if locator.count == 20, locator.littleEndianUInt32(at: 0) == zip64LocatorSignature {
                let zip64Offset = locator.littleEndianUInt64(at: 8)
                let totalDisks = locator.littleEndianUInt32(at: 16)
                guard totalDisks <= 1 else { throw ZipError.multiDiskArchive }
                guard zip64Offset <= recordOffset - 20, recordOffset - 20 - zip64Offset >= 56 else {
                    throw ZipError.malformed(reason: "ZIP64 end record offset out of range", offset: recordOffset - 20)
                }
                let zip64 = try file.read(at: zip64Offset, count: 56)
                guard zip64.count == 56, zip64.littleEndianUInt32(at: 0) == zip64EndOfCentralDirectorySignature else {
                    throw ZipError.malformed(reason: "missing ZIP64 end of central directory record", offset: zip64Offset)
                }
                guard zip64.littleEndianUInt32(at: 16) == 0, zip64.littleEndianUInt32(at: 20) == 0 else {
                    throw ZipError.multiDiskArchive
                }
                location = DirectoryLocation(entryCount: zip64.littleEndianUInt64(at: 32),
                                             size: zip64.littleEndianUInt64(at: 40),
                                             offset: zip64.littleEndianUInt64(at: 48),
                                             endRecordOffset: zip64Offset)
                return location
            }
        }
        guard (diskNumber == 0 && directoryDisk == 0) else { throw ZipError.multiDiskArchive }
        return location
    }

    /// Checks that every entry's local file header (APPNOTE 4.3.7: 30 fixed bytes, then the
    /// name) names the same bytes as its central directory entry: a streaming extractor reads
    /// the local header, and would write the data under that name. One small read per entry.
    static func checkLocalHeaderNames(of entries: [ZipEntry], in file: RandomAccessFile) throws {
        for entry in entries {
            let header = try file.read(at: entry.localHeaderOffset, count: 30)
            guard header.count == 30, header.littleEndianUInt32(at: 0) == localHeaderSignature else {
                throw ZipError.malformed(reason: "\(entry.name): bad local file header", offset: entry.localHeaderOffset)
            }
            let nameLength = Int(header.littleEndianUInt16(at: 26))
            let localName = try file.read(at: entry.localHeaderOffset + 30, count: nameLength)
            guard localName == entry.rawName else {
                throw ZipError.localHeaderNameMismatch(entry: entry.name, localName: String(decoding: localName, as: UTF8.self),
                                                       offset: entry.localHeaderOffset)
            }
            let extraLength = Int(header.littleEndianUInt16(at: 28))
            let extra = try file.read(at: entry.localHeaderOffset + 30 + UInt64(nameLength), count: extraLength)
            if let unicodePath = unicodePathName(in: extra), unicodePath != entry.rawName {
                throw ZipError.unicodePathMismatch(entry: entry.name, unicodePath: String(decoding: unicodePath, as: UTF8.self),
                                                   offset: entry.localHeaderOffset)
            }
        }
    }

    /// The name in an Info-ZIP Unicode Path extra field (APPNOTE 4.6.9: version 1, CRC-32 of
    /// the header's name, UTF-8 name), or `nil` when there is none. A field too short to hold
    /// its version and CRC is returned as an empty name, which matches no entry's name.
    static func unicodePathName(in extra: [UInt8]) -> [UInt8]? {
        guard let field = extraField(id: 0x7075, in: extra) else { return nil }
        return field.count >= 5 ? Array(field[5...]) : []
    }

    /// The data of the extra field with header ID `id` (APPNOTE 4.5.1: id, size, data).
    static func extraField(id: UInt16, in extra: [UInt8]) -> [UInt8]? {
        var position = 0
        while extra.count - position >= 4 {
            let fieldID = extra.littleEndianUInt16(at: position)
            let size = Int(extra.littleEndianUInt16(at: position + 2))
            let dataStart = position + 4
            guard extra.count - dataStart >= size else { return nil }
            if fieldID == id { return Array(extra[dataStart..<dataStart + size]) }
            position = dataStart + size
        }
        return nil
    }
}
