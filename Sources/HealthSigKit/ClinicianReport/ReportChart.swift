import HealthSamples

/// The bounded summary behind one chart of the report: readings of one type over time.
struct ReportChart {
    enum Series {
        /// Values of a quantity type in `unit` (the unit of the first reading; later readings are
        /// converted to it). HealthKit's fractional `%` is shown as percent.
        case values(unit: HealthUnit, bins: TimeBins<ValueBin>)
        /// Blood pressure: systolic over diastolic per reading.
        case pairs(unit: HealthUnit, bins: TimeBins<PairBin>)
        /// A category type: one band per value, over each sample's interval.
        case bands(type: CategoryType, bins: TimeBins<BandBin>)
    }

    /// The chart's title: the type in words.
    let title: String
    /// The HealthKit type identifier.
    let typeIdentifier: String
    var series: Series
    /// Readings per class.
    var counts = [Int](repeating: 0, count: ReadingClass.allCases.count)
    /// Readings whose unit could not be converted to the chart's (not drawn, counted).
    var notDrawn = 0

    /// The chart of a sample's type, sized for its first reading.
    static func start(for sample: Sample) -> ReportChart? {
        switch sample {
        case .quantity(let q):
            return ReportChart(title: ReportWords.typeName(q.type.identifier), typeIdentifier: q.type.identifier,
                               series: .values(unit: q.quantity.unit, bins: TimeBins()))
        case .correlation(let c) where c.type == .bloodPressure:
            let unit = c.objects.first?.quantity.unit ?? .millimetersOfMercury
            return ReportChart(title: "Blood pressure", typeIdentifier: c.type.identifier, series: .pairs(unit: unit, bins: TimeBins()))
        case .correlation, .workout:
            // Food correlations have no single value over time to draw (their nutrients are drawn
            // on their own charts); workouts have a section of their own (WorkoutSection).
            return nil
        case .category(let c):
            return ReportChart(title: ReportWords.typeName(c.type.identifier), typeIdentifier: c.type.identifier,
                               series: .bands(type: c.type, bins: TimeBins()))
        }
    }

    /// Adds one reading.
    mutating func add(_ sample: Sample, as readingClass: ReadingClass) {
        counts[readingClass.rawValue] += 1
        let start = sample.startDate.epochSeconds, end = sample.endDate.epochSeconds
        switch (series, sample) {
        case (.values(let unit, var bins), .quantity(let q)):
            guard let value = Self.value(q.quantity, in: unit) else { notDrawn += 1; return }
            // A quantity is drawn at its start: its interval is usually an instant.
            bins.update(from: start, to: start) { $0.ranges[readingClass.rawValue].add(value, at: start) }
            series = .values(unit: unit, bins: bins)
        case (.pairs(let unit, var bins), .correlation(let c)):
            let systolic = c.objects.first { $0.type == .bloodPressureSystolic }.flatMap { Self.value($0.quantity, in: unit) }
            let diastolic = c.objects.first { $0.type == .bloodPressureDiastolic }.flatMap { Self.value($0.quantity, in: unit) }
            guard let systolic, let diastolic else { notDrawn += 1; return }
            bins.update(from: start, to: start) { bin in
                bin.upper[readingClass.rawValue].add(systolic, at: start)
                bin.lower[readingClass.rawValue].add(diastolic, at: start)
            }
            series = .pairs(unit: unit, bins: bins)
        case (.bands(let type, var bins), .category(let c)):
            bins.update(from: start, to: end) { $0.classes[c.value, default: 0] |= UInt8(1 << readingClass.rawValue) }
            series = .bands(type: type, bins: bins)
        default:
            notDrawn += 1
        }
    }

    /// The readings' own time span (first start to last end), or `nil` when nothing was drawn.
    var timeSpan: (start: Int64, end: Int64)? {
        switch series {
        case .values(_, let bins): bins.readingSpan
        case .pairs(_, let bins): bins.readingSpan
        case .bands(_, let bins): bins.readingSpan
        }
    }

    /// The unit of the value axis, `nil` for a category chart.
    var unit: HealthUnit? {
        switch series {
        case .values(let unit, _), .pairs(let unit, _): unit
        case .bands: nil
        }
    }

    /// The value shown for `quantity` on an axis in `unit` (percent for HealthKit's `%`).
    static func value(_ quantity: Quantity, in unit: HealthUnit) -> Double? {
        guard let value = try? quantity.doubleValue(in: unit), value.isFinite else { return nil }
        return unit.unitString == "%" ? value * 100 : value
    }
}
