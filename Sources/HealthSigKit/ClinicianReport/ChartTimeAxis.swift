import Foundation

/// The one time axis every chart of a report shares (the workout chart's too), so a reading on
/// one chart lines up with the readings of the same day on the others: from the midnight before
/// the first reading to the midnight after the last, with a tick and a label every 1, 2, 7, 14,
/// 28… days (at most 12 labels; weekly ticks on Mondays) and a light line at every midnight of
/// a span up to two months. A span of two days or less is ticked in hours.
struct ChartTimeAxis {
    let start: Int64
    let end: Int64
    /// Labelled ticks: (second, label).
    let ticks: [(Int64, String)]
    /// Unlabelled day lines.
    let gridlines: [Int64]
    let time: ChartTime

    /// Most labelled ticks.
    static let maximumTicks = 12

    /// The axis covering every span (epoch seconds), `nil` when there is none.
    static func covering(_ spans: [(start: Int64, end: Int64)], time: ChartTime = .utc) -> ChartTimeAxis? {
        guard let first = spans.map(\.start).min(), let last = spans.map({ max($0.end, $0.start) }).max() else { return nil }
        if last - first <= 2 * 86_400 { return hourly(first, last, time) }
        let start = time.startOfDay(first)
        var end = time.startOfDay(last)
        if end < last || end == start { end = time.adding(days: 1, to: end) }
        let days = Int((end - start + 43_200) / 86_400)
        var step = 1
        for candidate in [1, 2, 7, 14, 28] where days / candidate <= maximumTicks {
            step = candidate
            break
        }
        if days / step > maximumTicks {
            step = 56
            while days / step > maximumTicks { step *= 2 }
        }
        var tick = start
        if step >= 7 {
            // Weekly ticks fall on Mondays (weekday 2), as the workout chart's weeks start.
            var guardDays = 0
            while time.fields(tick).weekday != 2 && guardDays < 7 { tick = time.adding(days: 1, to: tick); guardDays += 1 }
        }
        let withYear = time.fields(start).year != time.fields(end).year || days > 300
        var ticks: [(Int64, String)] = []
        while tick <= end && ticks.count <= maximumTicks + 1 {
            ticks.append((tick, time.dayLabel(tick, withYear: withYear)))
            tick = time.adding(days: step, to: tick)
        }
        var gridlines: [Int64] = []
        if days <= 62 {
            var day = start
            while day < end {
                gridlines.append(day)
                day = time.adding(days: 1, to: day)
            }
        }
        return ChartTimeAxis(start: start, end: end, ticks: ticks, gridlines: gridlines, time: time)
    }

    private static func hourly(_ first: Int64, _ last: Int64, _ time: ChartTime) -> ChartTimeAxis {
        let start = first - (first - time.startOfDay(first)) % 3_600
        var end = last + (3_600 - (last - start) % 3_600) % 3_600
        if end <= start { end = start + 3_600 }
        let hours = Int((end - start) / 3_600)
        var step = 1
        for candidate in [1, 2, 3, 6, 12, 24] where hours / candidate <= maximumTicks {
            step = candidate
            break
        }
        var ticks: [(Int64, String)] = []
        var tick = start
        while tick <= end {
            let f = time.fields(tick)
            if f.hour % step == 0 {
                ticks.append((tick, f.hour == 0 && f.minute == 0 ? time.dayLabel(tick) : time.clockLabel(tick)))
            }
            tick += 3_600
        }
        return ChartTimeAxis(start: start, end: end, ticks: ticks, gridlines: [], time: time)
    }

    /// `2026-11-02 to 2026-11-23 (UTC)`: the axis's whole span, under the charts.
    var caption: String {
        "\(time.tableLabel(start).prefix(10)) to \(time.tableLabel(end).prefix(10)) (\(time.zoneName))"
    }
}

/// Value ticks at round steps (1, 2 or 5 times a power of ten) covering a range: about five
/// ticks, the range widened to the ticks.
struct ValueTicks {
    let low: Double
    let high: Double
    let step: Double

    init(covering lowest: Double, _ highest: Double, target: Double = 5) {
        var lowest = lowest, highest = highest
        if !lowest.isFinite || !highest.isFinite { lowest = 0; highest = 1 }
        if highest - lowest < 1e-9 { lowest -= max(abs(lowest) * 0.05, 0.5); highest += max(abs(highest) * 0.05, 0.5) }
        // A span too wide for a Double (readings near ±1.8e308) is drawn over the widest finite one.
        if !(highest - lowest).isFinite { lowest = -Double.greatestFiniteMagnitude / 4; highest = Double.greatestFiniteMagnitude / 4 }
        let raw = (highest - lowest) / target
        let magnitude = pow(10, floor(log10(raw)))
        var step = 10 * magnitude
        for factor in [1.0, 2.0, 5.0] where factor * magnitude >= raw {
            step = factor * magnitude
            break
        }
        self.step = step
        low = (lowest / step).rounded(.down) * step
        high = (highest / step).rounded(.up) * step
    }

    /// Every tick from low to high.
    var values: [Double] {
        let steps = ((high - low) / step).rounded()
        guard steps.isFinite, steps >= 0, steps <= 100 else { return [low, high].filter(\.isFinite) }
        return (0...Int(steps)).map { low + Double($0) * step }
    }

    /// A tick's label with as many decimals as the step needs (`0.5` → one).
    func label(_ value: Double) -> String {
        let exponent = -floor(log10(step) + 1e-9)
        let decimals = exponent.isFinite ? Int(max(0, min(exponent, 12))) : 0
        let text = String(format: "%.\(decimals)f", value)
        return text == "-0" ? "0" : text
    }
}
