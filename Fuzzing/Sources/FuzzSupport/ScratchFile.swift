import Foundation

/// A file in the temporary directory for targets whose reader works on paths (zip, trust
/// files), rewritten for every input. One per process and name, since libFuzzer's `-fork` and
/// `-jobs` run targets in parallel processes.
public enum ScratchFile {
    public static func path(_ name: String) -> String {
        directory + "healthsig-fuzz-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    }

    /// Memory (`/dev/shm`) where there is such a directory, else the temporary directory. A file
    /// truncated to nothing and rewritten on ext4 is flushed to disk when it is closed (the
    /// file system's guard against losing a file replaced that way), so on a disk the scratch
    /// file's open and close were most of a trust-pem execution: 40,000 executions took 176 s
    /// with the file in /tmp and 14 s in /dev/shm on the same machine.
    private static let directory: String = {
        var status = stat()
        if stat("/dev/shm", &status) == 0, status.st_mode & S_IFMT == S_IFDIR, access("/dev/shm", W_OK) == 0 {
            return "/dev/shm/"
        }
        return NSTemporaryDirectory()
    }()

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
