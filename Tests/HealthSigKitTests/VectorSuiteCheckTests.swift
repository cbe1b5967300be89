import Foundation
import Testing
import VectorTestSupport
@testable import HealthSigKit

/// `VectorSuite.check` on the committed vectors and on broken copies of them.
@Suite("Vector suite: check")
struct VectorSuiteCheckTests {
    @Test("the committed vectors all pass, at least 300 tests, every family present")
    func committedVectorsPass() throws {
        let report = try VectorSuite.check(directory: VectorTestSupport.committedDirectory.path)
        #expect(report.failures.isEmpty, "\(report.failures.joined(separator: "\n"))")
        #expect(report.failed == 0)
        #expect(report.passed >= 300)
        #expect(report.fileLines.count == VectorTestSupport.fileNames.count)
        for (line, name) in zip(report.fileLines, VectorTestSupport.fileNames) {
            #expect(line.hasPrefix("\(name): "))
            #expect(line.hasSuffix(" passed, 0 failed"))
        }
    }

    @Test("each family holds the tests the README promises")
    func familySizes() throws {
        let directory = VectorTestSupport.committedDirectory
        let minimum = ["der.json": 120, "cms.json": 70, "records.json": 15, "samples.json": 60, "keys.json": 30, "batch.json": 35,
                       "timestamps.json": 15]
        for (name, count) in minimum {
            let tests = try VectorTestSupport.tests(directory.appendingPathComponent(name))
            #expect(tests.count >= count, "\(name) has \(tests.count) tests")
            let ids = tests.compactMap { $0["tcId"] as? Int }
            #expect(Set(ids).count == tests.count, "\(name): tcIds are unique")
            let comments = tests.compactMap { $0["comment"] as? String }
            #expect(Set(comments).count == tests.count, "\(name): comments are unique")
        }
    }

    @Test("every sample verdict occurs at least five times")
    func sampleVerdictCoverage() throws {
        let tests = try VectorTestSupport.tests(VectorTestSupport.committedDirectory.appendingPathComponent("samples.json"))
        let verdicts = tests.compactMap { $0["verdict"] as? String }
        for verdict in ["valid", "unsigned", "malformed", "bad-signature", "untrusted-signer", "content-mismatch"] {
            #expect(verdicts.filter { $0 == verdict }.count >= 5, "\(verdict)")
        }
        #expect(tests.contains { $0["storedXML"] != nil })
        #expect(tests.contains { $0["stored"] != nil })
    }

    @Test("a flipped expected verdict is reported as exactly one failure")
    func corruptedVerdictIsDetected() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let url = copy.appendingPathComponent("cms.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let needle = "\"verdict\" : \"valid\""
        let range = try #require(text.range(of: needle))
        try text.replacingCharacters(in: range, with: "\"verdict\" : \"bad-signature\"").write(to: url, atomically: true, encoding: .utf8)

        let report = try VectorSuite.check(directory: copy.path)
        #expect(report.failed == 1)
        #expect(report.failures.count == 1)
        let failure = try #require(report.failures.first)
        #expect(failure.hasPrefix("cms.json tcId 1: expected bad-signature, got valid"))
        #expect(report.fileLines.contains { $0.hasPrefix("cms.json: ") && $0.hasSuffix(" 1 failed") })
    }

    @Test("a changed expected DER value and a changed sample field list are failures")
    func corruptedValuesAreDetected() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let der = copy.appendingPathComponent("der.json")
        var text = try String(contentsOf: der, encoding: .utf8)
        let valueRange = try #require(text.range(of: "\"value\" : \"127\""))
        text.replaceSubrange(valueRange, with: "\"value\" : \"128\"")
        try text.write(to: der, atomically: true, encoding: .utf8)
        let samples = copy.appendingPathComponent("samples.json")
        text = try String(contentsOf: samples, encoding: .utf8)
        let fieldsRange = try #require(text.range(of: "\"device.model\""))
        text.replaceSubrange(fieldsRange, with: "\"device.name\"")
        try text.write(to: samples, atomically: true, encoding: .utf8)

        let report = try VectorSuite.check(directory: copy.path)
        #expect(report.failed == 2)
        #expect(report.failures.contains { $0.hasPrefix("der.json tcId ") && $0.contains("value: expected 128, got 127") })
        #expect(report.failures.contains { $0.hasPrefix("samples.json tcId ") && $0.contains("fields: expected [device.name], got [device.model]") })
    }

    @Test("a wrong numberOfTests counts as a failure")
    func wrongTestCount() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let url = copy.appendingPathComponent("keys.json")
        var object = try VectorTestSupport.readObject(url)
        let count = try #require(object["numberOfTests"] as? Int)
        object["numberOfTests"] = count + 1
        try VectorTestSupport.writeObject(object, to: url)
        let report = try VectorSuite.check(directory: copy.path)
        #expect(report.failed == 1)
        #expect(report.failures == ["keys.json: numberOfTests is \(count + 1) but the file holds \(count) tests"])
    }

    @Test("a missing file is an error, not a pass")
    func missingFile() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        try FileManager.default.removeItem(at: copy.appendingPathComponent("records.json"))
        #expect {
            try VectorSuite.check(directory: copy.path)
        } throws: { error in
            guard case VectorSuiteError.unreadableFile(let path, _)? = error as? VectorSuiteError else { return false }
            return path.hasSuffix("records.json")
        }
    }

    @Test("an unparseable file is an error")
    func unparseableFile() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        try Data("{\"family\": ".utf8).write(to: copy.appendingPathComponent("der.json"))
        #expect {
            try VectorSuite.check(directory: copy.path)
        } throws: { error in
            guard case VectorSuiteError.unreadableFile(let path, _)? = error as? VectorSuiteError else { return false }
            return path.hasSuffix("der.json")
        }
    }

    @Test("a file without tests is an error")
    func fileWithoutTests() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let url = copy.appendingPathComponent("der.json")
        var object = try VectorTestSupport.readObject(url)
        object["testGroups"] = [[String: Any]]()
        object["numberOfTests"] = 0
        try VectorTestSupport.writeObject(object, to: url)
        #expect {
            try VectorSuite.check(directory: copy.path)
        } throws: { error in
            guard case VectorSuiteError.invalidFile(let path, let reason)? = error as? VectorSuiteError else { return false }
            return path.hasSuffix("der.json") && reason == "the file holds no tests"
        }
    }

    @Test("a file of another family is an error")
    func wrongFamily() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let url = copy.appendingPathComponent("cms.json")
        var object = try VectorTestSupport.readObject(url)
        object["family"] = "keys"
        try VectorTestSupport.writeObject(object, to: url)
        #expect(throws: VectorSuiteError.self) { try VectorSuite.check(directory: copy.path) }
    }
    @Test("a claim left out of a test, an unexplained flag and a reused comment are failures")
    func incompleteTestsAreDetected() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        func edit(_ name: String, _ old: String, _ new: String) throws {
            let url = copy.appendingPathComponent(name)
            var text = try String(contentsOf: url, encoding: .utf8)
            let range = try #require(text.range(of: old))
            text.replaceSubrange(range, with: new)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        // records tcId 1 loses its signature; der's BigInteger note goes (tcIds 8, 9, 10);
        // der tcId 2 takes tcId 1's comment.
        try edit("records.json", "\"signature\" :", "\"signatureRemoved\" :")
        try edit("der.json", "\"BigInteger\" :", "\"BigIntegerRemoved\" :")
        try edit("der.json", "\"comment\" : \"INTEGER: 127, the largest one-octet value\"", "\"comment\" : \"INTEGER: zero\"")

        let report = try VectorSuite.check(directory: copy.path)
        #expect(report.failed == 5, "\(report.failures)")
        #expect(report.failures.contains { $0.hasPrefix("records.json tcId 1: the test lacks signature") })
        #expect(report.failures.contains { $0.hasPrefix("der.json tcId 2: comment 'INTEGER: zero' is used twice") })
        for id in [8, 9, 10] {
            #expect(report.failures.contains { $0.hasPrefix("der.json tcId \(id): flags not explained in notes: BigInteger") })
        }
    }
}
