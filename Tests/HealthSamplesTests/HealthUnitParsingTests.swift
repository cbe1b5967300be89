import Testing
@testable import HealthSamples

/// Reading HealthKit unit strings: every symbol, prefixes, compound forms and errors with offsets.
@Suite struct HealthUnitParsingTests {
    /// Each unit with its dimension and its factor to SI base units, written from the unit's
    /// definition (not from the implementation's table).
    static let units: [(String, UnitDimension, Double)] = [
        ("count", .count, 1), ("%", .percent, 1),
        ("count/min", .countPerTime, 1.0 / 60), ("count/s", .countPerTime, 1),
        ("mmHg", .pressure, 133.322387415), ("cmAq", .pressure, 98.0665), ("atm", .pressure, 101_325),
        ("inHg", .pressure, 3386.388640341), ("Pa", .pressure, 1), ("kPa", .pressure, 1000),
        ("degC", .temperature, 1), ("degF", .temperature, 5.0 / 9), ("K", .temperature, 1),
        ("g", .mass, 0.001), ("kg", .mass, 1), ("mg", .mass, 1e-6), ("mcg", .mass, 1e-9), ("µg", .mass, 1e-9),
        ("μg", .mass, 1e-9), ("ng", .mass, 1e-12), ("lb", .mass, 0.45359237), ("oz", .mass, 0.45359237 / 16),
        ("st", .mass, 0.45359237 * 14),
        ("mmol<180.15588000005408>/L", .massPerVolume, 180.15588000005408 * 1e-6 / 1e-3),
        ("mol<18.01528>", .mass, 0.01801528),
        ("mg/dL", .massPerVolume, 1e-6 / 1e-4),
        ("m", .length, 1), ("cm", .length, 0.01), ("mm", .length, 0.001), ("km", .length, 1000),
        ("in", .length, 0.0254), ("ft", .length, 0.3048), ("yd", .length, 0.9144), ("mi", .length, 1609.344),
        ("cal", .energy, 4.184), ("kcal", .energy, 4184), ("Cal", .energy, 4184), ("J", .energy, 1), ("kJ", .energy, 1000),
        ("L", .volume, 0.001), ("mL", .volume, 1e-6), ("dL", .volume, 1e-4),
        ("fl_oz_us", .volume, 29.5735295625e-6), ("fl_oz_imp", .volume, 28.4130625e-6),
        ("cup_us", .volume, 8 * 29.5735295625e-6), ("cup_imp", .volume, 10 * 28.4130625e-6),
        ("pt_us", .volume, 16 * 29.5735295625e-6), ("pt_imp", .volume, 20 * 28.4130625e-6),
        ("s", .time, 1), ("ms", .time, 0.001), ("min", .time, 60), ("hr", .time, 3600), ("d", .time, 86_400),
        ("S", .conductance, 1), ("mcS", .conductance, 1e-6), ("µS", .conductance, 1e-6), ("W", .power, 1),
        ("dam", .length, 10), ("hm", .length, 100), ("MJ", .energy, 1e6), ("GPa", .pressure, 1e9), ("Tg", .mass, 1e9),
        ("pg", .mass, 1e-15), ("fL", .volume, 1e-18),
        ("IU", .internationalUnit, 1), ("dBASPL", .soundPressureLevel, 1),
    ]

    @Test(arguments: units)
    func readsUnit(_ text: String, _ dimension: UnitDimension, _ factor: Double) throws {
        let unit = try HealthUnit(text)
        #expect(unit.unitString == text)
        #expect(unit.dimension == dimension)
        #expect(abs(unit.factor - factor) <= 1e-12 * abs(factor), "\(text): \(unit.factor) vs \(factor)")
    }

    @Test func temperatureOffsetsApplyToLoneSymbolsOnly() throws {
        #expect(try HealthUnit("degC").offset == 273.15)
        #expect(abs(try HealthUnit("degF").offset - 459.67 * 5 / 9) < 1e-12)
        #expect(try HealthUnit("K").offset == 0)
        // In a compound a temperature is a difference: no offset.
        let rate = try HealthUnit("degC/hr")
        #expect(rate.offset == 0 && rate.dimension == UnitDimension(time: -1, temperature: 1))
        #expect(try HealthUnit("degC*m/m").offset == 0)
        #expect(try HealthUnit("degF^-1").offset == 0)
        // Parentheses and a power of one do not change what a lone temperature is.
        #expect(try HealthUnit("(degC)").offset == 273.15)
        #expect(try HealthUnit("((degC))^1").offset == 273.15)
    }

    /// Pairs of spellings that denote the same dimension and factor.
    static let equivalent: [(String, String)] = [
        ("kcal/hr·kg", "kcal/(hr*kg)"),
        ("mL/min·kg", "mL*min^-1*kg^-1"),
        ("mL/kg*min", "mL/(kg·min)"),
        ("m/s^2", "m*s^-2"),
        ("(m/s)^2", "m^2/s^2"),
        ("m^-1", "(m)^-1"),
        ("count/min", "count*min^-1"),
        ("m/s/s", "m/(s*s)"),
        ("((m))", "m"),
        ("kg*m^2/s^2", "J"),
        ("kg/m/s^2", "Pa"),
        ("g/L", "mg/mL"),
        ("m^3", "kL"),
        ("(kcal/hr)/kg", "kcal/hr·kg"),
    ]

    @Test(arguments: equivalent)
    func compoundSpellingsAgree(_ a: String, _ b: String) throws {
        let first = try HealthUnit(a)
        let second = try HealthUnit(b)
        #expect(first.dimension == second.dimension)
        #expect(abs(first.factor - second.factor) <= 1e-12 * abs(first.factor), "\(a) vs \(b)")
        #expect(first != second)                    // equality is by the text as written
        #expect(first.isCompatible(with: second))
    }

    @Test func compoundDimensions() throws {
        #expect(try HealthUnit("kcal/hr·kg").dimension == .energyPerTimeMass)
        #expect(try HealthUnit("mL/min·kg").dimension == .volumePerTimeMass)
        #expect(try HealthUnit("m/s^2").dimension == UnitDimension(length: 1, time: -2))
        #expect(try HealthUnit("m/m").dimension.isDimensionless)
        #expect(try HealthUnit("L/min").dimension == .volumePerTime)
    }

    static let invalid: [(String, Int, HealthUnitError.Kind)] = [
        ("", 0, .empty),
        ("mg/", 3, .unexpectedEnd(expected: "unit symbol or '('")),
        ("mg//dL", 3, .unexpectedCharacter(expected: "unit symbol or '('")),
        ("2m", 0, .unexpectedCharacter(expected: "unit symbol or '('")),
        ("foo", 0, .unknownUnit("foo")),
        ("mg/dl", 3, .unknownUnit("dl")),
        ("kmmHg", 0, .unknownUnit("kmmHg")),
        ("kcount", 0, .unknownUnit("kcount")),
        ("cd", 0, .unknownUnit("cd")),
        ("mIU", 0, .unknownUnit("mIU")),
        ("kdBASPL", 0, .unknownUnit("kdBASPL")),
        ("µg/xyz", 3, .unknownUnit("xyz")),
        ("m^", 2, .unexpectedEnd(expected: "exponent digits")),
        ("m^x", 2, .unexpectedCharacter(expected: "exponent digits")),
        ("m^100", 4, .exponentOutOfRange),
        ("(m^99)^99", 6, .exponentOutOfRange),
        ("((km/m)^99)^2", 0, .factorOutOfRange),
        ("(m/s", 4, .unexpectedEnd(expected: "')'")),
        ("m)", 1, .unexpectedCharacter(expected: "'/', '*', '·', '^' or end of unit")),
        ("mg dL", 2, .unexpectedCharacter(expected: "'/', '*', '·', '^' or end of unit")),
        ("m·", 2, .unexpectedEnd(expected: "unit symbol or '('")),
        ("mmol/L", 0, .missingMolarMass),
        ("mmol<abc>/L", 5, .invalidMolarMass("abc")),
        ("mmol<0>/L", 5, .invalidMolarMass("0")),
        ("mmol<1e3>/L", 5, .invalidMolarMass("1e3")),
        ("mmol<180.1/L", 12, .unexpectedEnd(expected: "'>'")),
        ("g<12>", 1, .unexpectedCharacter(expected: "'/', '*', '·', '^' or end of unit")),
        (String(repeating: "(", count: 17) + "m" + String(repeating: ")", count: 17), 16, .nestingTooDeep),
        (String(repeating: "m", count: 257), 256, .tooLong),
    ]

    @Test(arguments: invalid)
    func rejectsInvalidUnit(_ text: String, _ offset: Int, _ kind: HealthUnitError.Kind) {
        #expect(throws: HealthUnitError(text: text, offset: offset, kind: kind)) {
            try HealthUnit(text)
        }
    }

    @Test func sixteenLevelsOfParenthesesAreAccepted() throws {
        let text = String(repeating: "(", count: 16) + "m" + String(repeating: ")", count: 16)
        #expect(try HealthUnit(text).dimension == .length)
    }

    @Test func namedConstantsMatchTheParser() throws {
        let constants: [HealthUnit] = [
            .count, .percent, .countPerMinute, .millimetersOfMercury, .degreeCelsius, .degreeFahrenheit,
            .milligramsPerDeciliter, .gram, .kilogram, .milligram, .microgram, .pound, .meter, .centimeter,
            .kilometer, .kilocalorie, .liter, .milliliter, .litersPerMinute, .second, .millisecond, .minute,
            .microsiemens, .watt, .internationalUnit, .decibelAWeightedSoundPressureLevel, .metersPerSecond, .milliliterPerMinuteKilogram, .kilocaloriePerHourKilogram,
        ]
        for constant in constants {
            let parsed = try HealthUnit(constant.unitString)
            #expect(parsed == constant)
            #expect(parsed.dimension == constant.dimension && parsed.factor == constant.factor && parsed.offset == constant.offset)
            #expect(!(constant.dimension.isDimensionless), "\(constant.unitString) fell back to the placeholder")
        }
    }

    @Test func dimensionDescriptions() {
        #expect(UnitDimension.massPerVolume.description == "mass·length^-3")
        #expect(UnitDimension.countPerTime.description == "time^-1·count")
        #expect(UnitDimension.dimensionless.description == "dimensionless")
    }
}
