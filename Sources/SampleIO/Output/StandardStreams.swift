#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error, written with `write(2)` (no buffering to flush at exit,
/// no exception when a write fails).
public enum StandardStreams {
    /// How standard output is named in errors.
    public static let outputName = "standard output"

    /// Writes `text` to standard output.
    ///
    /// - Throws: ``OutputFileError/brokenPipe(path:)`` when the reader has gone,
    ///   ``OutputFileError/writeFailed(path:errno:message:)`` otherwise (`No space left on device`).
    public static func writeOutput(_ text: String) throws(OutputFileError) {
        try DescriptorWriter.write(text, to: STDOUT_FILENO, path: outputName)
    }

    /// Writes `text` to standard error. A failure is ignored: there is nowhere left to report it.
    public static func writeError(_ text: String) {
        try? DescriptorWriter.write(text, to: STDERR_FILENO, path: "standard error")
    }
}
