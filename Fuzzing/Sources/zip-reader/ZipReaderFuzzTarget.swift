import Foundation
import FuzzSupport
import SampleIO

/// export.zip reader: any input, written to a file (the reader works on files), seeded with
/// small stored and deflated archives. Invariants: an entry never hands out more bytes than its
/// central-directory size, an entry read to its end produced exactly that size, and an entry
/// opens only if its data lies inside the file.
@main
enum ZipReaderFuzzer {
    static func main() { FuzzerDriver.run(fuzzZipReader) }
}

private let scratchPath = ScratchFile.path("export.zip")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZipReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    ScratchFile.write(input, to: scratchPath)
    guard let archive = try? ZipArchive(path: scratchPath) else { return 0 }
    Invariant.require(archive.entries.count <= input.count / 46, "more entries than central directory headers fit")
    for entry in archive.entries.prefix(4) {
        guard let source = try? archive.openEntry(entry, chunkSize: 4096) else { continue }
        Invariant.require(entry.compressedSize <= UInt64(input.count), "entry \(entry.name) opened with more data than the file has")
        var produced: UInt64 = 0
        do {
            while let chunk = try source.nextChunk() {
                produced += UInt64(chunk.count)
                Invariant.require(produced <= entry.uncompressedSize,
                                  "entry \(entry.name) produced \(produced) bytes, declared \(entry.uncompressedSize)")
            }
            Invariant.require(produced == entry.uncompressedSize, "entry \(entry.name) ended at \(produced) of \(entry.uncompressedSize) bytes")
        } catch {
            _ = "\(error)"
        }
    }
    _ = try? archive.exportXMLEntry()
    return 0
}
