import Foundation
import Testing
import VectorTestSupport
@testable import HealthSigKit

/// The certificate-based `cms.json` tests checked with `openssl cms -verify`, an implementation
/// independent of this package: valid ones must verify, bad-signature ones must not.
@Suite("Vector suite: openssl interop")
struct VectorOpenSSLInteropTests {
    static let openssl = "/usr/bin/openssl"

    struct CMSTest: Sendable, CustomStringConvertible {
        let tcId: Int
        let comment: String
        let signature: Data
        let verdict: String
        let trustedCertificate: String
        var description: String { "tcId \(tcId): \(comment)" }
    }

    /// Tests of the certificate groups whose signer certificate OpenSSL can find: embedded, or
    /// the trusted one itself.
    static func tests() throws -> [CMSTest] {
        let url = VectorTestSupport.committedDirectory.appendingPathComponent("cms.json")
        let groups = try VectorTestSupport.readObject(url)["testGroups"] as? [[String: Any]] ?? []
        var out: [CMSTest] = []
        for group in groups {
            guard let key = group["key"] as? [String: Any], let certificate = key["certificatePem"] as? String else { continue }
            for test in group["tests"] as? [[String: Any]] ?? [] {
                guard let id = test["tcId"] as? Int, let verdict = test["verdict"] as? String,
                      verdict == "valid" || verdict == "bad-signature",
                      test["detachedContent"] == nil,
                      let text = test["signature"] as? String, let der = Data(base64Encoded: text) else { continue }
                out.append(CMSTest(tcId: id, comment: test["comment"] as? String ?? "", signature: der, verdict: verdict,
                                   trustedCertificate: certificate))
            }
        }
        return out
    }

    @Test("openssl cms -verify agrees with valid and bad-signature tests", arguments: try tests())
    func opensslAgrees(test: CMSTest) throws {
        let directory = try VectorTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let signature = directory.appendingPathComponent("signature.der")
        let trusted = directory.appendingPathComponent("trusted.pem")
        try test.signature.write(to: signature)
        try Data(test.trustedCertificate.utf8).write(to: trusted)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.openssl)
        // -certfile: the trusted certificate also serves to find a signer named by it when the
        // SignedData embeds none; -purpose any: the TEST certificates carry no extended key usage.
        process.arguments = ["cms", "-verify", "-binary", "-inform", "DER", "-in", signature.path,
                             "-CAfile", trusted.path, "-certfile", trusted.path, "-purpose", "any",
                             "-out", directory.appendingPathComponent("content").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if test.verdict == "valid" {
            #expect(process.terminationStatus == 0, "openssl refused \(test)")
        } else {
            #expect(process.terminationStatus != 0, "openssl accepted \(test)")
        }
    }
}
