import Foundation
import Testing
@testable import SampleIO

/// Zip archives are made by Python's `zipfile` (and mutated with `struct`), never by our code.
@Suite("Zip archives")
struct ZipArchiveTests {
    static let entryName = "apple_health_export/export.xml"

    /// Builds `out` from `src` in one of several layouts, optionally damaged; prints facts
    /// (CRC values) the test needs to check the error exactly.
    static let script = #"""
    import sys, zipfile, struct, zlib
    mode, out, src = sys.argv[1], sys.argv[2], sys.argv[3]
    data = open(src, 'rb').read()
    name = 'apple_health_export/export.xml'
    method = zipfile.ZIP_STORED if mode in ('stored', 'stored-flip') else zipfile.ZIP_DEFLATED
    if mode == 'bzip2':
        method = zipfile.ZIP_BZIP2

    class Unseekable:
        def __init__(self, f): self.f = f
        def write(self, b): return self.f.write(b)
        def flush(self): self.f.flush()
        def tell(self): raise OSError('not seekable')

    target = open(out, 'wb')
    sink = Unseekable(target) if mode == 'descriptor' else target
    with zipfile.ZipFile(sink, 'w', method) as z:
        z.writestr('apple_health_export/', b'')
        z.writestr('apple_health_export/export_cda.xml', b'<ClinicalDocument/>')
        if mode == 'zip64-full':
            # Saturate every 32-bit field from here on: ZIP64 extra fields in the central
            # directory and a ZIP64 end of central directory record.
            zipfile.ZIP64_LIMIT = 0
            zipfile.ZIP_FILECOUNT_LIMIT = 0
        if mode == 'zip64-local':
            with z.open(name, 'w', force_zip64=True) as f:
                f.write(data)
        elif mode == 'no-export':
            pass
        elif mode == 'other-name':
            z.writestr('Export/export.xml', data)
        elif mode == 'duplicate':
            # zipfile warns about a duplicate name but writes it; unzip and zipfile then hand
            # out the second entry.
            z.writestr(name, data)
            z.writestr(name, data.replace(b'value="60"', b'value="61"', 1))
        elif mode == 'case-duplicate':
            z.writestr(name, data)
            z.writestr('apple_health_export/Export.xml', data.replace(b'value="60"', b'value="61"', 1))
        elif mode == 'unicode-path':
            info = zipfile.ZipInfo(name)
            other = b'apple_health_export/other.xml'
            info.extra = struct.pack('<HHBI', 0x7075, 5 + len(other), 1, zlib.crc32(name.encode())) + other
            z.writestr(info, data)
        else:
            z.writestr(name, data)
    target.close()

    blob = bytearray(open(out, 'rb').read())
    def central_entry(entry_name):
        eocd = blob.rfind(b'PK\x05\x06')
        offset = struct.unpack_from('<I', blob, eocd + 16)[0]
        while blob[offset:offset + 4] == b'PK\x01\x02':
            n, e, c = struct.unpack_from('<HHH', blob, offset + 28)
            if bytes(blob[offset + 46:offset + 46 + n]) == entry_name.encode():
                return offset
            offset += 46 + n + e + c
        raise SystemExit('entry not found')

    crc = zlib.crc32(data)
    if mode in ('duplicate', 'case-duplicate'):
        first = central_entry(name)
        n, e, c = struct.unpack_from('<HHH', blob, first + 28)
        print(first + 46 + n + e + c)
    elif mode == 'unicode-path':
        print(central_entry(name))
    elif mode == 'local-name':
        # Same length, another name, in the local header only.
        local = struct.unpack_from('<I', blob, central_entry(name) + 42)[0]
        blob[local + 30:local + 30 + len(name)] = b'apple_health_export/EXPORT.xml'
        print(local)
    elif mode == 'corrupt-crc':
        struct.pack_into('<I', blob, central_entry(name) + 16, crc ^ 0xFFFFFFFF)
        print(crc)
    elif mode == 'stored-flip':
        at = blob.find(data[:64]) + len(data) // 2
        blob[at] ^= 0x01
        mutated = bytes(blob[blob.find(data[:64]):blob.find(data[:64]) + len(data)])
        print(crc, zlib.crc32(mutated))
    elif mode == 'short-deflate':
        cd = central_entry(name)
        size = struct.unpack_from('<I', blob, cd + 20)[0]
        struct.pack_into('<I', blob, cd + 20, size // 2)
    elif mode == 'huge-size':
        struct.pack_into('<I', blob, central_entry(name) + 20, 0x7FFFFFFF)
    elif mode == 'cut':
        blob = blob[:len(blob) * 6 // 10]
    open(out, 'wb').write(bytes(blob))
    """#

    /// A ~1.5 MB export so that entries span many chunks.
    static let content: [UInt8] = {
        var text = ExportFixtures.generatedHeader
        for index in 0..<4000 { text += ExportFixtures.heartRateRecord(index) }
        return Array((text + ExportFixtures.generatedFooter).utf8)
    }()

    private func makeZip(_ mode: String, in directory: TemporaryDirectory) throws -> (path: String, output: String) {
        let source = try directory.write("export.xml", bytes: Self.content)
        let path = directory.file("\(mode).zip")
        let output = try runPython(Self.script, [mode, path, source])
        return (path, output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func readExport(_ path: String, chunkSize: Int = 256 * 1024) throws -> [UInt8] {
        var source = try ZipArchive(path: path).openExportXML(chunkSize: chunkSize)
        return try drain(&source)
    }

    @Test(arguments: ["deflated", "stored", "zip64-local", "zip64-full", "descriptor"])
    func streamsTheExportEntry(mode: String) throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip(mode, in: directory)
        let archive = try ZipArchive(path: zip.path)
        #expect(archive.entries.map(\.name) == ["apple_health_export/", "apple_health_export/export_cda.xml", Self.entryName])
        let entry = try archive.exportXMLEntry()
        #expect(entry.name == Self.entryName)
        #expect(entry.uncompressedSize == UInt64(Self.content.count))
        #expect(entry.compressionMethod == (mode == "stored" ? 0 : 8))
        #expect(entry.hasDataDescriptor == (mode == "descriptor"))
        #expect(try readExport(zip.path) == Self.content)
        #expect(try readExport(zip.path, chunkSize: 4096) == Self.content)
    }

    @Test func zip64FullUsesExtraFieldsAndZip64EndRecord() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("zip64-full", in: directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: zip.path))
        // The archive really is ZIP64: it has the ZIP64 end record and locator signatures.
        #expect(bytes.range(of: Data([0x50, 0x4B, 0x06, 0x06])) != nil)
        #expect(bytes.range(of: Data([0x50, 0x4B, 0x06, 0x07])) != nil)
        let archive = try ZipArchive(path: zip.path)
        #expect(archive.entries[2].localHeaderOffset > 0)
        #expect(try readExport(zip.path) == Self.content)
    }

    @Test func readerReadsItemsFromZip() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("deflated", in: directory)
        let reader = ExportXMLReader(source: try ExportInput.openExportXML(path: zip.path))
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 4000)
        // The same path detection gives the plain file for XML.
        let plain = ExportXMLReader(source: try ExportInput.openExportXML(path: directory.file("export.xml")))
        #expect(try plain.next()?.value == "60")
    }

    @Test func findsExportXMLByLastComponent() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("other-name", in: directory)
        #expect(try ZipArchive(path: zip.path).exportXMLEntry().name == "Export/export.xml")
        #expect(try readExport(zip.path) == Self.content)
    }

    @Test func missingEntry() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("no-export", in: directory)
        #expect(throws: ZipError.entryNotFound(name: Self.entryName)) { try ZipArchive(path: zip.path).exportXMLEntry() }
    }

    @Test func crcMismatchInCentralDirectory() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("corrupt-crc", in: directory)
        let crc = try #require(UInt32(zip.output))
        #expect(throws: ZipError.crcMismatch(entry: Self.entryName, expected: crc ^ 0xFFFF_FFFF, actual: crc)) {
            _ = try readExport(zip.path)
        }
    }

    @Test func crcMismatchFromDamagedStoredData() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("stored-flip", in: directory)
        let values = zip.output.split(separator: " ").compactMap { UInt32($0) }
        try #require(values.count == 2)
        #expect(throws: ZipError.crcMismatch(entry: Self.entryName, expected: values[0], actual: values[1])) {
            _ = try readExport(zip.path)
        }
    }

    @Test func truncatedArchiveAndEntry() throws {
        let directory = try TemporaryDirectory()
        let cut = try makeZip("cut", in: directory)
        #expect(throws: ZipError.truncatedArchive) { _ = try ZipArchive(path: cut.path) }
        let short = try makeZip("short-deflate", in: directory)
        #expect(throws: ZipError.truncated(entry: Self.entryName)) { _ = try readExport(short.path) }
        let huge = try makeZip("huge-size", in: directory)
        #expect(throws: ZipError.truncated(entry: Self.entryName)) { _ = try readExport(huge.path) }
    }

    @Test func twoEntriesOfTheSameNameAreRefused() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("duplicate", in: directory)
        let secondHeader = try #require(UInt64(zip.output))
        #expect(throws: ZipError.duplicateEntryName(Self.entryName, offset: secondHeader)) { _ = try ZipArchive(path: zip.path) }
        #expect(throws: ZipError.duplicateEntryName(Self.entryName, offset: secondHeader)) {
            _ = try ExportInput.openExportXML(path: zip.path)
        }
    }

    @Test func entryNamesDifferingOnlyInCaseAreRefused() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("case-duplicate", in: directory)
        let secondHeader = try #require(UInt64(zip.output))
        #expect(throws: ZipError.entryNamesDifferOnlyInCase(Self.entryName, "apple_health_export/Export.xml", offset: secondHeader)) {
            _ = try ZipArchive(path: zip.path)
        }
    }

    @Test func localHeaderNamingAnotherFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("local-name", in: directory)
        let localHeader = try #require(UInt64(zip.output))
        #expect(throws: ZipError.localHeaderNameMismatch(entry: Self.entryName, localName: "apple_health_export/EXPORT.xml",
                                                         offset: localHeader)) {
            _ = try ZipArchive(path: zip.path)
        }
    }

    @Test func unicodePathExtraFieldNamingAnotherFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("unicode-path", in: directory)
        let centralHeader = try #require(UInt64(zip.output))
        #expect(throws: ZipError.unicodePathMismatch(entry: Self.entryName, unicodePath: "apple_health_export/other.xml",
                                                     offset: centralHeader)) {
            _ = try ZipArchive(path: zip.path)
        }
    }

    @Test func unsupportedMethodAndNotAZip() throws {
        let directory = try TemporaryDirectory()
        let zip = try makeZip("bzip2", in: directory)
        #expect(throws: ZipError.unsupportedCompressionMethod(12, entry: Self.entryName)) { _ = try readExport(zip.path) }
        let text = try directory.write("plain.txt", "definitely not a zip archive, just some text that is long enough")
        #expect(throws: ZipError.notAZipArchive) { _ = try ZipArchive(path: text) }
        let tiny = try directory.write("tiny.zip", "PK")
        #expect(throws: ZipError.notAZipArchive) { _ = try ZipArchive(path: tiny) }
    }
}
