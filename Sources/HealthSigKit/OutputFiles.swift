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
}
