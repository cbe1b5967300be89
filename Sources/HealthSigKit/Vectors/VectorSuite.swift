import Foundation

/// The conformance vectors of `TestVectors/` (format: TestVectors/README.md): checking this
/// implementation against them, which `healthsig vectors check` runs. Generating them is the
/// maintainer tool `make-vectors` (target `VectorGeneration`), which the command does not link.
public enum VectorSuite {
    /// The families in file order.
    package static var families: [any VectorFamily] {
        [DERVectors(), CMSVectors(), RecordVectors(), SampleVectors(), KeyVectors(), BatchVectors(), RevocationVectors(),
         TimestampVectors()]
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
