import Foundation
import Testing
@testable import HealthSamples

/// Conversions with known exact results; expected values are computed here from the units'
/// definitions, never from the implementation.
@Suite struct UnitConversionTests {
    private func convert(_ value: Double, _ from: String, _ to: String) throws -> Double {
        try HealthUnit(from).convert(value, to: HealthUnit(to))
    }

    private func close(_ a: Double, _ b: Double, relative: Double = 1e-12) -> Bool {
        abs(a - b) <= relative * max(abs(a), abs(b), 1e-300)
    }

    @Test func temperatures() throws {
        #expect(abs(try convert(98.6, "degF", "degC") - 37) < 1e-9)
        #expect(abs(try convert(37, "degC", "degF") - 98.6) < 1e-9)
        #expect(abs(try convert(0, "degC", "K") - 273.15) < 1e-9)
        #expect(abs(try convert(-40, "degC", "degF") - -40) < 1e-9)
        #expect(abs(try convert(32, "degF", "K") - 273.15) < 1e-9)
        #expect(abs(try convert(37, "degC", "(degC)") - 37) < 1e-9)
    }

    @Test func temperatureDifferencesInCompounds() throws {
        // In a compound, degC and degF are differences: 1 degC/hr is 1.8 degF/hr, no 32 offset.
        #expect(abs(try convert(1, "degC/hr", "degF/hr") - 1.8) < 1e-12)
        #expect(abs(try convert(1, "degC/hr", "K/hr") - 1) < 1e-12)
    }

    @Test func bloodGlucoseThroughMolarMass() throws {
        let molarMass = 180.15588000005408                 // g/mol, glucose as HealthKit writes it
        // 5.5 mmol/L = 5.5·M mg per L = 5.5·M / 10 mg per dL.
        let expected = 5.5 * molarMass / 10
        #expect(close(try convert(5.5, "mmol<180.15588000005408>/L", "mg/dL"), expected))
        #expect(abs(try convert(5.5, "mmol<180.15588000005408>/L", "mg/dL") - 99.08573) < 1e-5)
        #expect(close(try convert(expected, "mg/dL", "mmol<180.15588000005408>/L"), 5.5))
        // The export writes a shorter molar mass: a different unit string, same conversion to 1e-12.
        #expect(close(try convert(5.5, "mmol<180.1558800000541>/L", "mg/dL"), expected))
    }

    @Test func exactDecimalConversions() throws {
        #expect(try convert(1, "lb", "kg") == 0.45359237)
        #expect(try convert(1, "kcal", "kJ") == 4.184)
        #expect(try convert(1, "fl_oz_us", "mL") == 29.5735295625)
        #expect(try convert(60, "count/min", "count/s") == 1)
        #expect(try convert(1, "Cal", "kcal") == 1)
        #expect(try convert(1, "g", "mg") == 1000)
        #expect(try convert(1, "g", "mcg") == 1_000_000)
        #expect(try convert(1, "L", "dL") == 10)
        #expect(try convert(100, "mg/dL", "g/L") == 1)
        #expect(try convert(1, "atm", "kPa") == 101.325)
    }

    @Test func approximateConversions() throws {
        #expect(close(try convert(120, "mmHg", "kPa"), 120 * 133.322387415 / 1000))
        #expect(abs(try convert(120, "mmHg", "kPa") - 15.99868) < 1e-5)
        #expect(close(try convert(15.9986864898, "kPa", "mmHg"), 120))
        #expect(close(try convert(1, "mi", "km"), 1.609344))
        #expect(close(try convert(1, "ft", "in"), 12))
        #expect(close(try convert(1, "st", "lb"), 14))
        #expect(close(try convert(1, "oz", "g"), 28.349523125))
        #expect(close(try convert(1, "cup_us", "fl_oz_us"), 8))
        #expect(close(try convert(1, "d", "min"), 1440))
        #expect(close(try convert(1, "S", "mcS"), 1_000_000))
        #expect(close(try convert(1, "cmAq", "Pa"), 98.0665))
        #expect(close(try convert(1, "kcal/hr·kg", "W/kg"), 4184.0 / 3600))
        #expect(close(try convert(1, "L/min", "mL/s"), 1000.0 / 60))
    }

    @Test func incompatibleUnitsAreRejected() throws {
        let cases: [(String, String)] = [("mg/dL", "mmHg"), ("count", "%"), ("degC", "kcal"), ("count/min", "count"), ("kg", "L"),
                                        ("IU", "mg"), ("dBASPL", "Pa"), ("%", "count/count")]
        for (from, to) in cases {
            let source = try HealthUnit(from)
            let target = try HealthUnit(to)
            #expect(!source.isCompatible(with: target))
            #expect(throws: QuantityConversionError(from: source, to: target)) {
                try source.convert(1, to: target)
            }
        }
    }

    @Test func quantityConvertsItsExactDecimal() throws {
        let reading = Quantity(value: try DecimalText.parse("98.6"), unit: .degreeFahrenheit)
        #expect(abs(try reading.doubleValue(in: .degreeCelsius) - 37) < 1e-9)
        #expect(reading.isCompatible(with: try HealthUnit("K")))
        #expect(!reading.isCompatible(with: .kilogram))
        #expect(throws: QuantityConversionError(from: .degreeFahrenheit, to: .kilogram)) {
            try reading.doubleValue(in: .kilogram)
        }
        #expect(try reading.doubleValue(in: .degreeFahrenheit) == 98.6)
    }
}
