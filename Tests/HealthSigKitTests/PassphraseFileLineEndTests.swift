import Foundation
@testable import HealthSigKit
import Testing

/// Second review: "the first line of a file" must also hold for a file with CRLF line ends
/// (Swift treats "\r\n" as one Character, so splitting a String on "\n" never splits there).
@Suite("Passphrase file line ends")
struct PassphraseFileLineEndTests {
    private func passphrase(fileContents: String) throws -> [UInt8]? {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("passphrase-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(fileContents.utf8).write(to: URL(fileURLWithPath: path))
        return try KeyFiles.passphrase(from: .file(path))
    }

    @Test func firstLineOfCRLFFile() throws {
        #expect(try passphrase(fileContents: "secret\r\n") == Array("secret".utf8))
        #expect(try passphrase(fileContents: "secret\r\nsecond line\r\n") == Array("secret".utf8))
        #expect(try passphrase(fileContents: "secret\nsecond\n") == Array("secret".utf8))
        #expect(try passphrase(fileContents: "secret") == Array("secret".utf8))
    }
}
