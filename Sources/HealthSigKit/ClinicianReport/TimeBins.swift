/// A summary of values over time in a bounded number of bins: every bin covers `width` seconds,
/// and when the data span more than ``limit`` bins the width doubles and neighbouring bins
/// merge. A chart of millions of readings therefore holds at most ``limit`` bins (about one per
/// pixel column of the chart), whatever the input, and a chart of a few readings keeps each in
/// a bin of its own.
struct TimeBins<Bin: MergeableBin> {
    /// Most bins kept: the chart is drawn 720 units wide with a plot area of about this many.
    static var limit: Int64 { 640 }

    /// Seconds per bin; starts at one minute.
    private(set) var width: Int64 = 60
    private(set) var bins: [Int64: Bin] = [:]
    private(set) var lowest: Int64 = .max
    private(set) var highest: Int64 = .min
    /// The earliest and latest second any update touched (the readings' own times, not the
    /// bins' edges): the report's shared time axis covers these.
    private(set) var firstSecond: Int64 = .max
    private(set) var lastSecond: Int64 = .min

    /// Updates every bin that [start, end] (epoch seconds) touches.
    mutating func update(from start: Int64, to end: Int64, _ body: (inout Bin) -> Void) {
        let end = max(start, end)
        while true {
            let first = Self.floorDiv(start, width), last = Self.floorDiv(end, width)
            let low = min(first, lowest), high = max(last, highest)
            if high - low < Self.limit { break }
            coarsen()
        }
        let first = Self.floorDiv(start, width), last = Self.floorDiv(end, width)
        for index in first...last {
            body(&bins[index, default: Bin()])
        }
        lowest = min(lowest, first)
        highest = max(highest, last)
        firstSecond = min(firstSecond, start)
        lastSecond = max(lastSecond, end)
    }

    /// The readings' own time span, or `nil` when empty.
    var readingSpan: (start: Int64, end: Int64)? {
        firstSecond == .max ? nil : (firstSecond, lastSecond)
    }

    /// Doubles the width, merging bins pairwise.
    private mutating func coarsen() {
        width *= 2
        var merged: [Int64: Bin] = [:]
        for (index, bin) in bins {
            merged[Self.floorDiv(index, 2), default: Bin()].merge(bin)
        }
        bins = merged
        if lowest != .max {
            lowest = Self.floorDiv(lowest, 2)
            highest = Self.floorDiv(highest, 2)
        }
    }

    /// The time span covered, in epoch seconds, or `nil` when empty.
    var span: (start: Int64, end: Int64)? {
        guard lowest != .max else { return nil }
        return (lowest * width, (highest + 1) * width)
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}

/// What a bin holds; merging two bins gives the bin of their union.
protocol MergeableBin {
    init()
    mutating func merge(_ other: Self)
}

/// One reading as a chart draws it: its start (epoch seconds) and its value on the chart's axis.
struct KeptReading: Sendable, Equatable {
    let time: Int64
    let value: Double
}

/// The smallest and largest value and how many there were, the first and last time, and while
/// they are few (``keptLimit``) the readings themselves: a bin of a few readings is drawn and
/// tabled reading by reading (repeated readings a minute apart stay visible and listed); past
/// the limit only the summary is kept, so memory stays bounded.
struct ValueRange: Sendable {
    /// Readings kept one by one per bin and class.
    static let keptLimit = 4

    var low = Double.infinity
    var high = -Double.infinity
    var count = 0
    var earliest: Int64 = .max
    var latest: Int64 = .min
    /// Every reading of the bin while `count <= keptLimit`; empty past it.
    private(set) var kept: [KeptReading] = []

    /// The readings one by one, when the bin still has them all.
    var readings: [KeptReading]? { count > 0 && kept.count == count ? kept : nil }

    mutating func add(_ value: Double, at time: Int64) {
        low = min(low, value)
        high = max(high, value)
        count += 1
        earliest = min(earliest, time)
        latest = max(latest, time)
        if count <= Self.keptLimit { kept.append(KeptReading(time: time, value: value)) } else { kept = [] }
    }

    mutating func merge(_ other: ValueRange) {
        low = min(low, other.low)
        high = max(high, other.high)
        earliest = min(earliest, other.earliest)
        latest = max(latest, other.latest)
        let whole = kept.count == count && other.kept.count == other.count
        count += other.count
        kept = whole && count <= Self.keptLimit ? kept + other.kept : []
    }
}

/// A bin of a quantity chart: a value range per reading class.
struct ValueBin: MergeableBin {
    var ranges = [ValueRange](repeating: ValueRange(), count: ReadingClass.allCases.count)

    init() {}

    mutating func merge(_ other: ValueBin) {
        for index in ranges.indices { ranges[index].merge(other.ranges[index]) }
    }
}

/// A bin of a blood-pressure chart: systolic and diastolic ranges per reading class.
struct PairBin: MergeableBin {
    var upper = [ValueRange](repeating: ValueRange(), count: ReadingClass.allCases.count)
    var lower = [ValueRange](repeating: ValueRange(), count: ReadingClass.allCases.count)

    init() {}

    mutating func merge(_ other: PairBin) {
        for index in upper.indices {
            upper[index].merge(other.upper[index])
            lower[index].merge(other.lower[index])
        }
    }
}

/// A bin of a category chart: per category value, which reading classes cover the bin (a bit
/// per ``ReadingClass``).
struct BandBin: MergeableBin {
    var classes: [Int: UInt8] = [:]

    init() {}

    mutating func merge(_ other: BandBin) {
        for (value, mask) in other.classes { classes[value, default: 0] |= mask }
    }
}
