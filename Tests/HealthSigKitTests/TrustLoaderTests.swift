import CryptoBackend
import Foundation
@testable import HealthSigKit
import Testing

/// Trust directories skip files that hold only private keys (keygen writes NAME.key.pem beside
/// NAME.pub.pem), whatever their line ends; a file mixing a private key with public material
/// is refused, never silently skipped.
@Suite("Trust loader")
struct TrustLoaderTests {
    private static func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }

    private static func directory(_ files: [String: String]) throws -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: (path as NSString).appendingPathComponent(name)))
        }
        return path
    }

    @Test("a CRLF file holding only a private key is skipped; the public key beside it is trusted")
    func privateOnlyCRLFFileSkipped() throws {
        let key = try P256PrivateKey.generate()
        let path = try Self.directory(["device.key.pem": Self.crlf(try key.pkcs8PEM()),
                                       "device.pub.pem": Self.crlf(key.publicKey.pemString)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trust = try TrustLoader.load([path])
        #expect(trust.publicKeys == [key.publicKey])
    }

    @Test("a subdirectory with a trust-file name is not read")
    func subdirectorySkipped() throws {
        let key = try P256PrivateKey.generate()
        let path = try Self.directory(["device.pub.pem": key.publicKey.pemString])
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.createDirectory(atPath: (path as NSString).appendingPathComponent("old.pem"),
                                                withIntermediateDirectories: false)
        var skipped: [TrustLoader.SkippedEntry] = []
        #expect(try TrustLoader.load([path]) { skipped.append($0) }.publicKeys == [key.publicKey])
        #expect(skipped.map(\.kind) == ["a directory"])
    }

    @Test("a FIFO or a device with a trust-file name is skipped and reported, never opened (a FIFO would block)")
    func nonRegularEntriesSkippedAndReported() throws {
        let key = try P256PrivateKey.generate()
        let path = try Self.directory(["device.pub.pem": key.publicKey.pemString])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fifo = (path as NSString).appendingPathComponent("x.pem")
        let zero = (path as NSString).appendingPathComponent("zero.crt")
        #expect(mkfifo(fifo, 0o644) == 0)
        // The zero device's numbers (1,5), made here: reading it would never end.
        #expect(mknod(zero, S_IFCHR | 0o644, dev_t(1 << 8 | 5)) == 0, "mknod needs root, as the suite runs in CI")
        var skipped: [TrustLoader.SkippedEntry] = []
        let trust = try TrustLoader.load([path]) { skipped.append($0) }
        #expect(trust.publicKeys == [key.publicKey])
        #expect(skipped == [TrustLoader.SkippedEntry(path: fifo, kind: "a FIFO"),
                            TrustLoader.SkippedEntry(path: zero, kind: "a character device")])
        #expect(skipped.first?.description == "skipping \(fifo) in a trust directory: a FIFO, not a regular file")
    }

    @Test("a CRLF file mixing a private key with a public key is refused, as with LF", arguments: [false, true])
    func mixedFileRefused(crlf: Bool) throws {
        let key = try P256PrivateKey.generate()
        let mixed = try key.pkcs8PEM() + key.publicKey.pemString
        let path = try Self.directory(["mixed.pem": crlf ? Self.crlf(mixed) : mixed])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try TrustLoader.load([path])
        } throws: { error in
            guard case ToolError.keyMaterial(let file, _) = error else { return false }
            return file.hasSuffix("mixed.pem")
        }
    }
}
