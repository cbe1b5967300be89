import Foundation
import SampleIO

/// Writing outputs atomically (temporary file, fsync, rename), never over an input.
public enum OutputFiles {
    /// Writes `bytes` to `path` (`-` is standard output).
    public static func write(_ bytes: [UInt8], to path: String, protecting inputs: [String] = [],
                             permissions: UInt16? = nil) throws(ToolError) {
        do {
            try AtomicFileWriter.write(bytes, to: path, protecting: inputs, permissions: permissions)
        } catch {
            throw .io(path: path, reason: error.description)
        }
    }

    /// Opens an output that appears complete or not at all, standard output (`-`) included.
    public static func open(_ path: String, protecting inputs: [String] = []) throws(ToolError) -> StagedOutput {
        try StagedOutput(destination: path, protecting: inputs)
    }
}
