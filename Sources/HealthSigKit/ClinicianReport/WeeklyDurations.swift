/// Workout minutes per calendar week (Monday 00:00 UTC to the next), per reading class, in a
/// bounded number of bars: when the workouts span more than ``barLimit`` bars, each bar covers
/// twice as many weeks and neighbouring bars merge, as ``TimeBins`` does for the other charts.
struct WeeklyDurations {
    /// Most bars kept: two years of weeks, each bar still a few pixels wide on the 720-unit chart.
    static let barLimit: Int64 = 104
    static let weekSeconds: Int64 = 604_800
    /// 1970-01-05T00:00:00Z, the first Monday of the epoch: weeks are counted from it.
    static let firstMonday: Int64 = 345_600

    /// Weeks per bar; starts at one.
    private(set) var weeksPerBar: Int64 = 1
    /// Minutes per ``ReadingClass`` (by raw value), by bar index.
    private(set) var bars: [Int64: [Double]] = [:]
    private(set) var lowest: Int64 = .max
    private(set) var highest: Int64 = .min

    /// Adds `minutes` of a workout starting at `start` (epoch seconds).
    mutating func add(start: Int64, minutes: Double, as readingClass: ReadingClass) {
        let week = TimeBins<ValueBin>.floorDiv(start - Self.firstMonday, Self.weekSeconds)
        while max(highest, TimeBins<ValueBin>.floorDiv(week, weeksPerBar)) - min(lowest, TimeBins<ValueBin>.floorDiv(week, weeksPerBar))
            >= Self.barLimit {
            coarsen()
        }
        let bar = TimeBins<ValueBin>.floorDiv(week, weeksPerBar)
        bars[bar, default: [Double](repeating: 0, count: ReadingClass.allCases.count)][readingClass.rawValue] += minutes
        lowest = min(lowest, bar)
        highest = max(highest, bar)
    }

    private mutating func coarsen() {
        weeksPerBar *= 2
        var merged: [Int64: [Double]] = [:]
        for (index, minutes) in bars {
            let target = TimeBins<ValueBin>.floorDiv(index, 2)
            var sum = merged[target, default: [Double](repeating: 0, count: ReadingClass.allCases.count)]
            for position in sum.indices { sum[position] += minutes[position] }
            merged[target] = sum
        }
        bars = merged
        if lowest != .max {
            lowest = TimeBins<ValueBin>.floorDiv(lowest, 2)
            highest = TimeBins<ValueBin>.floorDiv(highest, 2)
        }
    }

    /// The epoch second at which bar `index` starts.
    func start(ofBar index: Int64) -> Int64 {
        Self.firstMonday + index * weeksPerBar * Self.weekSeconds
    }

    /// The bars' span in epoch seconds, or `nil` when empty.
    var span: (start: Int64, end: Int64)? {
        guard lowest != .max else { return nil }
        return (start(ofBar: lowest), start(ofBar: highest + 1))
    }
}
