/// The plausibility ranges of docs/READINGS.md ("Plausible values").
extension QuantityType {
    /// ``plausibleRange`` of the type with these fields, from the tables below (by identifier,
    /// written out rather than taken from the catalog's types: each type works its range out
    /// as it is made).
    static func plausibleRange(identifier: String, aggregation: Aggregation, canonicalUnit: HealthUnit) -> PlausibleRange? {
        if let specific = specificRanges[identifier] { return specific }
        if unboundedIdentifiers.contains(identifier) { return nil }
        return PlausibleRange(from: 0, canonicalUnit,
                              aggregation == .cumulative ? "an amount that adds up over time cannot be negative"
                                                         : "a measured magnitude cannot be negative")
    }

    /// Types with no lower bound: a temperature on a scale whose zero is arbitrary, a logarithmic
    /// level, and a difference of two heart rates.
    private static let unboundedIdentifiers: Set<String> = Set(
        ["AppleSleepingWristTemperature", "EnvironmentalAudioExposure", "HeadphoneAudioExposure",
         "HeartRateRecoveryOneMinute"].map { identifierPrefix + $0 })

    private static let heartRateRange = PlausibleRange(
        from: 0, through: 600, .countPerMinute,
        "the fastest human heart rate recorded is about 480/min; 0 is a stopped heart")
    private static let bloodPressureRange = PlausibleRange(
        from: 0, through: 400, .millimetersOfMercury, "the highest blood pressure recorded is 370/360 mmHg")
    private static let bodyTemperatureRange = PlausibleRange(
        from: 10, through: 50, .degreeCelsius,
        "people have survived body temperatures of 11.8 °C and 46.5 °C; outside 10–50 °C it is not a living body")
    private static let fractionRange = PlausibleRange(
        from: 0, through: 1, .percent,
        "a share of a whole; HealthKit's % is a fraction, so 97 percent is written 0.97 with unit %")
    private static let bodyMassRange = PlausibleRange(
        above: 0, through: 1000, .kilogram, "a body has mass; the heaviest person recorded weighed 635 kg")

    private static let specificRanges: [String: PlausibleRange] = [
        identifierPrefix + "HeartRate": heartRateRange,
        identifierPrefix + "RestingHeartRate": heartRateRange,
        identifierPrefix + "WalkingHeartRateAverage": heartRateRange,
        identifierPrefix + "RespiratoryRate": PlausibleRange(
            from: 0, through: 200, .countPerMinute, "newborns breathe up to about 60 times a minute; 0 is apnoea"),
        identifierPrefix + "BloodPressureSystolic": bloodPressureRange,
        identifierPrefix + "BloodPressureDiastolic": bloodPressureRange,
        identifierPrefix + "BodyTemperature": bodyTemperatureRange,
        identifierPrefix + "BasalBodyTemperature": bodyTemperatureRange,
        identifierPrefix + "OxygenSaturation": fractionRange,
        identifierPrefix + "BodyFatPercentage": fractionRange,
        identifierPrefix + "PeripheralPerfusionIndex": fractionRange,
        identifierPrefix + "BloodAlcoholContent": fractionRange,
        identifierPrefix + "WalkingDoubleSupportPercentage": fractionRange,
        identifierPrefix + "WalkingAsymmetryPercentage": fractionRange,
        identifierPrefix + "AppleWalkingSteadiness": fractionRange,
        identifierPrefix + "BodyMass": bodyMassRange,
        identifierPrefix + "LeanBodyMass": bodyMassRange,
        identifierPrefix + "Height": PlausibleRange(above: 0, through: 3, .meter, "the tallest person recorded measured 2.72 m"),
        identifierPrefix + "BodyMassIndex": PlausibleRange(
            above: 0, through: 250, .count, "635 kg at 1.85 m, the heaviest person recorded, is a BMI of 186"),
        identifierPrefix + "BloodGlucose": PlausibleRange(
            from: 0, through: 5000, .milligramsPerDeciliter,
            "the highest blood glucose survived is 2,656 mg/dL (147.6 mmol/L)"),
    ]
}
