import Foundation
import Testing
import VectorTestSupport
import HealthSigKit
@testable import VectorGeneration

/// `VectorSuiteGenerator.generate` (the `make-vectors` tool): stability and appending.
@Suite("Vector suite: generate")
struct VectorSuiteGenerateTests {
    @Test("generating over the committed vectors changes no byte, twice in a row")
    func generateTwiceIsStable() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let before = try VectorTestSupport.snapshot(copy)
        let summary = try VectorSuiteGenerator.generate(directory: copy.path).text
        #expect(summary.contains("check: "))
        #expect(summary.contains(" 0 failed"))
        let once = try VectorTestSupport.snapshot(copy)
        _ = try VectorSuiteGenerator.generate(directory: copy.path)
        let twice = try VectorTestSupport.snapshot(copy)
        #expect(Set(once.keys) == Set(before.keys))
        for (path, bytes) in before {
            #expect(once[path] == bytes, "\(path) changed on the first run")
            #expect(twice[path] == bytes, "\(path) changed on the second run")
        }
    }

    @Test("a test missing from a file is added back with a new tcId; the others keep theirs")
    func missingTestIsAppended() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let url = copy.appendingPathComponent("der.json")
        let original = try VectorTestSupport.tests(url)
        let maxId = original.compactMap { $0["tcId"] as? Int }.max() ?? 0
        var object = try VectorTestSupport.readObject(url)
        var groups = try #require(object["testGroups"] as? [[String: Any]])
        var tests = try #require(groups[0]["tests"] as? [[String: Any]])
        let removed = tests.removeFirst()
        let comment = try #require(removed["comment"] as? String)
        groups[0]["tests"] = tests
        object["testGroups"] = groups
        object["numberOfTests"] = original.count - 1
        try VectorTestSupport.writeObject(object, to: url)

        let summary = try VectorSuiteGenerator.generate(directory: copy.path).text
        #expect(summary.contains("der.json: \(original.count) tests (1 new)"))
        let regenerated = try VectorTestSupport.tests(url)
        #expect(regenerated.count == original.count)
        let readded = try #require(regenerated.first { $0["comment"] as? String == comment })
        #expect(readded["tcId"] as? Int == maxId + 1)
        #expect(readded["der"] as? String == removed["der"] as? String)
        // Every other test is unchanged, tcId included.
        for test in original.dropFirst() {
            let id = test["tcId"] as? Int
            let again = try #require(regenerated.first { $0["tcId"] as? Int == id })
            #expect(NSDictionary(dictionary: again).isEqual(to: test))
        }
        let report = try VectorSuite.check(directory: copy.path)
        #expect(report.failed == 0)
    }

    @Test("an unreadable existing file is never overwritten")
    func unreadableFileIsKept() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let url = copy.appendingPathComponent("cms.json")
        let broken = Data("{ not json".utf8)
        try broken.write(to: url)
        #expect(throws: VectorSuiteError.self) { try VectorSuiteGenerator.generate(directory: copy.path) }
        #expect(try Data(contentsOf: url) == broken)
    }

    @Test("generating into an empty directory makes TEST keys and at least 300 passing tests")
    func generateFromScratch() throws {
        let directory = try VectorTestSupport.temporaryDirectory().appendingPathComponent("fresh", isDirectory: true)
        defer { VectorTestSupport.remove(directory) }
        let summary = try VectorSuiteGenerator.generate(directory: directory.path).text
        #expect(summary.contains("check: "))
        let report = try VectorSuite.check(directory: directory.path)
        #expect(report.failed == 0, "\(report.failures.joined(separator: "\n"))")
        #expect(report.passed >= 300)
        let keyFiles = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("test-keys").path)
        #expect(keyFiles.contains("README.md"))
        #expect(keyFiles.contains("TEST-ONLY-signer-a.key.pem"))
        #expect(keyFiles.filter { $0.hasSuffix(".pem") }.allSatisfy { $0.hasPrefix("TEST-ONLY-") })
        // The same key files are reused, so a second run adds nothing and changes nothing.
        let before = try VectorTestSupport.snapshot(directory)
        _ = try VectorSuiteGenerator.generate(directory: directory.path)
        #expect(try VectorTestSupport.snapshot(directory) == before)
    }
}
