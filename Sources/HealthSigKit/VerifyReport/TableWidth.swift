import Foundation

/// The width `verify --format table` fits: the terminal's, when the report goes to one (its
/// size as `ioctl` `TIOCGWINSZ` gives it on the output descriptor); else `COLUMNS` when it holds
/// a whole number from 1 to 10,000; else 80. A table narrower than
/// ``TableLayout/minimumWidth`` is laid out that wide.
public enum TableWidth {
    /// Largest `COLUMNS` taken as a width.
    static let largest = 10_000

    /// The width for a report written to `output`.
    public static func of(_ output: StagedOutput, environment: [String: String]) -> Int {
        choose(terminal: output.terminalColumns, columns: environment["COLUMNS"])
    }

    /// The terminal's width, else `COLUMNS` if valid, else ``TableReportSink/defaultWidth``.
    static func choose(terminal: Int?, columns: String?) -> Int {
        if let terminal, terminal > 0 { return terminal }
        if let columns, let value = Int(columns.trimmingCharacters(in: .whitespaces)), (1...largest).contains(value) { return value }
        return TableReportSink.defaultWidth
    }
}
