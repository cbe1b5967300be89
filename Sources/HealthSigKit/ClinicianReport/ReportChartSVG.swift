import Foundation
import HealthSamples

/// Draws a ``ReportChart`` as inline SVG on the report's shared time axis (``ChartTimeAxis``):
/// date ticks under every chart, round value ticks (``ValueTicks``) with the unit, the type's
/// reference band or threshold (``ChartReference``) behind the readings. A bin that still holds
/// its readings one by one draws each at its own time; a reading in the evening (18:00–24:00)
/// carries a centre dot, so morning and evening readings differ in shape, not in colour alone.
/// Readings too close to tell apart are spread a few units apart, and past four a count badge
/// `×N` says how many there are. A bin of many readings is a vertical line from their lowest to
/// their highest value with a mark at each end, its count in a badge. Blood pressure is a line
/// from diastolic to systolic per reading; categories are bands, one row per value.
enum ReportChartSVG {
    static let width = 720.0
    static let height = 240.0
    static let left = 64.0, right = 64.0, top = 12.0, bottom = 40.0

    static func render(_ chart: ReportChart, axis: ChartTimeAxis) -> String {
        guard chart.timeSpan != nil else { return "" }
        switch chart.series {
        case .values(let unit, let bins):
            return values(bins, unit: unit, title: chart.title, type: chart.typeIdentifier, axis: axis)
        case .pairs(let unit, let bins):
            return pairs(bins, unit: unit, type: chart.typeIdentifier, axis: axis)
        case .bands(let type, let bins):
            return bands(bins, type: type, title: chart.title, axis: axis)
        }
    }

    // MARK: Axes

    struct Frame {
        let start: Int64, end: Int64, low: Double, high: Double
        var plotWidth: Double { ReportChartSVG.width - ReportChartSVG.left - ReportChartSVG.right }
        var plotHeight: Double { ReportChartSVG.height - ReportChartSVG.top - ReportChartSVG.bottom }
        func x(_ seconds: Double) -> Double {
            ReportChartSVG.left + (seconds - Double(start)) / Double(max(end - start, 1)) * plotWidth
        }
        func y(_ value: Double) -> Double {
            ReportChartSVG.top + (high - value) / max(high - low, 1e-9) * plotHeight
        }
    }

    static func open(_ label: String) -> String {
        "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\">"
    }

    static func f(_ value: Double) -> String { SVGNumber.format(value) }

    /// The frame, day lines and date ticks of the shared axis, value ticks with the unit.
    static func axes(_ frame: Frame, unit: String?, axis: ChartTimeAxis, ticks: ValueTicks?) -> String {
        var svg = ""
        let bottomY = top + frame.plotHeight
        for day in axis.gridlines {
            let x = frame.x(Double(day))
            svg += "<line x1=\"\(f(x))\" x2=\"\(f(x))\" y1=\"\(f(top))\" y2=\"\(f(bottomY))\" stroke=\"#f0f0f0\" stroke-width=\"0.6\"/>"
        }
        if let ticks {
            for value in ticks.values {
                let y = frame.y(value)
                svg += "<line x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(y))\" y2=\"\(f(y))\" stroke=\"#e3e3e3\" stroke-width=\"0.6\"/>"
                svg += "<text x=\"\(f(left - 4))\" y=\"\(f(y + 3.5))\" text-anchor=\"end\" class=\"tick\">\(ticks.label(value))</text>"
            }
        }
        for (second, label) in axis.ticks {
            let x = frame.x(Double(second))
            svg += "<line x1=\"\(f(x))\" x2=\"\(f(x))\" y1=\"\(f(top))\" y2=\"\(f(bottomY + 4))\" stroke=\"#cfcfcf\" stroke-width=\"0.6\"/>"
            svg += "<text x=\"\(f(x))\" y=\"\(f(bottomY + 15))\" text-anchor=\"middle\" class=\"tick date\">\(HTMLText.escape(label))</text>"
        }
        svg += "<text x=\"\(f(width - right))\" y=\"\(f(bottomY + 30))\" text-anchor=\"end\" class=\"tick\">\(HTMLText.escape(axis.caption))</text>"
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(frame.plotWidth))\" height=\"\(f(frame.plotHeight))\" fill=\"none\" stroke=\"#999\" stroke-width=\"0.8\"/>"
        if let unit {
            svg += "<text x=\"12\" y=\"\(f(top + frame.plotHeight / 2))\" transform=\"rotate(-90 12 \(f(top + frame.plotHeight / 2)))\" text-anchor=\"middle\" class=\"unit\">\(HTMLText.escape(unit))</text>"
        }
        return svg
    }

    /// The reference bands (shaded, under everything) of a chart.
    static func referenceBands(_ reference: ChartReference, _ frame: Frame) -> String {
        reference.bands.map { band in
            let y0 = frame.y(band.high), y1 = frame.y(band.low)
            return "<rect class=\"reference\" x=\"\(f(left))\" y=\"\(f(y0))\" width=\"\(f(frame.plotWidth))\" height=\"\(f(max(y1 - y0, 0.5)))\" fill=\"#dcefdc\"/>"
                + "<text x=\"\(f(width - right + 4))\" y=\"\(f(y0 + 3.5))\" class=\"tick reference\">\(HTMLText.escape(band.label))</text>"
        }.joined()
    }

    /// The reference thresholds: dashed lines, labelled at the right.
    static func referenceLines(_ reference: ChartReference, _ frame: Frame) -> String {
        reference.lines.map { line in
            let y = frame.y(line.value)
            return "<line class=\"reference\" x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(y))\" y2=\"\(f(y))\" stroke=\"#2a7a2a\" stroke-width=\"1\" stroke-dasharray=\"5 3\"/>"
                + "<text x=\"\(f(width - right + 4))\" y=\"\(f(y + 3.5))\" class=\"tick reference\">\(HTMLText.escape(line.label))</text>"
        }.joined()
    }

    /// The unit beside the axis, as clinicians write it (`bpm`, `°C`, `mmol/L`: ``ClinicalUnits``).
    static func unitLabel(_ unit: HealthUnit, type: String) -> String {
        ClinicalUnits.unit(unit.unitString, type: type)
    }

    // MARK: Marks

    /// One drawn mark: a reading at its time, or a summarised bin (`count` > 1) as a line from
    /// `y` to `yLow`. Blood pressure always has a `yLow` (diastolic).
    struct Mark {
        var x: Double
        let y: Double
        let yLow: Double?
        let readingClass: ReadingClass
        let evening: Bool
        let count: Int
    }

    /// Marks closer than this are spread apart or badged.
    static let closeness = 4.5
    /// Most marks of one cluster spread apart; a bigger cluster keeps its places and gets a badge.
    static let spreadLimit = 4

    /// Draws marks so none hides another: a cluster of marks closer than ``closeness`` is spread
    /// around its centre when it has at most ``spreadLimit`` marks, else drawn in place with a
    /// count badge; a summarised bin carries its count. Problems are drawn on top.
    static func draw(_ marks: [Mark]) -> String {
        var marks = marks.sorted { $0.x < $1.x }
        var badges = ""
        var index = 0
        while index < marks.count {
            var end = index + 1
            while end < marks.count && marks[end].x - marks[end - 1].x < closeness { end += 1 }
            let size = end - index
            let readings = marks[index..<end].reduce(0) { $0 + $1.count }
            if size > 1 && size <= spreadLimit {
                let centre = marks[index..<end].reduce(0) { $0 + $1.x } / Double(size)
                for position in index..<end {
                    marks[position].x = centre + (Double(position - index) - Double(size - 1) / 2) * closeness
                }
            }
            if readings > 1 && (size > spreadLimit || readings > size) {
                let x = marks[index..<end].map(\.x).max() ?? marks[index].x
                let y = marks[index..<end].map(\.y).min() ?? marks[index].y
                badges += "<text x=\"\(f(x + 5))\" y=\"\(f(max(y - 5, top + 8)))\" class=\"badge\">×\(readings)</text>"
            }
            index = end
        }
        var svg = ""
        for readingClass in order {
            for mark in marks where mark.readingClass == readingClass {
                if let yLow = mark.yLow, abs(yLow - mark.y) >= 0.5 {
                    svg += "<line x1=\"\(f(mark.x))\" x2=\"\(f(mark.x))\" y1=\"\(f(mark.y))\" y2=\"\(f(yLow))\" stroke=\"\(readingClass.colour)\" stroke-width=\"1.3\"/>"
                    svg += marker(readingClass, x: mark.x, y: yLow, evening: mark.evening)
                }
                svg += marker(readingClass, x: mark.x, y: mark.y, evening: mark.evening)
            }
        }
        return svg + badges
    }

    /// A class's marker; an evening reading's with a centre dot (white in a filled mark, the
    /// class colour in the unsigned outline), so it differs by shape from a morning one.
    static func marker(_ readingClass: ReadingClass, x: Double, y: Double, evening: Bool) -> String {
        let mark = readingClass.marker(x: x, y: y)
        guard evening else { return mark }
        let dotY = readingClass == .altered ? y + 0.6 : y
        return mark + "<circle cx=\"\(f(x))\" cy=\"\(f(dotY))\" r=\"1.4\" fill=\"\(readingClass == .unsigned ? readingClass.colour : "#fff")\" class=\"evening\"/>"
    }

    // MARK: Series

    /// Drawing order: unsigned below, problems on top.
    static let order: [ReadingClass] = [.unsigned, .authentic, .notChecked, .altered]

    static func values(_ bins: TimeBins<ValueBin>, unit: HealthUnit, title: String, type: String, axis: ChartTimeAxis) -> String {
        let reference = ChartReference.of(type: type, unit: unit)
        let ranges = bins.bins.values.flatMap { $0.ranges.filter { $0.count > 0 } }
        let ticks = ValueTicks(covering: (ranges.map(\.low) + reference.values).min() ?? 0, (ranges.map(\.high) + reference.values).max() ?? 1)
        let frame = Frame(start: axis.start, end: axis.end, low: ticks.low, high: ticks.high)
        var svg = open("\(title) over time") + referenceBands(reference, frame)
            + axes(frame, unit: unitLabel(unit, type: type), axis: axis, ticks: ticks) + referenceLines(reference, frame)
        var marks: [Mark] = []
        for bin in bins.bins.values {
            for readingClass in ReadingClass.allCases {
                let range = bin.ranges[readingClass.rawValue]
                guard range.count > 0 else { continue }
                if let readings = range.readings {
                    for reading in readings {
                        marks.append(Mark(x: frame.x(Double(reading.time)), y: frame.y(reading.value), yLow: nil, readingClass: readingClass,
                                          evening: axis.time.dayPart(reading.time) == .evening, count: 1))
                    }
                } else {
                    marks.append(Mark(x: frame.x((Double(range.earliest) + Double(range.latest)) / 2), y: frame.y(range.high), yLow: frame.y(range.low),
                                      readingClass: readingClass, evening: false, count: range.count))
                }
            }
        }
        svg += draw(marks)
        return svg + "</svg>"
    }

    static func pairs(_ bins: TimeBins<PairBin>, unit: HealthUnit, type: String, axis: ChartTimeAxis) -> String {
        let reference = ChartReference.of(type: type, unit: unit)
        let ranges = bins.bins.values.flatMap { ($0.upper + $0.lower).filter { $0.count > 0 } }
        let ticks = ValueTicks(covering: (ranges.map(\.low) + reference.values).min() ?? 0, (ranges.map(\.high) + reference.values).max() ?? 1)
        let frame = Frame(start: axis.start, end: axis.end, low: ticks.low, high: ticks.high)
        var svg = open("Blood pressure over time, systolic over diastolic") + referenceBands(reference, frame)
            + axes(frame, unit: unitLabel(unit, type: type), axis: axis, ticks: ticks) + referenceLines(reference, frame)
        var marks: [Mark] = []
        for bin in bins.bins.values {
            for readingClass in ReadingClass.allCases {
                let upper = bin.upper[readingClass.rawValue], lower = bin.lower[readingClass.rawValue]
                guard upper.count > 0, lower.count > 0 else { continue }
                if let systolic = upper.readings, let diastolic = lower.readings, systolic.count == diastolic.count {
                    for (s, d) in zip(systolic, diastolic) {
                        marks.append(Mark(x: frame.x(Double(s.time)), y: frame.y(s.value), yLow: frame.y(d.value), readingClass: readingClass,
                                          evening: axis.time.dayPart(s.time) == .evening, count: 1))
                    }
                } else {
                    marks.append(Mark(x: frame.x((Double(upper.earliest) + Double(upper.latest)) / 2), y: frame.y(upper.high), yLow: frame.y(lower.low),
                                      readingClass: readingClass, evening: false, count: upper.count))
                }
            }
        }
        svg += draw(marks)
        return svg + "</svg>"
    }

    static func bands(_ bins: TimeBins<BandBin>, type: CategoryType, title: String, axis: ChartTimeAxis) -> String {
        let lanes = lanes(bins, type: type)
        let frame = Frame(start: axis.start, end: axis.end, low: 0, high: 1)
        var svg = open("\(title) over time") + axes(frame, unit: nil, axis: axis, ticks: nil)
        let laneHeight = frame.plotHeight / Double(max(lanes.count, 1))
        for (row, value) in lanes.enumerated() {
            let y = top + Double(row) * laneHeight
            svg += "<text x=\"\(f(left - 4))\" y=\"\(f(y + laneHeight / 2 + 3.5))\" text-anchor=\"end\" class=\"tick\">\(HTMLText.escape(laneName(value, type: type)))</text>"
            for (index, bin) in bins.bins.sorted(by: { $0.key < $1.key }) {
                guard let mask = bin.classes[value] else { continue }
                let x0 = frame.x(Double(index) * Double(bins.width)), x1 = frame.x(Double(index + 1) * Double(bins.width))
                let worst = worstClass(mask)
                let solid = worst != .unsigned
                svg += "<rect x=\"\(f(x0))\" y=\"\(f(y + laneHeight * 0.2))\" width=\"\(f(max(x1 - x0, 1)))\" height=\"\(f(laneHeight * 0.6))\" fill=\"\(solid ? worst.colour : "#fff")\" fill-opacity=\"\(solid ? "0.75" : "1")\" stroke=\"\(worst.colour)\" stroke-width=\"0.6\"/>"
                if worst == .altered || worst == .notChecked {
                    svg += worst.marker(x: (x0 + x1) / 2, y: y + laneHeight / 2)
                }
            }
        }
        return svg + "</svg>"
    }

    /// A category chart's rows: the type's values in its order, then any other value seen.
    static func lanes(_ bins: TimeBins<BandBin>, type: CategoryType) -> [Int] {
        let seen = Set(bins.bins.values.flatMap { $0.classes.keys })
        return type.values.map(\.rawValue).filter(seen.contains) + seen.subtracting(type.values.map(\.rawValue)).sorted()
    }

    static func laneName(_ value: Int, type: CategoryType) -> String {
        type.value(forRawValue: value)?.name ?? String(value)
    }

    /// The class a band is drawn in: the worst it holds.
    static func worstClass(_ mask: UInt8) -> ReadingClass {
        order.last { mask & UInt8(1 << $0.rawValue) != 0 } ?? .authentic
    }

    /// The legend: each reading class with its marker, then the time of day, the count badge
    /// and the reference.
    static func legend() -> String {
        var svg = "<svg class=\"legend\" viewBox=\"0 0 720 44\" width=\"720\" height=\"44\" role=\"img\" aria-label=\"legend\">"
        var x = 10.0
        for (readingClass, next) in [(ReadingClass.authentic, 200.0), (.altered, 140), (.notChecked, 150), (.unsigned, 0)] {
            svg += readingClass.marker(x: x, y: 10)
            svg += "<text x=\"\(f(x + 9))\" y=\"14\" class=\"tick\">\(readingClass.label)</text>"
            x += next
        }
        svg += ReadingClass.authentic.marker(x: 10, y: 32) + "<text x=\"19\" y=\"36\" class=\"tick\">morning (04–12), other times</text>"
        svg += marker(.authentic, x: 190, y: 32, evening: true) + "<text x=\"199\" y=\"36\" class=\"tick\">evening (18–24): centre dot</text>"
        svg += "<text x=\"370\" y=\"36\" class=\"badge\">×3</text><text x=\"390\" y=\"36\" class=\"tick\">readings in one place</text>"
        svg += "<rect x=\"535\" y=\"27\" width=\"14\" height=\"9\" fill=\"#dcefdc\"/><line x1=\"553\" x2=\"567\" y1=\"32\" y2=\"32\" stroke=\"#2a7a2a\" stroke-dasharray=\"5 3\"/>"
            + "<text x=\"571\" y=\"36\" class=\"tick\">target / threshold</text>"
        return svg + "</svg>"
    }
}
