/// `verify --format json`: one JSON document written as the samples are decided,
/// `{"samples":[` then an object per sample or unreadable input (one per line), then
/// `],"summary":{…}}` — the same objects as ndjson, so memory does not grow with the input.
/// With an `origin`, every object (the summary too) has an `"origin"` member.
public final class JSONDocumentReportSink: VerificationSink {
    private let writer: any ReportByteWriter
    private let origin: ReportOrigin?
    private var pending = PendingReportBytes()
    private var first = true

    public init(writer: any ReportByteWriter, origin: ReportOrigin? = nil) {
        self.writer = writer
        self.origin = origin
    }

    public func receive(_ event: PipelineEvent) throws(ToolError) {
        pending.bytes.append(first ? "{\"samples\":[\n" : ",\n")
        first = false
        switch event {
        case .decided(let decided): ReportJSON.append(decided, origin: origin, into: &pending.bytes)
        case .unreadable(let line, let reason):
            ReportJSON.appendUnreadable(line: line, reason: reason, origin: origin, into: &pending.bytes)
        }
        try pending.writeIfFull(to: writer)
    }

    public func flush() throws(ToolError) {
        try pending.write(to: writer)
    }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {
        pending.bytes.append(first ? "{\"samples\":[],\n\"summary\":" : "\n],\n\"summary\":")
        ReportJSON.appendSummary(totals, origin: origin, into: &pending.bytes)
        pending.bytes.append("}\n")
        try pending.write(to: writer)
    }
}
