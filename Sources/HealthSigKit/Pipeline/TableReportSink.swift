import DER
import SampleSigning

/// `verify --format table`, streamed: a row per signed sample as it is decided (its notes
/// under it), a line per unreadable input, the first ``unsignedListLimit`` unsigned samples as
/// `unsigned #N` lines, and at the end how many unsigned samples were not listed and the
/// summary line.
///
/// Columns have fixed widths, since rows are written before later ones are known; a longer
/// value widens its own row only.
public final class TableReportSink: VerificationSink {
    /// How many unsigned samples are listed at most, so a failed `--require-signed` run shows
    /// where to look without listing millions of export records.
    public static let unsignedListLimit = 20
    /// Widths of the padded columns `#`, `TYPE`, `START`, `VERDICT`.
    static let widths = [7, 24, 25, 16]

    private let writer: any ReportByteWriter
    private var listedUnsigned = 0

    /// Creates the sink and writes the header row.
    public init(writer: any ReportByteWriter) {
        self.writer = writer
        header = Self.row(["#", "TYPE", "START", "VERDICT", "REASON", "SIGNER"])
    }

    private var header: String?

    public func receive(_ event: PipelineEvent) throws(ToolError) {
        var text = ""
        if let header {
            text += header
            self.header = nil
        }
        switch event {
        case .unreadable(let line, let reason):
            text += "unreadable " + (line.map { "line \($0)" } ?? "input") + ": \(Self.cell(reason))\n"
        case .decided(let decided):
            let e = decided.entry
            if e.verdict.kind == .unsigned {
                if !decided.mayBeCorrelationMemberCopy && listedUnsigned < Self.unsignedListLimit {
                    listedUnsigned += 1
                    text += "unsigned #\(e.position): \(Self.cell(Self.shortType(e.type))) \(Self.cell(e.startDate))\n"
                }
            } else {
                text += Self.row([String(e.position), Self.cell(Self.shortType(e.type)), Self.cell(e.startDate),
                                  e.verdict.kind.rawValue, Self.cell(e.verdict.reason),
                                  Self.cell(e.verdict.signer?.description ?? "-")])
                for note in e.verdict.notes { text += "note #\(e.position): \(Self.cell(note))\n" }
            }
        }
        if !text.isEmpty { try writer.write(Array(text.utf8)) }
    }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {
        var text = header ?? ""
        let unlisted = totals.counts[.unsigned, default: 0] - listedUnsigned
        if unlisted > 0 {
            text += "(\(unlisted) more unsigned sample(s) not listed)\n"
        }
        if totals.correlationMemberCopies > 0 {
            text += "(\(totals.correlationMemberCopies) unsigned top-level record(s) are copies of correlation members, not counted)\n"
        }
        if totals.correlationMemberCopiesIncomplete {
            text += "(too many correlation members to settle every copy: some copies are counted as unsigned)\n"
        }
        for batch in totals.batches {
            text += BatchStatusText.line(batch) + "\n"
        }
        text += "summary: \(totals.countsLine)\n"
        try writer.write(Array(text.utf8))
    }

    /// A value from the input as table text: control characters escaped (``TerminalText``), so
    /// a stored value cannot redraw the report on a terminal.
    static func cell(_ text: String) -> String { TerminalText(text).description }

    static func row(_ cells: [String]) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            if index > 0 { line += "  " }
            line += cell
            if index < widths.count, cell.utf8.count < widths[index] {
                line += String(repeating: " ", count: widths[index] - cell.utf8.count)
            }
        }
        return line + "\n"
    }

    /// `BloodPressureSystolic` for `HKQuantityTypeIdentifierBloodPressureSystolic`.
    static func shortType(_ type: String) -> String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier"]
        where type.hasPrefix(prefix) {
            return String(type.dropFirst(prefix.count))
        }
        return type
    }
}
