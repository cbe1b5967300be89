/// What a unit measures: integer exponents over the base dimensions HealthKit's units use.
///
/// Two units are convertible exactly when their dimensions are equal. Derived quantities are
/// products of the bases: pressure is mass·length⁻¹·time⁻², energy mass·length²·time⁻²,
/// volume length³, heart rate count·time⁻¹, blood glucose mass·length⁻³ (a `mol<M>` unit counts
/// as mass through its molar mass).
///
/// `count` and `percent` are kept as separate bases on purpose: HealthKit does not let a
/// body-mass index (count) be stored in `%`, nor oxygen saturation in `count`, and HealthKit's
/// `%` is itself a fraction (0.97 `%` is 97 percent), so no factor relates the two.
public struct UnitDimension: Sendable, Hashable, CustomStringConvertible {
    /// Exponent of mass (kg).
    public var mass: Int8
    /// Exponent of length (m).
    public var length: Int8
    /// Exponent of time (s).
    public var time: Int8
    /// Exponent of thermodynamic temperature (K).
    public var temperature: Int8
    /// Exponent of electric conductance (S). Kept as a base of its own because HealthKit has no
    /// current or voltage units, so resolving siemens into SI base units would add nothing.
    public var conductance: Int8
    /// Exponent of counted things (`count`).
    public var count: Int8
    /// Exponent of HealthKit's fractional percent (`%`).
    public var percent: Int8
    /// Exponent of international units (`IU`), a per-substance biological-activity measure that
    /// converts to nothing else.
    public var internationalUnit: Int8
    /// Exponent of A-weighted sound pressure level (`dBASPL`). Decibels are logarithmic, so this
    /// unit converts only to itself; it is a base here so audio-exposure records can be read.
    public var soundPressureLevel: Int8

    /// Creates a dimension from its exponents; unspecified exponents are zero.
    public init(mass: Int8 = 0, length: Int8 = 0, time: Int8 = 0, temperature: Int8 = 0,
                conductance: Int8 = 0, count: Int8 = 0, percent: Int8 = 0,
                internationalUnit: Int8 = 0, soundPressureLevel: Int8 = 0) {
        self.mass = mass
        self.length = length
        self.time = time
        self.temperature = temperature
        self.conductance = conductance
        self.count = count
        self.percent = percent
        self.internationalUnit = internationalUnit
        self.soundPressureLevel = soundPressureLevel
    }

    /// The exponents in a fixed order, paired with their names.
    var namedExponents: [(name: String, exponent: Int8)] {
        [("mass", mass), ("length", length), ("time", time), ("temperature", temperature),
         ("conductance", conductance), ("count", count), ("percent", percent),
         ("internationalUnit", internationalUnit), ("soundPressureLevel", soundPressureLevel)]
    }

    /// Whether every exponent is zero (e.g. `m/m`).
    public var isDimensionless: Bool { namedExponents.allSatisfy { $0.exponent == 0 } }

    /// Readable form such as `mass·length^-3` or `count·time^-1`; `dimensionless` for no dimension.
    public var description: String {
        let parts = namedExponents.filter { $0.exponent != 0 }.map { $0.exponent == 1 ? $0.name : "\($0.name)^\($0.exponent)" }
        return parts.isEmpty ? "dimensionless" : parts.joined(separator: "·")
    }

    /// Multiplies two dimensions (adds exponents); nil if an exponent leaves the Int8 range.
    func multiplied(by other: UnitDimension) -> UnitDimension? {
        combine(other) { $0 + $1 }
    }

    /// Raises the dimension to an integer power; nil if an exponent leaves the Int8 range.
    func raised(to power: Int) -> UnitDimension? {
        combine(self) { a, _ in a * power }
    }

    private func combine(_ other: UnitDimension, _ op: (Int, Int) -> Int) -> UnitDimension? {
        func value(_ a: Int8, _ b: Int8) -> Int8? { Int8(exactly: op(Int(a), Int(b))) }
        guard let mass = value(mass, other.mass), let length = value(length, other.length),
              let time = value(time, other.time), let temperature = value(temperature, other.temperature),
              let conductance = value(conductance, other.conductance), let count = value(count, other.count),
              let percent = value(percent, other.percent),
              let internationalUnit = value(internationalUnit, other.internationalUnit),
              let soundPressureLevel = value(soundPressureLevel, other.soundPressureLevel) else { return nil }
        return UnitDimension(mass: mass, length: length, time: time, temperature: temperature,
                             conductance: conductance, count: count, percent: percent,
                             internationalUnit: internationalUnit, soundPressureLevel: soundPressureLevel)
    }

    // MARK: - Named dimensions

    /// No dimension at all.
    public static let dimensionless = UnitDimension()
    /// Counted things: `count`.
    public static let count = UnitDimension(count: 1)
    /// HealthKit's fractional percent: `%`.
    public static let percent = UnitDimension(percent: 1)
    /// International units: `IU`.
    public static let internationalUnit = UnitDimension(internationalUnit: 1)
    /// A-weighted sound pressure level: `dBASPL`.
    public static let soundPressureLevel = UnitDimension(soundPressureLevel: 1)
    /// Mass: `g`, `kg`, `lb`, `mol<M>` …
    public static let mass = UnitDimension(mass: 1)
    /// Length: `m`, `cm`, `in`, `mi` …
    public static let length = UnitDimension(length: 1)
    /// Time: `s`, `min`, `hr`, `d` …
    public static let time = UnitDimension(time: 1)
    /// Temperature: `degC`, `degF`, `K`.
    public static let temperature = UnitDimension(temperature: 1)
    /// Electric conductance: `S`, `mcS`.
    public static let conductance = UnitDimension(conductance: 1)
    /// Volume, length³: `L`, `mL`, `fl_oz_us` …
    public static let volume = UnitDimension(length: 3)
    /// Pressure, mass·length⁻¹·time⁻²: `mmHg`, `kPa`, `cmAq`, `atm`.
    public static let pressure = UnitDimension(mass: 1, length: -1, time: -2)
    /// Energy, mass·length²·time⁻²: `kcal`, `Cal`, `J`, `kJ`.
    public static let energy = UnitDimension(mass: 1, length: 2, time: -2)
    /// Power, mass·length²·time⁻³: `W`.
    public static let power = UnitDimension(mass: 1, length: 2, time: -3)
    /// A rate of counted things: `count/min`.
    public static let countPerTime = UnitDimension(time: -1, count: 1)
    /// Mass concentration: `mg/dL`, `mmol<180.15588000005408>/L`.
    public static let massPerVolume = UnitDimension(mass: 1, length: -3)
    /// Volume flow: `L/min`.
    public static let volumePerTime = UnitDimension(length: 3, time: -1)
    /// Speed: `m/s`, `km/hr`.
    public static let speed = UnitDimension(length: 1, time: -1)
    /// Oxygen uptake per body mass (VO₂ max): `mL/min·kg`.
    public static let volumePerTimeMass = UnitDimension(mass: -1, length: 3, time: -1)
    /// Energy rate per body mass (physical effort, METs): `kcal/hr·kg`.
    public static let energyPerTimeMass = UnitDimension(length: 2, time: -3)
}
