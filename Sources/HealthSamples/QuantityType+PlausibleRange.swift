/// The plausibility ranges of docs/READINGS.md ("Plausible values"), given to each type where
/// the catalog makes it (`plausible:`).
extension QuantityType {
    /// The values a reading of a type can physically have.
    enum Plausibility: Sendable {
        /// From zero up: a measured magnitude, or an amount that adds up over time.
        case nonNegative
        /// No bound: a temperature on a scale whose zero is arbitrary, a logarithmic level, a
        /// difference of two heart rates.
        case unbounded
        /// A range of its own.
        case within(PlausibleRange)

        /// The range of a type that aggregates as `aggregation`, in `canonicalUnit`.
        func range(aggregation: Aggregation, canonicalUnit: HealthUnit) -> PlausibleRange? {
            switch self {
            case .nonNegative:
                PlausibleRange(from: 0, canonicalUnit,
                               aggregation == .cumulative ? "an amount that adds up over time cannot be negative"
                                                          : "a measured magnitude cannot be negative")
            case .unbounded: nil
            case .within(let range): range
            }
        }
    }
}

/// The ranges types share or state with a reason of their own.
extension PlausibleRange {
    static let heartRate = PlausibleRange(
        from: 0, through: 600, .countPerMinute,
        "the fastest human heart rate recorded is about 480/min; 0 is a stopped heart")
    static let respiratoryRate = PlausibleRange(
        from: 0, through: 200, .countPerMinute, "newborns breathe up to about 60 times a minute; 0 is apnoea")
    static let bloodPressure = PlausibleRange(
        from: 0, through: 400, .millimetersOfMercury, "the highest blood pressure recorded is 370/360 mmHg")
    static let bodyTemperature = PlausibleRange(
        from: 10, through: 50, .degreeCelsius,
        "people have survived body temperatures of 11.8 °C and 46.5 °C; outside 10–50 °C it is not a living body")
    static let fraction = PlausibleRange(
        from: 0, through: 1, .percent,
        "a share of a whole; HealthKit's % is a fraction, so 97 percent is written 0.97 with unit %")
    static let bodyMass = PlausibleRange(
        above: 0, through: 1000, .kilogram, "a body has mass; the heaviest person recorded weighed 635 kg")
    static let height = PlausibleRange(above: 0, through: 3, .meter, "the tallest person recorded measured 2.72 m")
    static let bodyMassIndex = PlausibleRange(
        above: 0, through: 250, .count, "635 kg at 1.85 m, the heaviest person recorded, is a BMI of 186")
    static let bloodGlucose = PlausibleRange(
        from: 0, through: 5000, .milligramsPerDeciliter, "the highest blood glucose survived is 2,656 mg/dL (147.6 mmol/L)")
}
