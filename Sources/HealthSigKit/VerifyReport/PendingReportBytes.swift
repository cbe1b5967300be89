/// Report bytes on their way to a ``ReportByteWriter``: a sink appends each entry here, and the
/// writer gets them 64 KiB at a time, whenever the pipeline flushes its sinks, and at the end.
///
/// Handing every line to the writer on its own (an existential call, the staged output, and a
/// copy into its buffer, a sample at a time) cost about as much as writing the line's numbers.
/// At most ``threshold`` bytes wait here, so memory stays flat however long the report.
struct PendingReportBytes: ~Copyable {
    /// Bytes kept before they go to the writer.
    static let threshold = 1 << 16

    /// The bytes not yet written; a sink appends to them.
    var bytes = ReportBytes(capacity: threshold + threshold / 4)

    /// Writes the bytes out once ``threshold`` of them are waiting.
    mutating func writeIfFull(to writer: any ReportByteWriter) throws(ToolError) {
        if bytes.count >= Self.threshold { try write(to: writer) }
    }

    /// Writes out every waiting byte.
    mutating func write(to writer: any ReportByteWriter) throws(ToolError) {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBytes { raw throws(ToolError) in try writer.write(raw) }
        bytes.removeAll()
    }
}
