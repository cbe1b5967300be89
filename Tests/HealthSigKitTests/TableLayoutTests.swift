import Testing
@testable import HealthSigKit

/// The verify table fits the terminal: cells measured in terminal cells, cut with `…` to fixed
/// columns chosen from the width alone, and no line wider than the width.
@Suite("verify table: columns fitted to the terminal width")
struct TableLayoutTests {
    /// Cells of `text` as a terminal shows it, counted here independently of the code under
    /// test, for the characters these tests use: CJK ideographs and kana take 2, the combining
    /// acute accent U+0301 none, everything else 1.
    static func cells(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x0301: total
            case 0x3040...0x30FF, 0x4E00...0x9FFF: total + 2
            default: total + 1
            }
        }
    }

    @Test("display width: a CJK character takes 2 cells, a combining mark none, ASCII 1")
    func displayWidth() {
        #expect(TerminalColumns.width("Acme") == 4)
        #expect(TerminalColumns.width("心拍数") == 6)
        #expect(TerminalColumns.width("e\u{301}te\u{301}") == 3)
        #expect(TerminalColumns.width("ハート") == 6)
    }

    @Test("wrapping breaks at spaces, splits a word only when it is longer than a line, never exceeds the width",
          arguments: [5, 8, 13, 20])
    func wrapping(limit: Int) {
        let text = "device.name: signed Acme HR Strap, stored 心拍数ストラップ Supercalifragilisticexpialidocious e\u{301}te\u{301}"
        let lines = TerminalColumns.wrap(text, to: limit)
        #expect(lines.allSatisfy { Self.cells($0) <= limit }, "\(lines)")
        #expect(lines.joined(separator: " ").replacingOccurrences(of: " ", with: "") == text.replacingOccurrences(of: " ", with: ""))
        if limit >= 13 { #expect(lines.contains { $0.hasSuffix("signed") || $0.contains("signed Acme") }) }
    }

    @Test("column widths depend on the width only: 7 columns when wide, the reason under the row at 122, the start too below")
    func layouts() {
        #expect(TableLayout(width: 200).columns.map(\.column) == [.position, .type, .reading, .start, .verdict, .signer, .reason])
        #expect(TableLayout(width: 200).columns.last?.width == 200 - 124)
        #expect(TableLayout(width: 130).columns.map(\.column) == [.position, .type, .reading, .start, .verdict, .signer])
        for width in [40, 60, 80, 100, 121] {
            let layout = TableLayout(width: width)
            #expect(layout.columns.map(\.column) == [.position, .type, .reading, .verdict, .signer])
            let used = layout.columns.map(\.width).reduce(0, +) + TableLayout.gap * (layout.columns.count - 1)
            #expect(used <= width, "\(width): \(layout.columns.map(\.width))")
        }
        // content-mismatch and untrusted-signer keep their 16 cells from 60 columns up.
        #expect(TableLayout(width: 60).columns.first { $0.column == .verdict }?.width == 16)
        #expect(TableLayout(width: 20).width == TableLayout.minimumWidth)
    }

    @Test("every line of a table with long types, readings, reasons, signers and devices fits 60, 80 and 100 columns",
          arguments: [60, 80, 100])
    func linesFit(width: Int) throws {
        let layout = TableLayout(width: width)
        let reason = "device.name: signed Acme HR Strap, stored 心拍数ストラップ Acme Medical Devices Incorporated Model HR-10 Professional Edition; value: signed 72 count/min, stored 75 count/min"
        var text = layout.header
        text += layout.row([.position: "1234567", .type: "BloodPressureDiastolicMeasurementOfTheLeftArm", .reading: "120/80 mmHg, 36.6 degC",
                            .start: "2026-11-21T08:05:00.250+01:00", .verdict: "content-mismatch",
                            .signer: "Acme BP-200 Cuff Serial Number 0001 (Factory 3)", .reason: reason])
        text += layout.detail("start 2026-11-21T08:05:00.250+01:00  end 2026-11-21T08:05:40+01:00  device Acme 心拍数ストラップ Strap (HR-10 Professional)  source Someone's iPhone 15 Pro Max")
        text += layout.detail("reason: " + reason)
        text += layout.free("unsigned by source: Someone's iPhone 15 Pro Max 12345, Acme Health Companion App for Blood Pressure 3, (no source) 1")
        text += layout.free("summary: valid=123456 unsigned=0 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=1 unreadable=2")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count >= 10)
        for line in lines { #expect(Self.cells(String(line)) <= width, "\(width): \(line)") }
        // Nothing was lost: every word of the reason is in the text.
        for word in reason.split(separator: " ") { #expect(text.contains(word), "\(word)") }
    }

    @Test("a row is one line at every width: a cell longer than its column is cut with an ellipsis, never wrapped",
          arguments: [40, 60, 80, 100, 200])
    func rowsAreOneLine(width: Int) {
        let layout = TableLayout(width: width)
        let cells: [TableLayout.Column: String] = [
            .position: "12", .type: "BloodPressureDiastolicMeasurementOfTheLeftArm", .reading: "Running 40 min 30 s, 6.21 km, 412 kcal",
            .start: "2026-11-21T08:05:00.250+01:00", .verdict: "content-mismatch", .signer: "心拍数ストラップ Acme BP-200 Cuff",
            .reason: String(repeating: "systolic: signed 120 mmHg, stored 130 mmHg; ", count: 5),
        ]
        let row = layout.row(cells)
        #expect(row.filter { $0 == "\n" }.count == 1, "\(row)")
        #expect(Self.cells(String(row.dropLast())) <= width, "\(row)")
        #expect(row.contains("…"))
        let cut = layout.cutColumns(cells)
        #expect(cut.contains(.type) && cut.contains(.reading), "\(cut)")
        #expect(!cut.contains(.position))
        // A wide character that would straddle the column's end is left out whole.
        #expect(TerminalColumns.truncated("心拍数ストラップ", to: 6) == "心拍…")
        #expect(TerminalColumns.truncated("HeartRate", to: 9) == "HeartRate")
        #expect(TerminalColumns.truncated("HeartRate", to: 6) == "Heart…")
    }

    @Test("a molar unit is shown as people write it (mmol/L), anything else in angle brackets is kept")
    func readableUnits() {
        #expect(TableCellText.unit("5.5 mmol<180.15588000005408>/L") == "5.5 mmol/L")
        #expect(TableCellText.unit("value: signed 5.5 mmol<180.155>/L, stored 6 mmol<180.155>/L")
                == "value: signed 5.5 mmol/L, stored 6 mmol/L")
        #expect(TableCellText.unit("<<HKDevice: 0x6000>, name:Watch>") == "<<HKDevice: 0x6000>, name:Watch>")
        #expect(TableCellText.unit("72 count/min") == "72 count/min")
    }

    @Test("changed fields are named in words: a blood pressure's members as systolic and diastolic")
    func fieldsInWords() {
        #expect(TableCellText.field("objects[0].value", record: nil) == "member 1")
        #expect(TableCellText.field("totalDistance", record: nil) == "total distance")
        #expect(TableCellText.field("startDate", record: nil) == "start")
        #expect(TableCellText.field("device.model", record: nil) == "device model")
        #expect(TableCellText.field("metadata.HKTimeZone", record: nil) == "metadata HKTimeZone")
        #expect(TableCellText.field("events[1].date", record: nil) == "event 2 date")
        #expect(TableCellText.field("events[2].metadata.HKLapLength", record: nil) == "event 3 metadata HKLapLength")
        #expect(TableCellText.field("activityType", record: nil) == "activity type")
    }

    @Test("COLUMNS is used when the output is no terminal and it holds a width; otherwise 80")
    func widthChoice() {
        #expect(TableWidth.choose(terminal: 132, columns: "60") == 132)
        #expect(TableWidth.choose(terminal: nil, columns: "60") == 60)
        #expect(TableWidth.choose(terminal: nil, columns: nil) == 80)
        #expect(TableWidth.choose(terminal: nil, columns: "") == 80)
        #expect(TableWidth.choose(terminal: nil, columns: "wide") == 80)
        #expect(TableWidth.choose(terminal: nil, columns: "0") == 80)
        #expect(TableWidth.choose(terminal: nil, columns: "99999") == 80)
    }
}
