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
    /// Widths of the padded columns `#`, `TYPE`, `READING`, `START`, `VERDICT`, `SIGNER`.
    static let widths = [7, 24, 16, 25, 16, 24]

    private let writer: any ReportByteWriter
    private var listedUnsigned = 0
    /// Unsigned samples per type and per source (export.xml `sourceName`), for the lines before
    /// the summary. Distinct keys are bounded (``breakdownLimit``); the rest is counted as "other".
    private var unsignedByType = UnsignedBreakdown()
    private var unsignedBySource = UnsignedBreakdown()

    /// Creates the sink and writes the header row.
    public init(writer: any ReportByteWriter) {
        self.writer = writer
        header = Self.row(["#", "TYPE", "READING", "START", "VERDICT", "SIGNER", "REASON"])
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
                if !decided.mayBeCorrelationMemberCopy {
                    unsignedByType.add(Self.shortType(e.type))
                    unsignedBySource.add(decided.exportItem?.sourceName ?? "(no source)")
                }
                if !decided.mayBeCorrelationMemberCopy && listedUnsigned < Self.unsignedListLimit {
                    listedUnsigned += 1
                    let reading = ReportedReading(decided)
                    text += "unsigned #\(e.position): \(Self.cell(Self.shortType(e.type))) \(Self.cell(reading.text)) "
                        + Self.cell(reading.startDate ?? e.startDate) + (reading.source.map { " source \(Self.cell($0))" } ?? "") + "\n"
                }
            } else {
                let reading = ReportedReading(decided)
                text += Self.row([String(e.position), Self.cell(Self.shortType(e.type)), Self.cell(reading.text),
                                  Self.cell(reading.startDate ?? e.startDate), e.verdict.kind.rawValue,
                                  Self.cell(e.verdict.signer.map(SignerText.short) ?? "-"), Self.cell(e.verdict.reason)])
                text += Self.detail(reading)
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
        let unsigned = totals.counts[.unsigned, default: 0]
        if unsigned > 0 {
            // Top-level records of a correlation member's type that matched no correlation are
            // unsigned too; they are known only now, so they appear as one entry of their own.
            let settled = unsigned - unsignedByType.total
            text += "unsigned by type: " + unsignedByType.text(extra: settled > 0 ? ("member-type records", settled) : nil) + "\n"
            text += "unsigned by source: " + unsignedBySource.text(extra: settled > 0 ? ("member-type records", settled) : nil) + "\n"
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

    /// The rest of the reading under its row: end, device, source (those that are known).
    static func detail(_ reading: ReportedReading) -> String {
        let parts = [reading.endDate.map { "end \(cell($0))" }, reading.deviceText.map { "device \(cell($0))" },
                     reading.source.map { "source \(cell($0))" }].compactMap { $0 }
        return parts.isEmpty ? "" : String(repeating: " ", count: widths[0] + 2) + parts.joined(separator: "  ") + "\n"
    }

    static func row(_ cells: [String]) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            if index > 0 { line += "  " }
            line += cell
            if index < widths.count, cell.count < widths[index] {
                line += String(repeating: " ", count: widths[index] - cell.count)
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

/// Counts by name, most frequent first, with a bound on distinct names.
struct UnsignedBreakdown {
    /// Most distinct names kept; further ones are counted under "other".
    static let limit = 1000
    private(set) var counts: [String: Int] = [:]
    private(set) var other = 0
    private(set) var total = 0

    mutating func add(_ name: String) {
        total += 1
        if counts[name] != nil || counts.count < Self.limit {
            counts[name, default: 0] += 1
        } else {
            other += 1
        }
    }

    /// `HeartRate 12, StepCount 3, other 2`.
    func text(extra: (String, Int)?) -> String {
        var entries = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        if other > 0 { entries.append(("other", other)) }
        if let extra { entries.append(extra) }
        return entries.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
}
