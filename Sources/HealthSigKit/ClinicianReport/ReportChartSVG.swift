import Foundation
import HealthSamples

/// Draws a ``ReportChart`` as inline SVG: time on the x axis (first and last date), the unit on
/// the y axis, one marker per reading class per bin — a bin holding several readings is drawn as
/// a vertical line from their lowest to their highest value with a marker at each end. Blood
/// pressure is a line from diastolic to systolic per bin; categories are bands, one row per value.
enum ReportChartSVG {
    static let width = 720.0
    static let height = 230.0
    static let left = 64.0, right = 12.0, top = 12.0, bottom = 36.0

    static func render(_ chart: ReportChart) -> String {
        switch chart.series {
        case .values(let unit, let bins):
            return values(bins, unit: unit, title: chart.title, type: chart.typeIdentifier)
        case .pairs(let unit, let bins):
            return pairs(bins, unit: unit, type: chart.typeIdentifier)
        case .bands(let type, let bins):
            return bands(bins, type: type, title: chart.title)
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

    /// Frame, y ticks with the unit, first and last date under the x axis.
    static func axes(_ frame: Frame, unit: String?, yTicks: Bool = true) -> String {
        var svg = "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(SVGNumber.format(frame.plotWidth))\" height=\"\(SVGNumber.format(frame.plotHeight))\" fill=\"none\" stroke=\"#999\" stroke-width=\"0.8\"/>"
        if yTicks {
            for step in 0...4 {
                let value = frame.low + (frame.high - frame.low) * Double(step) / 4
                let y = frame.y(value)
                svg += "<line x1=\"\(left)\" x2=\"\(SVGNumber.format(width - right))\" y1=\"\(SVGNumber.format(y))\" y2=\"\(SVGNumber.format(y))\" stroke=\"#e3e3e3\" stroke-width=\"0.6\"/>"
                svg += "<text x=\"\(SVGNumber.format(left - 4))\" y=\"\(SVGNumber.format(y + 3.5))\" text-anchor=\"end\" class=\"tick\">\(label(value))</text>"
            }
        }
        if let unit {
            svg += "<text x=\"12\" y=\"\(SVGNumber.format(top + frame.plotHeight / 2))\" transform=\"rotate(-90 12 \(SVGNumber.format(top + frame.plotHeight / 2)))\" text-anchor=\"middle\" class=\"unit\">\(HTMLText.escape(unit))</text>"
        }
        let baseline = height - bottom + 14
        svg += "<text x=\"\(left)\" y=\"\(SVGNumber.format(baseline))\" class=\"tick\">\(dateLabel(frame.start))</text>"
        svg += "<text x=\"\(SVGNumber.format(width - right))\" y=\"\(SVGNumber.format(baseline))\" text-anchor=\"end\" class=\"tick\">\(dateLabel(frame.end))</text>"
        return svg
    }

    static func label(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 || value == value.rounded() { return String(Int(value.rounded())) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    static func dateLabel(_ seconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// The frame of the bins' span, with the value range padded by a tenth.
    static func frame(span: (start: Int64, end: Int64), ranges: [ValueRange]) -> Frame {
        var low = ranges.map(\.low).min() ?? 0, high = ranges.map(\.high).max() ?? 1
        if !low.isFinite || !high.isFinite { low = 0; high = 1 }
        let pad = max((high - low) * 0.1, max(abs(high) * 0.02, 0.5))
        return Frame(start: span.start, end: span.end, low: low - pad, high: high + pad)
    }

    /// The unit beside the axis, as clinicians write it (`bpm`, `°C`, `mmol/L`: ``ClinicalUnits``).
    static func unitLabel(_ unit: HealthUnit, type: String) -> String {
        ClinicalUnits.unit(unit.unitString, type: type)
    }

    // MARK: Series

    /// Drawing order: unsigned below, problems on top.
    static let order: [ReadingClass] = [.unsigned, .authentic, .notChecked, .altered]

    static func values(_ bins: TimeBins<ValueBin>, unit: HealthUnit, title: String, type: String) -> String {
        guard let span = bins.span else { return "" }
        let frame = frame(span: span, ranges: bins.bins.values.flatMap { $0.ranges.filter { $0.count > 0 } })
        var svg = open("\(title) over time") + axes(frame, unit: unitLabel(unit, type: type))
        let sorted = bins.bins.sorted { $0.key < $1.key }
        for readingClass in order {
            for (index, bin) in sorted {
                let range = bin.ranges[readingClass.rawValue]
                guard range.count > 0 else { continue }
                let x = frame.x((Double(index) + 0.5) * Double(bins.width))
                svg += whisker(x: x, low: frame.y(range.low), high: frame.y(range.high), readingClass)
            }
        }
        return svg + "</svg>"
    }

    static func whisker(x: Double, low: Double, high: Double, _ readingClass: ReadingClass) -> String {
        if abs(low - high) < 0.5 { return readingClass.marker(x: x, y: low) }
        return "<line x1=\"\(SVGNumber.format(x))\" x2=\"\(SVGNumber.format(x))\" y1=\"\(SVGNumber.format(low))\" y2=\"\(SVGNumber.format(high))\" stroke=\"\(readingClass.colour)\" stroke-width=\"1.2\"/>"
            + readingClass.marker(x: x, y: low) + readingClass.marker(x: x, y: high)
    }

    static func pairs(_ bins: TimeBins<PairBin>, unit: HealthUnit, type: String) -> String {
        guard let span = bins.span else { return "" }
        let ranges = bins.bins.values.flatMap { ($0.upper + $0.lower).filter { $0.count > 0 } }
        let frame = frame(span: span, ranges: ranges)
        var svg = open("Blood pressure over time, systolic over diastolic") + axes(frame, unit: unitLabel(unit, type: type))
        let sorted = bins.bins.sorted { $0.key < $1.key }
        for readingClass in order {
            for (index, bin) in sorted {
                let upper = bin.upper[readingClass.rawValue], lower = bin.lower[readingClass.rawValue]
                guard upper.count > 0, lower.count > 0 else { continue }
                let x = frame.x((Double(index) + 0.5) * Double(bins.width))
                let top = frame.y(upper.high), bottom = frame.y(lower.low)
                svg += "<line x1=\"\(SVGNumber.format(x))\" x2=\"\(SVGNumber.format(x))\" y1=\"\(SVGNumber.format(top))\" y2=\"\(SVGNumber.format(bottom))\" stroke=\"\(readingClass.colour)\" stroke-width=\"1.4\"/>"
                svg += readingClass.marker(x: x, y: top) + readingClass.marker(x: x, y: bottom)
            }
        }
        return svg + "</svg>"
    }

    static func bands(_ bins: TimeBins<BandBin>, type: CategoryType, title: String) -> String {
        guard let span = bins.span else { return "" }
        let seen = Set(bins.bins.values.flatMap { $0.classes.keys })
        let lanes = type.values.map(\.rawValue).filter(seen.contains) + seen.subtracting(type.values.map(\.rawValue)).sorted()
        let frame = Frame(start: span.start, end: span.end, low: 0, high: 1)
        var svg = open("\(title) over time") + axes(frame, unit: nil, yTicks: false)
        let laneHeight = frame.plotHeight / Double(max(lanes.count, 1))
        for (row, value) in lanes.enumerated() {
            let y = top + Double(row) * laneHeight
            let name = type.value(forRawValue: value)?.name ?? String(value)
            svg += "<text x=\"\(SVGNumber.format(left - 4))\" y=\"\(SVGNumber.format(y + laneHeight / 2 + 3.5))\" text-anchor=\"end\" class=\"tick\">\(HTMLText.escape(name))</text>"
            for (index, bin) in bins.bins.sorted(by: { $0.key < $1.key }) {
                guard let mask = bin.classes[value] else { continue }
                let x0 = frame.x(Double(index) * Double(bins.width)), x1 = frame.x(Double(index + 1) * Double(bins.width))
                let worst = order.last { mask & UInt8(1 << $0.rawValue) != 0 } ?? .authentic
                let solid = worst != .unsigned
                svg += "<rect x=\"\(SVGNumber.format(x0))\" y=\"\(SVGNumber.format(y + laneHeight * 0.2))\" width=\"\(SVGNumber.format(max(x1 - x0, 1)))\" height=\"\(SVGNumber.format(laneHeight * 0.6))\" fill=\"\(solid ? worst.colour : "#fff")\" fill-opacity=\"\(solid ? "0.75" : "1")\" stroke=\"\(worst.colour)\" stroke-width=\"0.6\"/>"
                if worst == .altered || worst == .notChecked {
                    svg += worst.marker(x: (x0 + x1) / 2, y: y + laneHeight / 2)
                }
            }
        }
        return svg + "</svg>"
    }

    /// The legend: each reading class with its marker.
    static func legend() -> String {
        var svg = "<svg class=\"legend\" viewBox=\"0 0 720 20\" width=\"720\" height=\"20\" role=\"img\" aria-label=\"legend\">"
        var x = 10.0
        for readingClass in [ReadingClass.authentic, .altered, .notChecked, .unsigned] {
            svg += readingClass.marker(x: x, y: 10)
            svg += "<text x=\"\(SVGNumber.format(x + 9))\" y=\"14\" class=\"tick\">\(readingClass.label)</text>"
            x += 180
        }
        return svg + "</svg>"
    }
}
