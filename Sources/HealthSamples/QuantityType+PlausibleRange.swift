/// The plausibility ranges of docs/READINGS.md ("Plausible values").
extension QuantityType {
    /// The values a reading of this type can physically have; nil for the few types whose scale
    /// has no natural bound (wrist temperature, sound level in dB, heart-rate recovery, a
    /// difference that may be negative).
    public var plausibleRange: PlausibleRange? {
        // Every signed reading asks for its type's range: the catalog's are worked out once and
        // found by the identifier's bytes, not by hashing it as a String (twice for most types)
        // and making the default range again each time.
        var identifier = identifier
        if let known = identifier.withUTF8({ Self.catalogRanges.value(named: $0) }) { return known }
        return computedPlausibleRange
    }

    /// The range of every catalog type, by identifier.
    private static let catalogRanges = UTF8KeyedTable<PlausibleRange?>(all.map { ($0.identifier, $0.computedPlausibleRange) })

    /// ``plausibleRange`` worked out from the tables below.
    private var computedPlausibleRange: PlausibleRange? {
        if let specific = Self.specificRanges[identifier] { return specific }
        if Self.unboundedIdentifiers.contains(identifier) { return nil }
        return PlausibleRange(from: 0, canonicalUnit,
                              aggregation == .cumulative ? "an amount that adds up over time cannot be negative"
                                                         : "a measured magnitude cannot be negative")
    }

    /// Types with no lower bound: a temperature on a scale whose zero is arbitrary, a logarithmic
    /// level, and a difference of two heart rates.
    private static let unboundedIdentifiers: Set<String> = [
        appleSleepingWristTemperature.identifier, environmentalAudioExposure.identifier,
        headphoneAudioExposure.identifier, heartRateRecoveryOneMinute.identifier,
    ]

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
        heartRate.identifier: heartRateRange,
        restingHeartRate.identifier: heartRateRange,
        walkingHeartRateAverage.identifier: heartRateRange,
        respiratoryRate.identifier: PlausibleRange(
            from: 0, through: 200, .countPerMinute, "newborns breathe up to about 60 times a minute; 0 is apnoea"),
        bloodPressureSystolic.identifier: bloodPressureRange,
        bloodPressureDiastolic.identifier: bloodPressureRange,
        bodyTemperature.identifier: bodyTemperatureRange,
        basalBodyTemperature.identifier: bodyTemperatureRange,
        oxygenSaturation.identifier: fractionRange,
        bodyFatPercentage.identifier: fractionRange,
        peripheralPerfusionIndex.identifier: fractionRange,
        bloodAlcoholContent.identifier: fractionRange,
        walkingDoubleSupportPercentage.identifier: fractionRange,
        walkingAsymmetryPercentage.identifier: fractionRange,
        appleWalkingSteadiness.identifier: fractionRange,
        bodyMass.identifier: bodyMassRange,
        leanBodyMass.identifier: bodyMassRange,
        height.identifier: PlausibleRange(above: 0, through: 3, .meter, "the tallest person recorded measured 2.72 m"),
        bodyMassIndex.identifier: PlausibleRange(
            above: 0, through: 250, .count, "635 kg at 1.85 m, the heaviest person recorded, is a BMI of 186"),
        bloodGlucose.identifier: PlausibleRange(
            from: 0, through: 5000, .milligramsPerDeciliter,
            "the highest blood glucose survived is 2,656 mg/dL (147.6 mmol/L)"),
    ]
}
