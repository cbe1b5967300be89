/// Output formats of `healthsig verify`.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Aligned text: a row per signed sample, the first unsigned ones listed, a summary line.
    case table
    /// One JSON document, streamed: `{"samples":[…],"summary":{…}}`.
    case json
    /// JSON Lines: an object per sample or unreadable input, then `{"summary":{…}}`.
    case ndjson

    /// The sink writing this format to `writer`; `summaryOnly` writes the counts and nothing
    /// else; a table fits `tableWidth` cells (``TableReportSink``).
    public func sink(writingTo writer: any ReportByteWriter, summaryOnly: Bool = false,
                     tableWidth: Int = TableReportSink.defaultWidth) -> any VerificationSink {
        if summaryOnly { return SummaryReportSink(format: self, writer: writer) }
        switch self {
        case .table: return TableReportSink(writer: writer, width: tableWidth)
        case .json: return JSONDocumentReportSink(writer: writer)
        case .ndjson: return JSONLinesReportSink(writer: writer)
        }
    }
}
