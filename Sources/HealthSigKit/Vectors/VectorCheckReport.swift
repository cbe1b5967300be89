/// The result of `VectorSuite.check`: one line per file and every failing test.
public struct VectorCheckReport: Sendable {
    /// One line per vector file, e.g. `cms.json: 58 passed, 0 failed`.
    public var fileLines: [String]
    /// One line per failing test, e.g.
    /// `cms.json tcId 17: expected bad-signature, got valid (flipped bit in r)`.
    public var failures: [String]
    /// Tests that agreed with this implementation.
    public var passed: Int
    /// Tests that did not (including file-level problems such as a wrong `numberOfTests`).
    public var failed: Int

    /// Creates a report.
    public init(fileLines: [String] = [], failures: [String] = [], passed: Int = 0, failed: Int = 0) {
        self.fileLines = fileLines
        self.failures = failures
        self.passed = passed
        self.failed = failed
    }

    /// Whether every test passed (and there was at least one).
    public var succeeded: Bool { failed == 0 && passed > 0 }

    /// The file lines, the failures, then `N passed, N failed`.
    public var text: String {
        (fileLines + failures.map { "  " + $0 } + ["\(passed) passed, \(failed) failed"]).joined(separator: "\n")
    }
}
