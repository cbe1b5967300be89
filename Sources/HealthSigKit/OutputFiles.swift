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

    /// Opens an atomic writer for streaming output.
    public static func open(_ path: String, protecting inputs: [String] = []) throws(ToolError) -> AtomicFileWriter {
        do {
            return try AtomicFileWriter(destination: path, protecting: inputs)
        } catch {
            throw .io(path: path, reason: error.description)
        }
    }
}
