import Foundation
import Testing

/// An empty zip and a UTF-16 export are told apart from broken input: the message says what
/// they are.
@Suite("verify: an empty zip and a UTF-16 export get messages that say what they are")
struct UnusualExportInputTests {
    @Test("an empty zip archive: unreadable, exit 1, named as an empty zip")
    func emptyZip() throws {
        let ws = try DeviceWorkspace()
        // End of central directory record only: signature, counts 0, sizes 0, comment length 0.
        try ws.directory.write("export.zip", bytes: Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)))
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.zip"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("export.zip: an empty zip archive (it holds no files)"), "\(result)")
    }

    @Test("a UTF-16 export.xml: unreadable, exit 1, named as UTF-16 with a way to convert it")
    func utf16Export() throws {
        let ws = try DeviceWorkspace()
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<HealthData locale=\"en_US\">\n</HealthData>\n"
        try ws.directory.write("export.xml", bytes: Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "export.xml"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("export.xml: UTF-16 text (little-endian)"), "\(result)")
        #expect(result.stdout.contains("iconv -f UTF-16 -t UTF-8"))
    }
}
