import Foundation

/// The conformance vectors of `TestVectors/` (format: TestVectors/README.md): generating them
/// and checking this implementation against them. `healthsig vectors generate|check` calls these.
public enum VectorSuite {
    /// The families in file order.
    static var families: [any VectorFamily] {
        [DERVectors(), CMSVectors(), RecordVectors(), SampleVectors(), KeyVectors()]
    }

    /// Creates or extends the vector files in `directory`.
    ///
    /// Existing tests are kept unchanged (matched by family and `comment`); only new tests are
    /// built, signed with the suite's test keys (`test-keys/`, created on first use with the
    /// `openssl` tool) and appended with new `tcId`s. `vectors.schema.json` is rewritten. Running
    /// it twice in a row leaves every file byte-identical.
    ///
    /// - Returns: a human summary: per file the test count and how many were added, then the
    ///   result of `check` on the written files (a test this implementation disagrees with is
    ///   listed there, not silently changed).
    /// - Throws: `VectorSuiteError` when an existing file cannot be read (it is never
    ///   overwritten then), a file cannot be written, or key material cannot be made.
    public static func generate(directory: String) throws -> String {
        // The vector directory holds files; a device, FIFO or file named instead is refused
        // before any key or vector is made (a missing directory is created).
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw VectorSuiteError.unwritable(path: directory, reason: "exists and is not a directory")
        }
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let context = VectorGenerationContext(directory: root)
        defer { context.cleanUp() }
        var lines: [String] = []
        for family in families {
            let url = root.appendingPathComponent(family.fileName)
            let existing = FileManager.default.fileExists(atPath: url.path) ? try VectorFileIO.load(url) : nil
            let merged = try VectorFileMerger.merge(existing: existing, path: url.path, family: family,
                                                    proposed: try family.groups(context))
            try VectorFileIO.write(merged.document, to: url)
            lines.append("\(family.fileName): \(merged.numberOfTests) tests (\(merged.added) new)")
        }
        try VectorFileIO.write(text: VectorSchema.text, to: root.appendingPathComponent(VectorSchema.fileName))
        lines.append("\(VectorSchema.fileName): written")
        let report = try check(directory: directory)
        lines.append("check: \(report.passed) passed, \(report.failed) failed")
        lines.append(contentsOf: report.failures.map { "  " + $0 })
        return lines.joined(separator: "\n")
    }

    /// Runs every test of every vector file in `directory` against this implementation.
    ///
    /// Every test counts; a test fails on any disagreement with its expected result. A file whose
    /// `numberOfTests` differs from the tests it holds adds one failure.
    ///
    /// - Throws: `VectorSuiteError` when a file is missing, unreadable or not in the vector
    ///   format, or when the files hold no test at all.
    public static func check(directory: String) throws -> VectorCheckReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw VectorSuiteError.unreadableFile(path: directory, reason: "no such directory")
        }
        guard isDirectory.boolValue else {
            throw VectorSuiteError.unreadableFile(path: directory, reason: "not a directory (give the vector directory)")
        }
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        var report = VectorCheckReport()
        for family in families {
            let url = root.appendingPathComponent(family.fileName)
            let result = try VectorFileChecker.check(url, family: family)
            report.fileLines.append("\(family.fileName): \(result.passed) passed, \(result.failed) failed")
            report.failures.append(contentsOf: result.failures)
            report.passed += result.passed
            report.failed += result.failed
        }
        guard report.passed + report.failed > 0 else {
            throw VectorSuiteError.noTests(directory: directory)
        }
        return report
    }
}
