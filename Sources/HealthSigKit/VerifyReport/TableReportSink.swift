import DER
import HealthSamples
import SampleSigning

/// `verify --format table`, streamed: a row per signed sample as it is decided (its details
/// and notes under it), a line per unreadable input, the first ``unsignedListLimit`` unsigned
/// samples as `unsigned #N` lines, and at the end how many unsigned samples were not listed,
/// the unsigned samples per type and per source, and the summary line.
///
/// Rows are written before later ones are known, so the columns have fixed widths chosen from
/// the terminal's width (``TableLayout``); a longer cell is cut with `…` and shown whole under
/// its row, and no line is wider than the terminal. A note repeated under several rows is
/// printed under the first, and how many rows repeat it at the end.
public final class TableReportSink: VerificationSink {
    /// How many unsigned samples are listed at most, so a failed `--require-signed` run shows
    /// where to look without listing millions of export records.
    public static let unsignedListLimit = 20
    /// Width used when the output is not a terminal and `COLUMNS` says nothing.
    public static let defaultWidth = 80

    private let writer: any ReportByteWriter
    let layout: TableLayout
    private var listedUnsigned = 0
    /// Unsigned samples per type and per source (export.xml `sourceName`), for the lines before
    /// the summary. Distinct keys are bounded (``breakdownLimit``); the rest is counted as "other".
    private var unsignedByType = UnsignedBreakdown(naming: TableReportSink.shortType)
    private var unsignedBySource = UnsignedBreakdown()

    /// Creates the sink for a terminal `width` cells wide (at least ``TableLayout/minimumWidth``)
    /// and writes the header row with the first event.
    public init(writer: any ReportByteWriter, width: Int = TableReportSink.defaultWidth) {
        self.writer = writer
        layout = TableLayout(width: width)
        header = layout.header
    }

    private var header: String?

    /// The first ``unsignedListLimit`` unsigned samples are listed with their reading; after
    /// them an unsigned sample is only counted, by `entry.type` and `exportItem?.sourceName`.
    public var unsignedRecordUse: UnsignedRecordUse {
        listedUnsigned < Self.unsignedListLimit ? .wholeSampleForNow : .count
    }

    public func receive(_ event: PipelineEvent) throws(ToolError) {
        var text = ""
        if let header {
            text += header
            self.header = nil
        }
        switch event {
        case .unreadable(let line, let reason):
            text += layout.free("unreadable " + (line.map { "line \($0)" } ?? "input") + ": \(Self.cell(reason))")
        case .decided(let decided):
            // Perf: an unsigned sample, nearly every one of an export, is counted from the
            // entry's fields in place; the entry copied whole retained each of its strings.
            if decided.entry.verdict.kind == .unsigned {
                if !decided.mayBeCorrelationMemberCopy {
                    unsignedByType.add(decided.entry.type)
                    unsignedBySource.add(decided.exportItem?.sourceName ?? "(no source)")
                }
                if !decided.mayBeCorrelationMemberCopy && listedUnsigned < Self.unsignedListLimit {
                    let e = decided.entry
                    listedUnsigned += 1
                    let reading = ReportedReading(decided)
                    text += layout.free("unsigned #\(e.position): \(Self.cell(Self.shortType(e.type))) \(Self.cell(Self.readingText(decided, reading))) "
                        + Self.cell(reading.startDate ?? e.startDate) + (reading.source.map { " source \(Self.cell($0))" } ?? ""))
                }
            } else {
                let e = decided.entry
                let reading = ReportedReading(decided)
                let start = Self.cell(reading.startDate ?? e.startDate)
                let reason = Self.cell(TableCellText.reason(e.verdict))
                let cells: [TableLayout.Column: String] = [
                    .position: String(e.position), .type: Self.cell(Self.shortType(e.type)),
                    .reading: Self.cell(Self.readingText(decided, reading)), .start: start, .verdict: e.verdict.kind.rawValue,
                    .signer: Self.cell(e.verdict.signer.map(SignerText.short) ?? "-"), .reason: reason,
                ]
                text += layout.row(cells)
                // A cell cut to its column is shown whole under the row: nothing is lost to the width.
                let cut = layout.cutColumns(cells)
                var whole: [String] = []
                for (column, label) in [(TableLayout.Column.type, "type"), (.reading, "reading"), (.verdict, "verdict"), (.signer, "signer")]
                    where cut.contains(column) {
                    whole.append("\(label) \(cells[column] ?? "")")
                }
                if !whole.isEmpty { text += layout.details(whole) }
                let unsignedDevice = e.verdict.kind == .valid && e.verdict.storedDeviceIsUnsigned(decided.sample?.device)
                text += detail(reading, start: layout.shows(.start) && !cut.contains(.start) ? nil : start, unsignedDevice: unsignedDevice)
                // Under the row, a valid sample's reason would only repeat its verdict.
                if !layout.shows(.reason) || cut.contains(.reason), !reason.isEmpty, e.verdict.kind != .valid {
                    text += layout.detail("reason: " + reason)
                }
                for note in e.verdict.notes { text += self.note(Self.cell(note), position: e.position) }
                if let timestamp = e.verdict.timestamp { text += layout.detail(Self.cell(TableCellText.timestamp(timestamp))) }
                // Stored metadata the signature does not cover, marked so it is never read as signed.
                let context = e.verdict.unsignedContext(of: decided.sample)
                if !context.isEmpty {
                    let record = e.verdict.kind == .contentMismatch ? e.verdict.record : nil
                    let keys = context.map { Self.cell(TableCellText.contextKey($0, record: record)) }
                    text += layout.detail("unsigned context (not covered by the signature): " + keys.joined(separator: ", "))
                }
            }
        }
        if !text.isEmpty { try writer.write(Array(text.utf8)) }
    }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {
        var text = header ?? ""
        let unlisted = totals.counts[.unsigned, default: 0] - listedUnsigned
        if unlisted > 0 {
            text += layout.free("(\(unlisted) more unsigned sample(s) not listed)")
        }
        let unsigned = totals.counts[.unsigned, default: 0]
        if unsigned > 0 {
            // Top-level records of a correlation member's type that matched no correlation are
            // unsigned too; they are known only now, so they appear as one entry of their own.
            let settled = unsigned - unsignedByType.total
            text += layout.free("unsigned by type: " + unsignedByType.text(extra: settled > 0 ? ("member-type records", settled) : nil))
            text += layout.free("unsigned by source: " + Self.cell(unsignedBySource.text(extra: settled > 0 ? ("member-type records", settled) : nil)))
        }
        if totals.correlationMemberCopies > 0 {
            text += layout.free("(\(totals.correlationMemberCopies) unsigned top-level record(s) are copies of correlation members, not counted)")
        }
        if totals.correlationMemberCopiesIncomplete {
            text += layout.free("(too many correlation members to settle every copy: some copies are counted as unsigned)")
        }
        for note in repeatedNotes where note.repeats > 0 {
            text += layout.free("(note \"\(note.text)\" also applies to \(note.repeats) more row\(note.repeats == 1 ? "" : "s"))")
        }
        for batch in totals.batches {
            text += layout.free(BatchStatusText.line(batch))
        }
        for line in totals.revocation?.tableLines ?? [] { text += layout.free(line) }
        if !totals.timestamps.isEmpty { text += layout.free(totals.timestamps.tableLine) }
        text += layout.free("summary: \(totals.countsLine)")
        try writer.write(Array(text.utf8))
    }

    /// Most distinct notes remembered to print each once; a note beyond them is printed every time.
    static let rememberedNoteLimit = 1000
    /// The notes printed so far, in order, and how many later rows had the same note.
    private var repeatedNotes: [(text: String, repeats: Int)] = []
    private var noteIndex: [String: Int] = [:]

    /// A note under row `position`, printed the first time only: an export whose every reading
    /// carries the same note (a device string the export leaves out) would otherwise repeat it
    /// under every row. How many rows repeated it is said once at the end.
    private func note(_ text: String, position: Int) -> String {
        if let index = noteIndex[text] {
            repeatedNotes[index].repeats += 1
            return ""
        }
        if noteIndex.count < Self.rememberedNoteLimit {
            noteIndex[text] = repeatedNotes.count
            repeatedNotes.append((text, 0))
        }
        return layout.free("note #\(position): \(text)")
    }

    /// The reading in a row: a workout's activity, duration and totals; otherwise the stored
    /// value with its unit as people write it (``TableCellText``).
    static func readingText(_ decided: borrowing DecidedSample, _ reading: ReportedReading) -> String {
        if case .workout(let workout)? = decided.sample { return TableCellText.workout(workout) }
        return TableCellText.unit(reading.text)
    }

    /// A value from the input as table text: control characters escaped (``TerminalText``), so
    /// a stored value cannot redraw the report on a terminal.
    static func cell(_ text: String) -> String { TerminalText(text).description }

    /// The rest of the reading under its row: start (when the row has no column for it), end,
    /// device, source (those that are known). A device the signature of a valid row does not
    /// cover is labelled so (`unsignedDevice`).
    func detail(_ reading: ReportedReading, start: String?, unsignedDevice: Bool = false) -> String {
        let parts = [start.map { "start \($0)" }, reading.endDate.map { "end \(Self.cell($0))" },
                     reading.deviceText.map { "device \(Self.cell($0))" + (unsignedDevice ? " (unsigned context)" : "") },
                     reading.source.map { "source \(Self.cell($0))" }].compactMap { $0 }
        return parts.isEmpty ? "" : layout.details(parts)
    }

    /// `BloodPressureSystolic` for `HKQuantityTypeIdentifierBloodPressureSystolic`.
    static func shortType(_ type: String) -> String {
        SampleTypeShortName.of(type)
    }
}

/// Counts by name, most frequent first, with a bound on distinct names.
struct UnsignedBreakdown {
    /// Most distinct names kept; further ones are counted under "other".
    static let limit = 1000
    /// The name a key is counted under (a type's short name).
    private let naming: (String) -> String
    private var countedRuns: [String: Int] = [:]
    private var otherRuns = 0
    private(set) var total = 0
    // Consecutive samples nearly always share their type and source: a run of equal keys is
    // counted here, and named and put in `counts` once, when another key comes or the text is
    // made. Adding the run at once counts as adding each of its samples would: the name is in
    // `counts` after the first, or `counts` stays full.
    private var runKey: String?
    private var runLength = 0

    /// A breakdown counting each key under `naming(key)`.
    init(naming: @escaping (String) -> String = { $0 }) {
        self.naming = naming
    }

    mutating func add(_ key: String) {
        total += 1
        if key == runKey {
            runLength += 1
            return
        }
        endRun()
        runKey = key
        runLength = 1
    }

    private mutating func endRun() {
        guard let key = runKey else { return }
        let name = naming(key)
        if countedRuns[name] != nil || countedRuns.count < Self.limit {
            countedRuns[name, default: 0] += runLength
        } else {
            otherRuns += runLength
        }
        runKey = nil
        runLength = 0
    }

    /// Samples per name (at most ``limit`` names).
    var counts: [String: Int] { ended.countedRuns }
    /// Samples counted as "other": their names came after ``limit`` others.
    var other: Int { ended.otherRuns }

    /// The breakdown with its run counted.
    private var ended: UnsignedBreakdown {
        var ended = self
        ended.endRun()
        return ended
    }

    /// `HeartRate 12, StepCount 3, other 2`.
    func text(extra: (String, Int)?) -> String {
        let ended = ended
        var entries = ended.countedRuns.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        if ended.otherRuns > 0 { entries.append(("other", ended.otherRuns)) }
        if let extra { entries.append(extra) }
        return entries.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
}
