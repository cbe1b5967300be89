/// Output formats of `healthsig verify`.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Aligned text: a row per signed sample, the first unsigned ones listed, a summary line.
    case table
    /// One JSON document, streamed: `{"samples":[…],"summary":{…}}`.
    case json
    /// JSON Lines: an object per sample or unreadable input, then `{"summary":{…}}`.
    case ndjson

    /// The sink writing this format to `writer`; `summaryOnly` writes the counts and nothing
    /// else; a table fits `tableWidth` cells (``TableReportSink``); json and ndjson entries
    /// carry `origin` (a table has no place for it).
    public func sink(writingTo writer: any ReportByteWriter, summaryOnly: Bool = false,
                     tableWidth: Int = TableReportSink.defaultWidth, origin: ReportOrigin? = nil) -> any VerificationSink {
        if summaryOnly { return SummaryReportSink(format: self, writer: writer, origin: origin) }
        switch self {
        case .table: return TableReportSink(writer: writer, width: tableWidth)
        case .json: return JSONDocumentReportSink(writer: writer, origin: origin)
        case .ndjson: return JSONLinesReportSink(writer: writer, origin: origin)
        }
    }
}
