import Foundation
import SampleIO

/// Runs every test of one vector file through its family's checker.
enum VectorFileChecker {
    struct Result {
        var passed = 0
        var failed = 0
        var failures: [String] = []
    }

    static func check(_ url: URL, family: some VectorFamily) throws -> Result {
        let path = url.path
        let name = url.lastPathComponent
        let document = try VectorFileIO.load(url)
        guard document.string("family") == family.family else {
            throw VectorSuiteError.invalidFile(path: path, reason: "family is \(document.string("family") ?? "missing"), expected \(family.family)")
        }
        guard document["formatVersion"]?.intValue == VectorFileIO.formatVersion else {
            throw VectorSuiteError.invalidFile(path: path, reason: "formatVersion is not \(VectorFileIO.formatVersion)")
        }
        var result = Result()
        var seenIds = Set<Int>()
        var seenComments = Set<String>()
        let notes = document.object("notes")
        var count = 0
        for (index, group) in try VectorFileIO.groups(of: document, path: path).enumerated() {
            for test in try VectorFileIO.tests(of: group, path: path, index: index) {
                count += 1
                let comment = test.string("comment") ?? ""
                guard let id = test["tcId"]?.intValue else {
                    result.failed += 1
                    result.failures.append("\(name) testGroups[\(index)]: a test without an integer tcId (\(comment))")
                    continue
                }
                var outcome = family.evaluate(test: test, group: group)
                if !seenIds.insert(id).inserted {
                    outcome.disagreements.append("tcId \(id) is used twice")
                }
                if !seenComments.insert(comment).inserted {
                    outcome.disagreements.append("comment '\(comment)' is used twice")
                }
                if let flags = test["flags"]?.stringArray {
                    // Every flag a test carries is explained in `notes` (TestVectors/README.md).
                    let unexplained = flags.filter { notes?[$0]?.stringValue == nil }
                    if !unexplained.isEmpty {
                        outcome.disagreements.append("flags not explained in notes: " + unexplained.joined(separator: ", "))
                    }
                } else {
                    outcome.disagreements.append("flags is not an array of strings")
                }
                if outcome.disagreements.isEmpty {
                    result.passed += 1
                } else {
                    result.failed += 1
                    result.failures.append("\(name) tcId \(id): \(outcome.disagreements.joined(separator: "; ")) (\(comment))")
                }
            }
        }
        guard count > 0 else {
            throw VectorSuiteError.invalidFile(path: path, reason: "the file holds no tests")
        }
        if let declared = document["numberOfTests"]?.intValue, declared != count {
            result.failed += 1
            result.failures.append("\(name): numberOfTests is \(declared) but the file holds \(count) tests")
        } else if document["numberOfTests"]?.intValue == nil {
            result.failed += 1
            result.failures.append("\(name): numberOfTests is missing")
        }
        return result
    }
}
