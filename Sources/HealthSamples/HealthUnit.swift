/// A HealthKit unit, read from HealthKit's unit-string syntax (`HKUnit(from:)`).
///
/// Examples: `count/min`, `mmHg`, `degC`, `mg/dL`, `mmol<180.15588000005408>/L`, `%`,
/// `kcal/hr·kg`, `m^2`, `(m/s)^-1`. Grammar (HealthKit's, which binds `/` loosely, so
/// `mL/min·kg` is mL/(min·kg)):
///
/// ```
/// unit     = quotient
/// quotient = product *( "/" product )        ; a/b·c = a/(b·c); a/b/c = a/(b·c)
/// product  = power *( ("*" / "·") power )
/// power    = primary [ "^" ["-"] 1*2DIGIT ]
/// primary  = symbol [ "<" molar-mass ">" ] / "(" quotient ")"
/// ```
///
/// A symbol is a unit (`g`, `L`, `mmHg`, `count` …), optionally preceded by a metric prefix
/// (`f p n mc µ μ m c d da h k M G T`) on the units that take one here (g, m, L, Pa, s, J, cal,
/// S, W, mol; not K, degC, degF, count or the customary units). `mol<M>` is a mass: one mole
/// weighs M grams, so `mmol<180.15588000005408>/L`
/// converts to `mg/dL` exactly as HealthKit converts it.
///
/// Each unit carries its ``dimension`` and a linear ``factor`` to SI base units (kg, m, s, K, S);
/// `degC` and `degF` standing alone (also `(degC)` or `degC^1`) carry an affine ``offset``. Inside
/// a compound unit (`degC/hr`, `degC^2`) a temperature means a temperature *difference* and only
/// its factor applies.
///
/// Equality and hashing compare ``unitString``, the text as given: `mg/dL` and `mg·dL^-1` are
/// convertible (``isCompatible(with:)``) but not equal.
public struct HealthUnit: Sendable, Hashable, CustomStringConvertible {
    // Perf: a class: nearly every unit read is a common one parsed once (canonicalUnits), so a
    // copy is one retain and a quantity stays small (not measured).
    /// The unit's fields, shared by every copy.
    private final class Storage: Sendable {
        let unitString: String
        let dimension: UnitDimension
        let offset: Double
        let scale: Double
        let exponent10: Int

        init(unitString: String, dimension: UnitDimension, offset: Double, scale: Double, exponent10: Int) {
            self.unitString = unitString
            self.dimension = dimension
            self.offset = offset
            self.scale = scale
            self.exponent10 = exponent10
        }
    }

    private let storage: Storage

    /// The unit string exactly as given, e.g. `mmol<180.15588000005408>/L`.
    public var unitString: String { storage.unitString }
    /// What the unit measures.
    public var dimension: UnitDimension { storage.dimension }
    /// Multiply a value in this unit by `factor` (then add ``offset``) to get SI base units
    /// (kg, m, s, K, S; counts and percent as themselves). Equals `scale · 10^exponent10`.
    public var factor: Double { scale * UnitAtoms.powerOfTen(exponent10) }
    /// Added after ``factor`` to reach SI base units (kelvin); non-zero only for `degC` and `degF` alone.
    public var offset: Double { storage.offset }
    /// The factor's non-decimal part; prefixes only change ``exponent10``.
    var scale: Double { storage.scale }
    /// The factor's power of ten.
    var exponent10: Int { storage.exponent10 }

    /// Longest accepted unit string, in Unicode scalars; real units are far shorter.
    public static let maximumLength = 256
    /// Deepest accepted parenthesis nesting.
    public static let maximumNestingDepth = 16

    /// Reads a HealthKit unit string.
    /// - Throws: ``HealthUnitError`` with the offset of the offending character.
    public init(_ unitString: String) throws(HealthUnitError) {
        // Nearly every stored sample uses its type's usual unit: those are parsed once.
        if let canonical = Self.canonicalUnits[unitString] {
            self = canonical
            return
        }
        self = try HealthUnitParser.parse(unitString)
    }

    /// ``init(_:)`` of the UTF-8 bytes of a unit string: a common unit (``canonicalUnits``) is
    /// found from the bytes as they are, without making a String of them.
    public init(utf8 unitString: UnsafeBufferPointer<UInt8>) throws(HealthUnitError) {
        if let common = Self.canonicalUnitsUTF8.value(named: unitString) {
            self = common
            return
        }
        try self.init(String(decoding: unitString, as: UTF8.self))
    }

    /// ``canonicalUnits`` looked up by bytes.
    private static let canonicalUnitsUTF8 = UTF8KeyedTable(canonicalUnits.map { ($0.key, $0.value) })

    /// The usual unit of every catalog type and a few other units devices commonly store
    /// (blood glucose in mmol/L, Fahrenheit, pounds), by unit string, parsed once on first use.
    static let canonicalUnits: [String: HealthUnit] = {
        var units: [String: HealthUnit] = [:]
        for type in QuantityType.all { units[type.canonicalUnit.unitString] = type.canonicalUnit }
        for text in commonOtherUnitStrings where units[text] == nil {
            if let unit = try? HealthUnitParser.parse(text) { units[text] = unit }
        }
        return units
    }()

    /// Units besides the catalog's usual ones that stored samples often carry.
    static let commonOtherUnitStrings = ["mmol<180.15588000005408>/L", "degF", "lb", "g", "mL", "L", "cm", "ft", "in",
                                         "mi", "km", "Cal", "kJ", "%", "count/s", "mg"]

    /// Builds a unit from already-resolved parts (used by the parser and the named constants).
    init(unitString: String, dimension: UnitDimension, scale: Double, exponent10: Int, offset: Double = 0) {
        storage = Storage(unitString: unitString, dimension: dimension, offset: offset, scale: scale, exponent10: exponent10)
    }

    /// Whether values convert between the two units (same dimension).
    public func isCompatible(with other: HealthUnit) -> Bool { storage.dimension == other.storage.dimension }

    /// Converts `value` from this unit to `target`.
    /// - Throws: ``QuantityConversionError`` when the dimensions differ.
    public func convert(_ value: Double, to target: HealthUnit) throws(QuantityConversionError) -> Double {
        guard isCompatible(with: target) else {
            throw QuantityConversionError(from: self, to: target)
        }
        if storage === target.storage || unitString == target.unitString { return value }
        // value·f₁ + o₁ = result·f₂ + o₂  ⇒  result = value·(f₁/f₂) + (o₁ − o₂)/f₂.
        // f₁/f₂ is applied as (s₁/s₂) then an exact power of ten, so decimal prefixes add no
        // rounding of their own (1e-3 is not a Double, but dividing by 1000 is correctly rounded).
        let scaled = UnitAtoms.scaleByPowerOfTen(value * (scale / target.scale), exponent10 - target.exponent10)
        return scaled + (offset - target.offset) / target.factor
    }

    /// The unit string.
    public var description: String { unitString }

    /// Equal when the unit strings are identical.
    public static func == (lhs: HealthUnit, rhs: HealthUnit) -> Bool {
        // Units read are nearly always the shared common ones.
        lhs.storage === rhs.storage || lhs.storage.unitString == rhs.storage.unitString
    }

    /// Hashes the unit string, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(unitString) }
}

// MARK: - Common units

extension HealthUnit {
    /// Parses a unit string that is known to be valid. The fallback exists only so that a typo
    /// here could never trap; the tests check every constant's dimension against the catalog.
    static func known(_ text: String) -> HealthUnit {
        (try? HealthUnitParser.parse(text)) ?? HealthUnit(unitString: text, dimension: .dimensionless, scale: 1, exponent10: 0)
    }

    /// `count`.
    public static let count = known("count")
    /// `%` (HealthKit's percent is a fraction: 0.97 `%` is 97 percent).
    public static let percent = known("%")
    /// `count/min`, e.g. heart rate.
    public static let countPerMinute = known("count/min")
    /// `mmHg`, e.g. blood pressure.
    public static let millimetersOfMercury = known("mmHg")
    /// `degC`.
    public static let degreeCelsius = known("degC")
    /// `degF`.
    public static let degreeFahrenheit = known("degF")
    /// `mg/dL`, e.g. blood glucose.
    public static let milligramsPerDeciliter = known("mg/dL")
    /// `g`.
    public static let gram = known("g")
    /// `kg`.
    public static let kilogram = known("kg")
    /// `mg`.
    public static let milligram = known("mg")
    /// `mcg` (microgram).
    public static let microgram = known("mcg")
    /// `lb`.
    public static let pound = known("lb")
    /// `m`.
    public static let meter = known("m")
    /// `cm`.
    public static let centimeter = known("cm")
    /// `km`.
    public static let kilometer = known("km")
    /// `kcal`.
    public static let kilocalorie = known("kcal")
    /// `L`.
    public static let liter = known("L")
    /// `mL`.
    public static let milliliter = known("mL")
    /// `L/min`, e.g. peak expiratory flow.
    public static let litersPerMinute = known("L/min")
    /// `s`.
    public static let second = known("s")
    /// `ms`.
    public static let millisecond = known("ms")
    /// `min`.
    public static let minute = known("min")
    /// `mcS` (microsiemens), e.g. electrodermal activity.
    public static let microsiemens = known("mcS")
    /// `IU` (international unit), e.g. insulin delivery.
    public static let internationalUnit = known("IU")
    /// `dBASPL` (A-weighted decibels of sound pressure), e.g. environmental audio exposure.
    public static let decibelAWeightedSoundPressureLevel = known("dBASPL")
    /// `W`.
    public static let watt = known("W")
    /// `m/s`.
    public static let metersPerSecond = known("m/s")
    /// `mL/min·kg`, e.g. VO₂ max.
    public static let milliliterPerMinuteKilogram = known("mL/min·kg")
    /// `kcal/hr·kg`, e.g. physical effort.
    public static let kilocaloriePerHourKilogram = known("kcal/hr·kg")
}
