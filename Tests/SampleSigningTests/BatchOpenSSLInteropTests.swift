import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// The batch signature is a profile SignedData that the real `openssl cms -verify` accepts as
/// it is, given the device certificate, and whose content it hands back byte for byte.
@Suite("Batch signatures and openssl")
struct BatchOpenSSLInteropTests {
    @Test("openssl cms -verify accepts a batch signature given the device certificate and returns the manifest")
    func opensslVerifiesBatchSignature() throws {
        let key = try Fixtures.deviceKey()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Batch Device,O=healthsig", days: 30)
        let signed = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 20, interval: 5), count: 20)
        let carrier = try #require(signed.last)
        let text = try #require(BatchFixtures.text(carrier, BatchReference.signatureMetadataKey))
        let der = Array(try #require(Data(base64Encoded: text)))
        let manifest = try #require(try CMSSignedDataView(derEncoded: der).content)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("batch-openssl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(der).write(to: directory.appendingPathComponent("batch.der"))
        try Data(Self.pem(certificate.derEncoded).utf8).write(to: directory.appendingPathComponent("device.pem"))

        let (status, stderr) = try Self.openssl(["cms", "-verify", "-inform", "DER", "-in", "batch.der", "-binary",
                                                 "-noverify", "-certfile", "device.pem", "-out", "manifest.der"], in: directory)
        #expect(status == 0, "openssl: \(stderr)")
        #expect(stderr.contains("Verification successful"))
        let extracted = Array(try Data(contentsOf: directory.appendingPathComponent("manifest.der")))
        #expect(extracted == manifest)
        #expect(try BatchManifest(derEncoded: extracted).records.count == 20)

        // The same command refuses the signature once one octet of the manifest changes.
        var tampered = der
        let at = try #require(Self.range(of: manifest, in: der)).lowerBound + manifest.count - 1
        tampered[at] ^= 0x01
        try Data(tampered).write(to: directory.appendingPathComponent("tampered.der"))
        let (refused, _) = try Self.openssl(["cms", "-verify", "-inform", "DER", "-in", "tampered.der", "-binary",
                                             "-noverify", "-certfile", "device.pem", "-out", "x.der"], in: directory)
        #expect(refused != 0)
    }

    static func pem(_ der: [UInt8]) -> String {
        let body = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN CERTIFICATE-----\n\(body)\n-----END CERTIFICATE-----\n"
    }

    static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start..<start + needle.count
        }
        return nil
    }

    /// Runs /usr/bin/openssl with its output in files (no pipe can fill up).
    static func openssl(_ arguments: [String], in directory: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errURL = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errURL.path, contents: nil) else { throw Failure("cannot create \(errURL.path)") }
        let err = try FileHandle(forWritingTo: errURL)
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try err.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
