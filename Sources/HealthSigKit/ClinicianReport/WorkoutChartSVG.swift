/// Draws workout minutes per week as stacked bars on the report's shared time axis, in the style
/// of ``ReportChartSVG``: round value ticks, the 150 minutes a week of activity guidelines as a
/// dashed line (when a bar is one week), one segment per reading class in its colour (unsigned
/// outlined, as unsigned sleep bands are), problems stacked on top and marked with their shape,
/// so the bars read in black and white too.
enum WorkoutChartSVG {
    /// Stacking order, bottom to top: problems last, so they are on top.
    static let order: [ReadingClass] = [.authentic, .unsigned, .notChecked, .altered]

    /// Minutes of activity a week that guidelines ask for (WHO 2020, AHA).
    static let weeklyTarget = 150.0

    static func render(_ weeks: WeeklyDurations, axis: ChartTimeAxis) -> String {
        guard weeks.span != nil else { return "" }
        let highest = weeks.bars.values.map { $0.reduce(0, +) }.max() ?? 0
        var reference = ChartReference()
        if weeks.weeksPerBar == 1 { reference.lines = [ChartReference.Line(value: weeklyTarget, label: "150 min")] }
        let ticks = ValueTicks(covering: 0, max(highest, reference.values.max() ?? 1, 1))
        let frame = ReportChartSVG.Frame(start: axis.start, end: axis.end, low: 0, high: ticks.high)
        let per = weeks.weeksPerBar == 1 ? "week" : "\(weeks.weeksPerBar) weeks"
        var svg = ReportChartSVG.open("Workout minutes per \(per), by result") + ReportChartSVG.axes(frame, unit: "min", axis: axis, ticks: ticks)
        let barSeconds = Double(weeks.weeksPerBar * WeeklyDurations.weekSeconds)
        for (index, minutes) in weeks.bars.sorted(by: { $0.key < $1.key }) {
            let x0 = frame.x(Double(weeks.start(ofBar: index))), x1 = frame.x(Double(weeks.start(ofBar: index)) + barSeconds)
            let width = max((x1 - x0) * 0.8, 1.5), x = x0 + (x1 - x0 - width) / 2
            var base = 0.0
            for readingClass in order {
                let value = minutes[readingClass.rawValue]
                guard value > 0 else { continue }
                let top = frame.y(base + value), bottom = frame.y(base)
                let solid = readingClass != .unsigned
                svg += "<rect x=\"\(SVGNumber.format(x))\" y=\"\(SVGNumber.format(top))\" width=\"\(SVGNumber.format(width))\" height=\"\(SVGNumber.format(max(bottom - top, 0.5)))\" fill=\"\(solid ? readingClass.colour : "#fff")\" fill-opacity=\"\(solid ? "0.75" : "1")\" stroke=\"\(readingClass.colour)\" stroke-width=\"0.8\"/>"
                if readingClass == .altered || readingClass == .notChecked {
                    svg += readingClass.marker(x: x + width / 2, y: (top + bottom) / 2)
                }
                base += value
            }
        }
        return svg + ReportChartSVG.referenceLines(reference, frame) + "</svg>"
    }

    /// A result's marker on its own, before the result in words in a table cell; hidden from
    /// screen readers, which read the words.
    static func mark(_ readingClass: ReadingClass) -> String {
        "<svg class=\"mark\" viewBox=\"0 0 12 12\" width=\"12\" height=\"12\" aria-hidden=\"true\">" + readingClass.marker(x: 6, y: 6.5) + "</svg>"
    }
}
