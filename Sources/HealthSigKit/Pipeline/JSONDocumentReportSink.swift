/// `verify --format json`: one JSON document written as the samples are decided,
/// `{"samples":[` then an object per sample or unreadable input (one per line), then
/// `],"summary":{…}}` — the same objects as ndjson, so memory does not grow with the input.
public final class JSONDocumentReportSink: VerificationSink {
    private let writer: any ReportByteWriter
    private var bytes: [UInt8] = []
    private var first = true

    public init(writer: any ReportByteWriter) {
        self.writer = writer
    }

    public func receive(_ event: PipelineEvent) throws(ToolError) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: (first ? "{\"samples\":[\n" : ",\n").utf8)
        first = false
        switch event {
        case .decided(let decided): ReportJSON.append(decided, into: &bytes)
        case .unreadable(let line, let reason): ReportJSON.appendUnreadable(line: line, reason: reason, into: &bytes)
        }
        try writer.write(bytes)
    }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: (first ? "{\"samples\":[],\n\"summary\":" : "\n],\n\"summary\":").utf8)
        ReportJSON.appendSummary(totals, into: &bytes)
        bytes.append(contentsOf: "}\n".utf8)
        try writer.write(bytes)
    }
}
