import Foundation
import HealthSigKit

/// Builds the conformance vectors of `TestVectors/` (format: TestVectors/README.md). A maintainer
/// tool, run by `make-vectors`: it makes key material with the `openssl` command, so it is not
/// part of the library the `healthsig` command ships, which only checks vectors
/// (`VectorSuite.check`).
public enum VectorSuiteGenerator {
    /// The families in file order (the order `VectorSuite.check` reports them).
    static var families: [any VectorFamilyGenerator] {
        [DERVectors(), CMSVectors(), RecordVectors(), SampleVectors(), KeyVectors(), BatchVectors(), RevocationVectors(),
         TimestampVectors()]
    }

    /// Creates or extends the vector files in `directory`.
    ///
    /// Existing tests are kept unchanged (matched by family and `comment`); only new tests are
    /// built, signed with the suite's test keys (`test-keys/`, created on first use with the
    /// `openssl` tool) and appended with new `tcId`s. `vectors.schema.json` is rewritten. Running
    /// it twice in a row leaves every file byte-identical.
    ///
    /// - Returns: per file the test count and how many were added, and the result of
    ///   `VectorSuite.check` on the written files (a test this implementation disagrees with is
    ///   listed there, not silently changed).
    /// - Throws: `VectorSuiteError` when an existing file cannot be read (it is never
    ///   overwritten then); `VectorGenerationError` when a file cannot be written or key material
    ///   cannot be made.
    public static func generate(directory: String) throws -> VectorGenerationSummary {
        // The vector directory holds files; a device, FIFO or file named instead is refused
        // before any key or vector is made (a missing directory is created).
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw VectorGenerationError.unwritable(path: directory, reason: "exists and is not a directory")
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
            try VectorFileWriter.write(merged.document, to: url)
            lines.append("\(family.fileName): \(merged.numberOfTests) tests (\(merged.added) new)")
        }
        try VectorFileWriter.write(text: VectorSchema.text, to: root.appendingPathComponent(VectorSchema.fileName))
        lines.append("\(VectorSchema.fileName): written")
        return VectorGenerationSummary(fileLines: lines, check: try VectorSuite.check(directory: directory))
    }
}
