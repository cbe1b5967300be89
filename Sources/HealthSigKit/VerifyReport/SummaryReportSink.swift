/// `verify --summary`: the counts only, in the chosen format (the table's `summary:` line, or
/// `{"summary":{…}}` for json and ndjson).
public final class SummaryReportSink: VerificationSink {
    private let format: ReportFormat
    private let writer: any ReportByteWriter
    private let origin: ReportOrigin?

    public init(format: ReportFormat, writer: any ReportByteWriter, origin: ReportOrigin? = nil) {
        self.format = format
        self.writer = writer
        self.origin = origin
    }

    public func receive(_ event: PipelineEvent) throws(ToolError) {}

    /// The counts alone: an unsigned record needs no more than its verdict.
    public var unsignedRecordUse: UnsignedRecordUse { .count }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {
        var bytes = ReportBytes()
        switch format {
        case .table:
            for line in totals.revocation?.tableLines ?? [] { bytes.append(Array((line + "\n").utf8)) }
            if !totals.timestamps.isEmpty { bytes.append(Array((totals.timestamps.tableLine + "\n").utf8)) }
            bytes.append(Array("summary: \(totals.countsLine)\n".utf8))
        case .json, .ndjson:
            bytes.append("{\"summary\":")
            ReportJSON.appendSummary(totals, origin: origin, into: &bytes)
            bytes.append("}\n")
        }
        try bytes.withUnsafeBytes { raw throws(ToolError) in try writer.write(raw) }
    }
}
