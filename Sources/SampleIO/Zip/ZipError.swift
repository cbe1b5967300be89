/// Why a zip archive or one of its entries could not be read.
public enum ZipError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No end-of-central-directory record was found: the file is not a zip archive, or its end
    /// is missing (a zip is read from its end, so a cut-off archive looks like this too).
    case notAZipArchive
    /// The file starts like a zip archive (a local file header) but has no end of central
    /// directory record: it was most likely cut off (an interrupted copy or download).
    case truncatedArchive
    /// A structure is inconsistent; `offset` is the byte offset of the structure in the file.
    case malformed(reason: String, offset: UInt64)
    /// The archive spans several disks (split archives are not supported).
    case multiDiskArchive
    /// Two central directory entries have the same name. Tools disagree on which one a name
    /// means (`unzip` and Python's `zipfile` take the last), so the archive is refused rather
    /// than verifying one copy while the user opens the other. `offset` is the second entry's
    /// central directory header.
    case duplicateEntryName(String, offset: UInt64)
    /// Two entry names differ only in letter case: extracted on a case-insensitive file system
    /// (macOS, Windows) the second replaces the first. `offset` is the second entry's central
    /// directory header.
    case entryNamesDifferOnlyInCase(String, String, offset: UInt64)
    /// An entry's local file header names another file than its central directory entry (a
    /// streaming extractor would write the data under the local name). `offset` is the local
    /// header's.
    case localHeaderNameMismatch(entry: String, localName: String, offset: UInt64)
    /// An entry carries an Info-ZIP Unicode Path extra field (header ID 0x7075, which `unzip`
    /// and `zipfile` prefer to the header's name) naming another file. `offset` is the header's.
    case unicodePathMismatch(entry: String, unicodePath: String, offset: UInt64)
    /// No entry with the requested name (or no `export.xml` at all).
    case entryNotFound(name: String)
    /// The entry uses a compression method other than stored (0) or deflate (8).
    case unsupportedCompressionMethod(UInt16, entry: String)
    /// The entry is encrypted (general-purpose flag bit 0).
    case encryptedEntry(String)
    /// The file ends before the entry's data does.
    case truncated(entry: String)
    /// zlib reported corrupt deflate data.
    case corruptDeflateData(entry: String, message: String)
    /// The CRC-32 of the decompressed data differs from the central directory's.
    case crcMismatch(entry: String, expected: UInt32, actual: UInt32)
    /// The decompressed size differs from the central directory's.
    case sizeMismatch(entry: String, expected: UInt64, actual: UInt64)
    /// zlib could not be initialised (out of memory or version mismatch).
    case zlibFailure(code: Int32)

    /// A one-line description.
    public var description: String {
        switch self {
        case .notAZipArchive: "not a zip archive (no end of central directory record)"
        case .malformed(let reason, let offset): "malformed zip archive at offset \(offset): \(reason)"
        case .truncatedArchive: "the zip archive is truncated (it has no end of central directory record)"
        case .multiDiskArchive: "multi-disk (split) zip archives are not supported"
        case .duplicateEntryName(let name, let offset):
            "the zip archive holds two entries named \(name) (the second at offset \(offset)); refusing to guess which one is meant"
        case .entryNamesDifferOnlyInCase(let first, let second, let offset):
            "the zip archive holds entries named \(first) and \(second) (the second at offset \(offset)), one file on a case-insensitive file system; refusing to guess which one is meant"
        case .localHeaderNameMismatch(let entry, let localName, let offset):
            "\(entry): its local file header at offset \(offset) names \(localName) instead"
        case .unicodePathMismatch(let entry, let unicodePath, let offset):
            "\(entry): its Unicode Path extra field (header at offset \(offset)) names \(unicodePath) instead"
        case .entryNotFound(let name): "no entry \(name) in the zip archive"
        case .unsupportedCompressionMethod(let method, let entry): "\(entry): unsupported compression method \(method)"
        case .encryptedEntry(let entry): "\(entry): encrypted entries are not supported"
        case .truncated(let entry): "\(entry): the archive ends before the entry's data"
        case .corruptDeflateData(let entry, let message): "\(entry): corrupt deflate data (\(message))"
        case .crcMismatch(let entry, let expected, let actual):
            "\(entry): CRC-32 mismatch (expected \(String(expected, radix: 16)), got \(String(actual, radix: 16)))"
        case .sizeMismatch(let entry, let expected, let actual):
            "\(entry): size mismatch (expected \(expected) bytes, got \(actual))"
        case .zlibFailure(let code): "zlib initialisation failed (\(code))"
        }
    }
}
