/// The columns of `verify --format table` for a terminal `width` cells wide.
///
/// The table is streamed: each row is written when its verdict is decided, so the column
/// widths cannot depend on later rows; they are chosen from the width alone. A row is one line:
/// a cell longer than its column is cut with `…` and shown whole under the row; what does not
/// fit beside the columns goes to indented lines under the row: the start date (on narrow
/// terminals, with the end, device and source) and the reason. Every line, these and the free lines (unsigned,
/// unreadable, notes, counts, summary), is at most `width` cells.
struct TableLayout: Sendable, Equatable {
    /// The columns a row can have, in order.
    enum Column: String, Sendable, CaseIterable {
        case position = "#", type = "TYPE", reading = "READING", start = "START", verdict = "VERDICT", signer = "SIGNER",
             reason = "REASON"

        /// The width the column gets when there is room.
        var ideal: Int {
            switch self {
            case .position: 7
            case .type: 24
            case .reading: 16
            case .start: 25
            case .verdict: 16
            case .signer: 24
            case .reason: 30
            }
        }

        /// The width it keeps while other columns can still give up cells: a short key id
        /// (16 hex digits and `…`) on one line.
        var preferred: Int {
            switch self {
            case .position: 5
            case .type: 14
            case .reading: 12
            case .start: 20
            case .verdict: 16
            case .signer: 17
            case .reason: 30
            }
        }

        /// The narrowest it gets.
        var minimum: Int {
            switch self {
            case .position: 3
            case .type, .reading, .signer: 5
            case .start: 10
            case .verdict: 7
            case .reason: 20
            }
        }
    }

    /// Narrowest table laid out; a narrower terminal is treated as this wide.
    static let minimumWidth = 40
    /// Cells between two columns.
    static let gap = 2
    /// Indent of the continuation lines of a free line (summary, notes, unsigned lines).
    static let freeIndent = 4

    /// The terminal width the table fits.
    let width: Int
    /// The row's columns and their widths, in order.
    let columns: [(column: Column, width: Int)]

    static func == (a: TableLayout, b: TableLayout) -> Bool {
        a.width == b.width && a.columns.map(\.column) == b.columns.map(\.column) && a.columns.map(\.width) == b.columns.map(\.width)
    }

    /// The layout for a terminal `width` cells wide.
    init(width requested: Int) {
        width = max(requested, Self.minimumWidth)
        let six: [Column] = [.position, .type, .reading, .start, .verdict, .signer]
        let sixWidth = six.map(\.ideal).reduce(0, +) + Self.gap * (six.count - 1)
        if width >= sixWidth + Self.gap + Column.reason.ideal {
            // Wide: every column, the reason taking what is left.
            columns = six.map { ($0, $0.ideal) } + [(.reason, width - sixWidth - Self.gap)]
        } else if width >= sixWidth {
            columns = six.map { ($0, $0.ideal) }
        } else {
            // Narrow: the start date joins the end date under the row; the rest shrinks.
            let five: [Column] = [.position, .type, .reading, .verdict, .signer]
            columns = Self.shrink(five, toFit: width - Self.gap * (five.count - 1))
        }
    }

    /// Widths for `columns` that add up to at most `available`: the column furthest above its
    /// preferred width gives up a cell at a time; then the one furthest above its minimum, the
    /// verdict last (`content-mismatch` and `untrusted-signer` are 16 cells).
    static func shrink(_ columns: [Column], toFit available: Int) -> [(column: Column, width: Int)] {
        var widths = columns.map(\.ideal)
        let floors: [(Column) -> Int] = [{ $0.preferred }, { $0 == .verdict ? $0.preferred : $0.minimum }, { $0.minimum }]
        for floor in floors {
            while widths.reduce(0, +) > available {
                let candidates = widths.indices.filter { widths[$0] > floor(columns[$0]) }
                guard let widest = candidates.max(by: { widths[$0] - floor(columns[$0]) < widths[$1] - floor(columns[$1]) }) else { break }
                widths[widest] -= 1
            }
        }
        return zip(columns, widths).map { ($0, $1) }
    }

    /// Whether the row has a column for `column`.
    func shows(_ column: Column) -> Bool { columns.contains { $0.column == column } }

    /// Indent of the lines under a row: past the `#` column.
    var detailIndent: Int { (columns.first?.width ?? 0) + Self.gap }

    /// The header row.
    var header: String { row(Dictionary(uniqueKeysWithValues: columns.map { ($0.column, $0.column.rawValue) })) }

    /// A row on one line: each cell cut to its column with `…` (``cutColumns(_:)`` says which;
    /// the caller shows those whole under the row), never wrapped within it, so the columns
    /// stay readable side by side. Trailing spaces are dropped.
    func row(_ cells: [Column: String]) -> String {
        var line = ""
        for (index, column) in columns.enumerated() {
            if index > 0 { line += String(repeating: " ", count: Self.gap) }
            line += TerminalColumns.padded(TerminalColumns.truncated(cells[column.column] ?? "", to: column.width), to: column.width)
        }
        return line.trailingSpacesRemoved + "\n"
    }

    /// The columns of the row whose cell in `cells` is wider than the column.
    func cutColumns(_ cells: [Column: String]) -> Set<Column> {
        Set(columns.filter { TerminalColumns.width(cells[$0.column] ?? "") > $0.width }.map(\.column))
    }

    /// Text under a row, indented past the `#` column and wrapped to the width.
    func detail(_ text: String) -> String {
        let indent = String(repeating: " ", count: detailIndent)
        return TerminalColumns.wrap(text, to: width - detailIndent).map { indent + $0 + "\n" }.joined()
    }

    /// Parts under a row (`start …`, `end …`, `device …`), two spaces apart, a new line where
    /// the next part does not fit; a part longer than a line is wrapped on its own.
    func details(_ parts: [String]) -> String {
        let limit = width - detailIndent
        var lines: [String] = []
        var current = ""
        for part in parts {
            let joined = current.isEmpty ? part : current + "  " + part
            if TerminalColumns.width(joined) <= limit {
                current = joined
                continue
            }
            if !current.isEmpty { lines.append(current) }
            let pieces = TerminalColumns.wrap(part, to: limit)
            lines += pieces.dropLast()
            current = pieces.last ?? ""
        }
        if !current.isEmpty { lines.append(current) }
        let indent = String(repeating: " ", count: detailIndent)
        return lines.map { indent + $0 + "\n" }.joined()
    }

    /// A line of its own (summary, notes, unsigned samples), wrapped to the width; its
    /// continuation lines indented by ``freeIndent``.
    func free(_ text: String) -> String {
        let first = TerminalColumns.wrap(text, to: width)
        guard first.count > 1 else { return text + "\n" }
        let head = first[0]
        let rest = String(text.dropFirst(head.count)).drop { $0 == " " }
        let indent = String(repeating: " ", count: Self.freeIndent)
        return head + "\n" + TerminalColumns.wrap(String(rest), to: width - Self.freeIndent).map { indent + $0 + "\n" }.joined()
    }
}
