/// `verify --format ndjson`: one JSON object per line, for every sample (unsigned ones
/// included) and every unreadable input, written as decided; the last line is
/// `{"summary":{…}}`. With an `origin`, every line (the summary's object too) has an
/// `"origin"` member.
public final class JSONLinesReportSink: VerificationSink {
    private let writer: any ReportByteWriter
    private let origin: ReportOrigin?
    private var pending = PendingReportBytes()

    public init(writer: any ReportByteWriter, origin: ReportOrigin? = nil) {
        self.writer = writer
        self.origin = origin
    }

    public func receive(_ event: PipelineEvent) throws(ToolError) {
        switch event {
        case .decided(let decided): ReportJSON.append(decided, origin: origin, into: &pending.bytes)
        case .unreadable(let number, let reason):
            ReportJSON.appendUnreadable(line: number, reason: reason, origin: origin, into: &pending.bytes)
        }
        pending.bytes.append(0x0A)
        try pending.writeIfFull(to: writer)
    }

    public func flush() throws(ToolError) {
        try pending.write(to: writer)
    }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {
        pending.bytes.append("{\"summary\":")
        ReportJSON.appendSummary(totals, origin: origin, into: &pending.bytes)
        pending.bytes.append("}\n")
        try pending.write(to: writer)
    }
}
