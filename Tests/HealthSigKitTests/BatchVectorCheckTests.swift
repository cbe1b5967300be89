import Foundation
import Testing
import VectorTestSupport
@testable import HealthSigKit

/// The `batch` family of the committed vectors, and the checker failing on altered copies.
@Suite("Vector suite: batch family")
struct BatchVectorCheckTests {
    /// Every test of `batch.json` with its comment.
    static func tests() throws -> [[String: Any]] {
        try VectorTestSupport.tests(VectorTestSupport.committedDirectory.appendingPathComponent("batch.json"))
    }

    @Test("batch.json covers every kind, every attack of docs/BATCH.md and every sample verdict")
    func coverage() throws {
        let tests = try Self.tests()
        let flags = Set(tests.flatMap { $0["flags"] as? [String] ?? [] })
        for flag in ["Quantity", "Category", "Correlation", "Workout", "MemberAltered", "CarrierAltered", "MemberMissing",
                     "CarrierMissing", "Moved", "Duplicated", "Replayed", "Reordered", "BadSignature", "UntrustedSigner",
                     "NotAManifest"] {
            #expect(flags.contains(flag), "no test flagged \(flag)")
        }
        let verdicts = Set(tests.flatMap { ($0["verdicts"] as? [[String: Any]] ?? []).compactMap { $0["verdict"] as? String } })
        #expect(verdicts == ["valid", "unsigned", "malformed", "bad-signature", "untrusted-signer", "content-mismatch"])
        let fields = Set(tests.flatMap { ($0["verdicts"] as? [[String: Any]] ?? []).flatMap { $0["fields"] as? [String] ?? [] } })
        #expect(fields.isSuperset(of: ["value", "startDate", "endDate", "type", "device.model", "device",
                                      "metadata.HKDeviceSerialNumber", "batch.index", "objects[0].value", "duration"]))
    }

    @Test("a changed verdict, batch status or stored value in batch.json is a failure of that test only",
          arguments: [
              ("\"verdict\" : \"unsigned\"", "\"verdict\" : \"valid\""),
              ("\"absent\" : 1,", "\"absent\" : 0,"),
              ("\"value\" : 75\n", "\"value\" : 76\n"),
          ])
    func alteredBatchVectorFails(old: String, new: String) throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let url = copy.appendingPathComponent("batch.json")
        var text = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(text.range(of: old))
        text.replaceSubrange(range, with: new)
        try text.write(to: url, atomically: true, encoding: .utf8)
        let report = try VectorSuite.check(directory: copy.path)
        #expect(report.failed == 1, "\(report.failures)")
        #expect(report.failures.allSatisfy { $0.hasPrefix("batch.json tcId ") }, "\(report.failures)")
    }
}
