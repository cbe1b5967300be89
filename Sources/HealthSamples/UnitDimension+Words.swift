extension UnitDimension {
    /// What a unit of this dimension measures, in words, for messages: `a count per time`,
    /// `a temperature`, `a mass per volume`; nil for a dimension no quantity type uses (the
    /// messages then fall back to ``description``, e.g. `mass·time^-1`).
    public var words: String? {
        Self.namedWords.first { $0.dimension == self }?.words
    }

    /// ``words`` when known, else the exponent form.
    public var wordsOrExponents: String { words ?? description }

    /// Every dimension a quantity type in the catalog needs, and a few more a wrong unit often has.
    private static let namedWords: [(dimension: UnitDimension, words: String)] = [
        (.dimensionless, "a plain number without dimension"),
        (.count, "a count"),
        (.percent, "a fraction in percent"),
        (.internationalUnit, "an amount in international units"),
        (.soundPressureLevel, "a sound pressure level"),
        (.mass, "a mass"),
        (.length, "a length"),
        (.time, "a time"),
        (.temperature, "a temperature"),
        (.conductance, "an electric conductance"),
        (.volume, "a volume"),
        (.pressure, "a pressure"),
        (.energy, "an energy"),
        (.power, "a power"),
        (.countPerTime, "a count per time"),
        (.massPerVolume, "a mass per volume"),
        (.volumePerTime, "a volume per time"),
        (.speed, "a speed (length per time)"),
        (.volumePerTimeMass, "a volume per time per body mass"),
        (.energyPerTimeMass, "an energy per time per body mass"),
        (UnitDimension(length: 2), "an area"),
        (UnitDimension(time: -1), "a frequency (per time)"),
    ]
}
