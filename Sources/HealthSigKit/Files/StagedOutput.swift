import SampleIO

/// An output written piece by piece (open, write, commit or discard) that appears complete or
/// not at all.
///
/// The destination is opened at once (``SampleIO/OutputFileWriter``), so an output that cannot
/// be written (a directory, a missing directory, a block device, a device without permission)
/// fails before any work is done. A regular file (or a new path) is written to a temporary file
/// beside it and renamed into place by ``commit()``. Standard output, a character device or a
/// FIFO cannot be renamed into place; their bytes wait in an anonymous ``SampleIO/SpoolFile``
/// and are written to the destination only by ``commit()``, so a run that fails late (an
/// invalid line near the end of a signing run) has written nothing there either.
public final class StagedOutput {
    /// When a destination written in place (standard output, a device, a FIFO) receives the bytes.
    public enum InPlaceDelivery: Sendable {
        /// Held until ``StagedOutput/commit()``: nothing appears when the run fails.
        case atCommit
        /// Written as they come (64 KiB at a time), for a reader that follows the output live
        /// (`verify --format ndjson` into a pipe); a failed run may have written part of it.
        case asWritten
    }

    /// The destination as given (`-` for standard output).
    public let destination: String
    private let writer: OutputFileWriter
    /// Where the bytes wait when the destination is written in place; `nil` for a regular file.
    private var spool: SpoolFile?

    init(destination: String, protecting inputs: [String], inPlaceDelivery: InPlaceDelivery) throws(ToolError) {
        self.destination = destination
        do {
            writer = try OutputFileWriter(destination: destination, protecting: inputs)
            if case .replaceableFile = writer.target {
                spool = nil
            } else {
                spool = inPlaceDelivery == .atCommit ? try SpoolFile() : nil
            }
        } catch {
            throw .output(error)
        }
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws(ToolError) {
        // Array's withUnsafeBytes rethrows untyped errors; the Result keeps the type.
        try bytes.withUnsafeBytes { raw in Result { () throws(ToolError) in try write(raw) } }.get()
    }

    /// Appends the bytes at `bytes` (a report's buffer), without first copying them into an array.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ToolError) {
        do {
            if let spool { try spool.write(bytes) } else { try writer.write(bytes) }
        } catch {
            throw .output(error)
        }
    }

    /// Whether the destination is written in place (standard output, a device, a FIFO) rather
    /// than replaced atomically (a regular file or a new path).
    public var writesInPlace: Bool {
        if case .replaceableFile = writer.target { return false }
        return true
    }

    /// Hands what is buffered to the destination now: with ``InPlaceDelivery/asWritten`` a
    /// reader of standard output, a device or a FIFO gets it at once. Nothing for a regular
    /// file or with ``InPlaceDelivery/atCommit``, whose bytes appear only at ``commit()``.
    public func flush() throws(ToolError) {
        guard spool == nil, writesInPlace else { return }
        do {
            try writer.flush()
        } catch {
            throw .output(error)
        }
    }

    /// The width of the terminal written to, when the destination is one (standard output or
    /// a terminal device); `nil` otherwise.
    public var terminalColumns: Int? { writer.terminalColumns }

    /// Appends the UTF-8 bytes of `text`.
    public func write(_ text: String) throws(ToolError) {
        try write(Array(text.utf8))
    }

    /// Makes the output appear: renames the file into place, or writes the held bytes to
    /// standard output, the device or the FIFO.
    public func commit() throws(ToolError) {
        do {
            if let spool {
                try spool.readBack { chunk throws(OutputFileError) in try writer.write(chunk) }
                self.spool = nil
            }
            try writer.commit()
        } catch {
            writer.discard()
            throw .output(error)
        }
    }

    /// Abandons the output: nothing appears at the destination.
    public func discard() {
        writer.discard()
        spool = nil
    }
}
