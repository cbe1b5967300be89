import HealthSigKit

/// What `VectorSuiteGenerator.generate` did: a line per file written, then the check of the result.
public struct VectorGenerationSummary: Sendable {
    /// `der.json: 412 tests (0 new)`, …, `vectors.schema.json: written`.
    public let fileLines: [String]
    /// `VectorSuite.check` run on the files just written.
    public let check: VectorCheckReport

    /// The file lines, `check: N passed, N failed`, then each failing test.
    public var text: String {
        (fileLines + ["check: \(check.passed) passed, \(check.failed) failed"] + check.failures.map { "  " + $0 })
            .joined(separator: "\n")
    }
}
