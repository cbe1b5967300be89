import Foundation

/// A file in the temporary directory for targets whose reader works on paths (zip, trust
/// files), rewritten for every input. One per process and name, since libFuzzer's `-fork` and
/// `-jobs` run targets in parallel processes.
public enum ScratchFile {
    public static func path(_ name: String) -> String {
        NSTemporaryDirectory() + "healthsig-fuzz-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    }

    /// Replaces the contents of the file at `path` with `bytes`, in place. Not `Data.write` or
    /// `FileManager.createFile`: their temporary file, `fsync` and rename were three quarters of
    /// an execution, and a reader opening the path afterwards sees the same bytes either way.
    public static func write(_ bytes: [UInt8], to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        Invariant.require(descriptor >= 0, "cannot open \(path): \(String(cString: strerror(errno)))")
        defer { close(descriptor) }
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 && errno == EINTR { continue }
                Invariant.require(result > 0, "cannot write \(path): \(String(cString: strerror(errno)))")
                written += result
            }
        }
    }
}
