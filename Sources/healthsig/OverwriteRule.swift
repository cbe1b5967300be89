import HealthSigKit

/// The one rule for outputs that already exist, said in every command's `--help` and in the
/// CLI reference: keys and signatures cannot be made again identically, so `sign` and `keygen`
/// refuse to replace them; a report can be made again from its input, so `verify`, `report`
/// and `fhir` replace theirs (as `openssl` and `curl` do) and say which file they replaced.
enum OverwriteRule {
    /// The rule, for the commands' `--help`.
    /// (No option names in it: the README's synopses are checked against the options `--help` names.)
    static let help = "Existing files: sign and keygen refuse to replace one (a key or a signature cannot be made "
        + "again identically; sign replaces its output only when forced); verify, report and fhir replace theirs, "
        + "as openssl and curl do, and say so on standard error (a report can be made again from its input)."

    /// The outputs among `paths` that are existing regular files, so replaced by a run that
    /// succeeds; standard output, devices, FIFOs and new paths are not.
    static func existing(_ paths: [String]) -> [String] {
        paths.filter(OutputFiles.isExistingRegularFile)
    }

    /// Says on standard error that `paths` (from ``existing(_:)`` before the run) were replaced.
    static func sayReplaced(_ paths: [String], command: String) {
        for path in paths { printError("\(command): replaced the existing file \(path)") }
    }
}
