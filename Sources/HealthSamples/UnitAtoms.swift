/// The unit symbols and metric prefixes HealthKit's unit strings are built from.
///
/// Every factor is an exact decimal constant from its definition, split into a Double `scale`
/// and a power of ten, so that prefixes change only the power of ten and conversions between
/// decimal multiples (mg/dL ↔ g/L, kPa ↔ Pa) divide by an exactly representable power of ten.
enum UnitAtoms {
    /// One unit symbol: what it measures and how it relates to SI base units.
    struct Atom {
        let dimension: UnitDimension
        /// value_SI = value · scale · 10^exponent10 + offset
        let scale: Double
        let exponent10: Int
        /// Affine offset to kelvin; only `degC` and `degF` have one.
        let offset: Double
        /// Whether HealthKit lets this symbol take a metric prefix.
        let takesPrefix: Bool

        init(_ dimension: UnitDimension, _ scale: Double, e exponent10: Int = 0, offset: Double = 0, prefix takesPrefix: Bool = false) {
            self.dimension = dimension
            self.scale = scale
            self.exponent10 = exponent10
            self.offset = offset
            self.takesPrefix = takesPrefix
        }
    }

    /// Unit symbols by name.
    static let atoms: [String: Atom] = [
        // Dimensionless counts.
        "count": Atom(.count, 1),
        "%": Atom(.percent, 1),
        // Mass. The kilogram is the SI base, so the gram is 10⁻³.
        "g": Atom(.mass, 1, e: -3, prefix: true),
        "lb": Atom(.mass, 0.45359237),                  // international avoirdupois pound (1959), exact
        "oz": Atom(.mass, 0.028349523125),              // lb / 16, exact
        "st": Atom(.mass, 6.35029318),                  // 14 lb, exact
        // Length.
        "m": Atom(.length, 1, prefix: true),
        "in": Atom(.length, 0.0254),                    // exact by definition (1959)
        "ft": Atom(.length, 0.3048),
        "yd": Atom(.length, 0.9144),
        "mi": Atom(.length, 1609.344),
        // Volume. The litre is 10⁻³ m³.
        "L": Atom(.volume, 1, e: -3, prefix: true),
        "fl_oz_us": Atom(.volume, 29.5735295625, e: -6),   // 231 in³ / 128
        "fl_oz_imp": Atom(.volume, 28.4130625, e: -6),     // 4.54609 L / 160
        "cup_us": Atom(.volume, 236.5882365, e: -6),       // 8 US fl oz (customary cup)
        "cup_imp": Atom(.volume, 284.130625, e: -6),       // 10 imperial fl oz
        "pt_us": Atom(.volume, 473.176473, e: -6),         // 16 US fl oz
        "pt_imp": Atom(.volume, 568.26125, e: -6),         // 20 imperial fl oz
        // Pressure.
        "Pa": Atom(.pressure, 1, prefix: true),
        "mmHg": Atom(.pressure, 133.322387415),            // conventional: 13.5951 g/cm³ · 9.80665 m/s² · 1 mm
        "inHg": Atom(.pressure, 3386.388640341),           // 25.4 mmHg
        "cmAq": Atom(.pressure, 98.0665),                  // 1 g/cm³ · 9.80665 m/s² · 1 cm
        "atm": Atom(.pressure, 101_325),
        // Energy and power. HealthKit's calorie is the thermochemical one, 4.184 J.
        "J": Atom(.energy, 1, prefix: true),
        "cal": Atom(.energy, 4.184, prefix: true),
        "Cal": Atom(.energy, 4.184, e: 3),                 // "large calorie" = kcal
        "W": Atom(.power, 1, prefix: true),
        // Time.
        "s": Atom(.time, 1, prefix: true),
        "min": Atom(.time, 60),
        "hr": Atom(.time, 3600),
        "d": Atom(.time, 86_400),
        // Temperature. degC/degF offsets apply only when the unit stands alone (see HealthUnit).
        "K": Atom(.temperature, 1),
        "degC": Atom(.temperature, 1, offset: 273.15),
        "degF": Atom(.temperature, 5.0 / 9.0, offset: 459.67 * 5.0 / 9.0),
        // Electric conductance.
        "S": Atom(.conductance, 1, prefix: true),
        // Units that convert only to themselves (see UnitDimension).
        "IU": Atom(.internationalUnit, 1),
        "dBASPL": Atom(.soundPressureLevel, 1),
    ]

    /// Metric prefixes and their power of ten, longest spellings first so `da`/`mc` win over `d`/`m`.
    static let prefixes: [(symbol: String, exponent10: Int)] = [
        ("da", 1), ("mc", -6),
        ("f", -15), ("p", -12), ("n", -9), ("\u{00B5}", -6), ("\u{03BC}", -6), ("m", -3), ("c", -2), ("d", -1),
        ("h", 2), ("k", 3), ("M", 6), ("G", 9), ("T", 12),
    ]

    /// The base symbol of molar units, `mol<M>`.
    static let mole = "mol"

    /// Resolves a symbol (no molar mass) to an atom: an exact symbol first, so `min`, `mi`, `mmHg`,
    /// `cmAq` and `d` are never split into prefix + symbol, then prefix + prefixable symbol.
    static func resolve(_ symbol: String) -> Atom? {
        if let atom = atoms[symbol] { return atom }
        for prefix in prefixes where symbol.hasPrefix(prefix.symbol) {
            let rest = String(symbol.dropFirst(prefix.symbol.count))
            if let atom = atoms[rest], atom.takesPrefix {
                return Atom(atom.dimension, atom.scale, e: atom.exponent10 + prefix.exponent10, prefix: false)
            }
        }
        return nil
    }

    /// If `symbol` is `mol` with an optional prefix, the prefix's power of ten.
    static func molePrefixExponent(_ symbol: String) -> Int? {
        guard symbol.hasSuffix(mole) else { return nil }
        let prefix = String(symbol.dropLast(mole.count))
        if prefix.isEmpty { return 0 }
        return prefixes.first { $0.symbol == prefix }?.exponent10
    }
}

extension UnitAtoms {
    /// Powers of ten that a Double holds exactly (10²² is the largest).
    private static let exactPowersOfTen: [Double] = (0 ... 22).reduce(into: [Double]()) { table, k in
        table.append(k == 0 ? 1 : table[k - 1] * 10)
    }

    /// 10^exponent as a Double (exact for |exponent| ≤ 22 when positive).
    static func powerOfTen(_ exponent: Int) -> Double {
        if exponent >= 0, exponent < exactPowersOfTen.count { return exactPowersOfTen[exponent] }
        if exponent < 0, -exponent < exactPowersOfTen.count { return 1 / exactPowersOfTen[-exponent] }
        return pow10(exponent)
    }

    /// value · 10^exponent, dividing by an exact power of ten for negative exponents so the
    /// result is correctly rounded.
    static func scaleByPowerOfTen(_ value: Double, _ exponent: Int) -> Double {
        if exponent >= 0, exponent < exactPowersOfTen.count { return value * exactPowersOfTen[exponent] }
        if exponent < 0, -exponent < exactPowersOfTen.count { return value / exactPowersOfTen[-exponent] }
        return value * pow10(exponent)
    }

    /// 10^exponent by repeated squaring for the rare large exponents.
    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        var base = 10.0
        var remaining = exponent.magnitude
        while remaining > 0 {
            if remaining & 1 == 1 { result *= base }
            base *= base
            remaining >>= 1
        }
        return exponent < 0 ? 1 / result : result
    }
}
