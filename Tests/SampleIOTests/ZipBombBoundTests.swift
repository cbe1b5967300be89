import Foundation
import Testing
@testable import SampleIO

/// Inflated output must never run past the size the central directory declares.
@Suite("Zip entries never inflate past their declared size")
struct ZipBombBoundTests {
    /// 8 MiB of zeros deflated (about 8 KB), with the central directory claiming 100 bytes.
    static let script = #"""
    import sys, zipfile, struct
    out = sys.argv[1]
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
        z.writestr('apple_health_export/export.xml', b'\0' * (8 * 1024 * 1024))
    blob = bytearray(open(out, 'rb').read())
    cd = blob.rfind(b'PK\x01\x02')
    struct.pack_into('<I', blob, cd + 24, 100)
    open(out, 'wb').write(bytes(blob))
    """#

    @Test func inflatedBytesStopAtTheDeclaredSize() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("bomb.zip")
        try runPython(Self.script, [path])
        let source = try ZipArchive(path: path).openExportXML(chunkSize: 4096)
        var delivered = 0
        var thrown: Error?
        do {
            while let chunk = try source.nextChunk() { delivered += chunk.count }
        } catch {
            thrown = error
        }
        // Nothing beyond the declared 100 bytes may reach the XML tokenizer.
        #expect(delivered <= 100)
        guard case .sizeMismatch(let entry, let expected, _)? = thrown as? ZipError else {
            Issue.record("expected sizeMismatch, got \(String(describing: thrown))")
            return
        }
        #expect(entry == "apple_health_export/export.xml")
        #expect(expected == 100)
        // After the error the source stays finished.
        #expect(try source.nextChunk() == nil)
    }
}
