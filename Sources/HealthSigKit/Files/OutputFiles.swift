import Foundation
import SampleIO

/// Writing outputs: a regular file atomically (temporary file, fsync, rename), a device, FIFO or
/// standard output in place; never over an input (``SampleIO/OutputFileWriter``).
public enum OutputFiles {
    /// Writes `bytes` to `path` (`-` is standard output).
    public static func write(_ bytes: [UInt8], to path: String, protecting inputs: [String] = [],
                             permissions: UInt16? = nil) throws(ToolError) {
        do {
            try OutputFileWriter.write(bytes, to: path, protecting: inputs, permissions: permissions)
        } catch {
            throw .output(error)
        }
    }

    /// Opens an output written piece by piece (write, then commit or discard): a regular file
    /// appears complete or not at all; standard output, a device or a FIFO gets the bytes at
    /// commit, or as they are written with `inPlaceDelivery: .asWritten` (see ``StagedOutput``).
    public static func open(_ path: String, protecting inputs: [String] = [],
                            inPlaceDelivery: StagedOutput.InPlaceDelivery = .atCommit) throws(ToolError) -> StagedOutput {
        try StagedOutput(destination: path, protecting: inputs, inPlaceDelivery: inPlaceDelivery)
    }

    /// Whether writing `path` replaces an existing regular file (a symbolic link followed to
    /// one included), as ``open(_:protecting:inPlaceDelivery:)`` would: standard output,
    /// devices, FIFOs and paths where nothing exists are written, not replaced.
    public static func isExistingRegularFile(_ path: String) -> Bool {
        if case .replaceableFile(_, _?)? = try? OutputTarget.of(path) { return true }
        return false
    }

    /// Refuses an existing regular file at `path` unless `force` is set: replacing a file of
    /// signed samples by mistake loses them, as `keygen` refusing to overwrite a key protects
    /// the key. Standard output (`-`, `/dev/stdout`, `/dev/fd/N`), devices and FIFOs are written
    /// to, not replaced (``SampleIO/OutputTarget``), and pass;
    /// so does one of `inputs`, which ``open(_:protecting:)`` refuses with its own reason.
    public static func refuseExistingFile(_ path: String, force: Bool, inputs: [String] = []) throws(ToolError) {
        guard !force, case .replaceableFile(let target, let existing)? = try? OutputTarget.of(path), existing != nil else { return }
        var status = stat()
        guard stat(target, &status) == 0 else { return }
        for input in inputs {
            var inputStatus = stat()
            if stat(input, &inputStatus) == 0, inputStatus.st_dev == status.st_dev, inputStatus.st_ino == status.st_ino { return }
        }
        throw .io(path: path, reason: "already exists; give --force to replace it")
    }
}
