/// `verify --format ndjson`: one JSON object per line, for every sample (unsigned ones
/// included) and every unreadable input, written as decided; the last line is
/// `{"summary":{…}}`.
public final class JSONLinesReportSink: VerificationSink {
    private let writer: any ReportByteWriter
    private var line: [UInt8] = []

    public init(writer: any ReportByteWriter) {
        self.writer = writer
    }

    public func receive(_ event: PipelineEvent) throws(ToolError) {
        line.removeAll(keepingCapacity: true)
        switch event {
        case .decided(let decided): ReportJSON.append(decided, into: &line)
        case .unreadable(let number, let reason): ReportJSON.appendUnreadable(line: number, reason: reason, into: &line)
        }
        line.append(0x0A)
        try writer.write(line)
    }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: "{\"summary\":".utf8)
        ReportJSON.appendSummary(totals, into: &line)
        line.append(contentsOf: "}\n".utf8)
        try writer.write(line)
    }
}
