import Foundation
import Testing
import VectorTestSupport
@testable import HealthSigKit

/// `timestamps.json`: every token checked with `openssl ts -verify`, an implementation independent
/// of this package, and every expectation shown able to fail in the library's checker.
@Suite("Vector suite: timestamps")
struct TimestampVectorCheckTests {
    static let openssl = "/usr/bin/openssl"
    static let file = VectorTestSupport.committedDirectory.appendingPathComponent("timestamps.json")

    struct TokenTest: Sendable, CustomStringConvertible {
        let tcId: Int
        let comment: String
        let flags: [String]
        let signature: String
        let token: String
        let tsaTrust: [String]
        let timestamp: String
        var description: String { "tcId \(tcId): \(comment)" }
    }

    static func tests() throws -> [TokenTest] {
        try VectorTestSupport.tests(file).map { test in
            TokenTest(tcId: test["tcId"] as? Int ?? 0, comment: test["comment"] as? String ?? "",
                      flags: test["flags"] as? [String] ?? [], signature: test["signature"] as? String ?? "",
                      token: test["token"] as? String ?? "", tsaTrust: test["tsaTrust"] as? [String] ?? [],
                      timestamp: test["timestamp"] as? String ?? "")
        }
    }

    @Test("openssl ts -verify accepts exactly the trusted tokens, and the one whose only fault is a non-DER length",
          arguments: try tests())
    func opensslAgrees(test: TokenTest) throws {
        let directory = try VectorTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let signature = directory.appendingPathComponent("signature.der")
        let token = directory.appendingPathComponent("token.der")
        let trusted = directory.appendingPathComponent("tsa-trust.pem")
        try Data(try #require(VectorHex.decode(test.signature))).write(to: signature)
        try Data(try #require(VectorHex.decode(test.token))).write(to: token)
        // No TSA trusted: a certificate unrelated to every TSA of the suite.
        let unrelated = try String(contentsOf: VectorTestSupport.committedDirectory
            .appendingPathComponent("test-keys/TEST-ONLY-signer-b.cert.pem"), encoding: .utf8)
        try Data((test.tsaTrust.isEmpty ? unrelated : test.tsaTrust.joined()).utf8).write(to: trusted)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.openssl)
        // -partial_chain: a trusted TSA certificate that is not self-signed ends the chain, as
        // `verify --tsa-trust TSA.cert.pem` accepts it.
        process.arguments = ["ts", "-verify", "-data", signature.path, "-in", token.path, "-token_in",
                             "-CAfile", trusted.path, "-partial_chain"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        // OpenSSL reads BER, so a token whose only fault is a length in too many octets verifies
        // there; healthsig refuses it (docs/TRUST.md: DER throughout).
        let opensslAccepts = test.timestamp == "trusted" || test.flags.contains("NotDER")
        #expect((process.terminationStatus == 0) == opensslAccepts, "\(test): openssl exited \(process.terminationStatus)")
    }

    @Test("flipping any test's timestamp, a reading's verdict or its deviceClockAhead fails exactly that test")
    func everyExpectationCanFail() throws {
        let tests = try VectorTestSupport.tests(Self.file)
        for (name, flip) in [("timestamp", Self.flipTimestamp), ("verdict", Self.flipVerdicts), ("deviceClockAhead", Self.flipAhead)] {
            let copy = try VectorTestSupport.copyOfCommitted()
            defer { VectorTestSupport.remove(copy) }
            let url = copy.appendingPathComponent("timestamps.json")
            var document = try VectorTestSupport.readObject(url)
            var groups = try #require(document["testGroups"] as? [[String: Any]])
            for index in groups.indices {
                groups[index]["tests"] = (groups[index]["tests"] as? [[String: Any]] ?? []).map(flip)
            }
            document["testGroups"] = groups
            try VectorTestSupport.writeObject(document, to: url)
            let report = try VectorSuite.check(directory: copy.path)
            #expect(report.failed == tests.count, "\(name): \(report.failures)")
            for test in tests {
                let id = try #require(test["tcId"] as? Int)
                #expect(report.failures.contains { $0.hasPrefix("timestamps.json tcId \(id): ") }, "\(name): tcId \(id)")
            }
        }
    }

    @Sendable static func flipTimestamp(_ test: [String: Any]) -> [String: Any] {
        var test = test
        if test["timestamp"] as? String == "trusted" {
            test["timestamp"] = "timestamp-untrusted-tsa"
            test["genTime"] = nil
        } else {
            test["timestamp"] = "trusted"
            test["genTime"] = "2027-01-20T12:00:00Z"
        }
        return test
    }

    @Sendable static func flipVerdicts(_ test: [String: Any]) -> [String: Any] {
        var test = test
        test["readings"] = (test["readings"] as? [[String: Any]] ?? []).map { reading in
            var reading = reading
            reading["verdict"] = reading["verdict"] as? String == "valid" ? "revoked" : "valid"
            return reading
        }
        return test
    }

    @Sendable static func flipAhead(_ test: [String: Any]) -> [String: Any] {
        var test = test
        test["readings"] = (test["readings"] as? [[String: Any]] ?? []).map { reading in
            var reading = reading
            reading["deviceClockAhead"] = !(reading["deviceClockAhead"] as? Bool ?? false)
            return reading
        }
        return test
    }
}
