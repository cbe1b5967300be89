import Testing
@testable import HealthSamples

/// The quantity-type catalog against docs/READINGS.md's "Quantity types" table, and unit
/// acceptance for every type.
@Suite struct QuantityTypeCatalogTests {
    /// docs/READINGS.md "Quantity types", rows `BodyMassIndex` to `DietaryWater`, transcribed:
    /// name, dimension, D(iscrete)/C(umulative).
    static let specified: [(String, UnitDimension, QuantityType.Aggregation)] = {
        var rows: [(String, UnitDimension, QuantityType.Aggregation)] = [
            ("BodyMassIndex", .count, .discrete), ("BodyFatPercentage", .percent, .discrete),
            ("Height", .length, .discrete), ("BodyMass", .mass, .discrete), ("LeanBodyMass", .mass, .discrete),
            ("StepCount", .count, .cumulative), ("DistanceWalkingRunning", .length, .cumulative),
            ("DistanceCycling", .length, .cumulative), ("BasalEnergyBurned", .energy, .cumulative),
            ("ActiveEnergyBurned", .energy, .cumulative), ("FlightsClimbed", .count, .cumulative),
            ("NikeFuel", .count, .cumulative), ("AppleExerciseTime", .time, .cumulative),
            ("HeartRate", .countPerTime, .discrete), ("BodyTemperature", .temperature, .discrete),
            ("BasalBodyTemperature", .temperature, .discrete), ("BloodPressureSystolic", .pressure, .discrete),
            ("BloodPressureDiastolic", .pressure, .discrete), ("RespiratoryRate", .countPerTime, .discrete),
            ("OxygenSaturation", .percent, .discrete), ("PeripheralPerfusionIndex", .percent, .discrete),
            ("BloodGlucose", .massPerVolume, .discrete), ("NumberOfTimesFallen", .count, .cumulative),
            ("ElectrodermalActivity", .conductance, .discrete), ("InhalerUsage", .count, .cumulative),
            ("BloodAlcoholContent", .percent, .discrete), ("ForcedVitalCapacity", .volume, .discrete),
            ("ForcedExpiratoryVolume1", .volume, .discrete), ("PeakExpiratoryFlowRate", .volumePerTime, .discrete),
            ("UVExposure", .count, .discrete),
        ]
        let nutrients = [
            "FatTotal", "FatPolyunsaturated", "FatMonounsaturated", "FatSaturated", "Cholesterol", "Sodium",
            "Carbohydrates", "Fiber", "Sugar", "Protein", "VitaminA", "VitaminB6", "VitaminB12", "VitaminC",
            "VitaminD", "VitaminE", "VitaminK", "Calcium", "Iron", "Thiamin", "Riboflavin", "Niacin", "Folate",
            "Biotin", "PantothenicAcid", "Phosphorus", "Iodine", "Magnesium", "Zinc", "Selenium", "Copper",
            "Manganese", "Chromium", "Molybdenum", "Chloride", "Potassium", "Caffeine",
        ]
        rows += nutrients.map { ("Dietary" + $0, UnitDimension.mass, QuantityType.Aggregation.cumulative) }
        rows.append(("DietaryEnergyConsumed", .energy, .cumulative))
        rows.append(("DietaryWater", .volume, .cumulative))
        return rows
    }()

    @Test func everySpecifiedTypeIsCataloguedAsSpecified() throws {
        for (suffix, dimension, aggregation) in Self.specified {
            let type = try #require(QuantityType.named("HKQuantityTypeIdentifier" + suffix), "\(suffix) missing")
            #expect(type.dimension == dimension, "\(suffix)")
            #expect(type.aggregation == aggregation, "\(suffix)")
            #expect(type.shortName == suffix)
        }
        #expect(QuantityType.specified.count == Self.specified.count)
    }

    @Test func identifiersAreUniqueAndPrefixed() {
        let identifiers = QuantityType.all.map(\.identifier)
        #expect(Set(identifiers).count == identifiers.count)
        #expect(identifiers.allSatisfy { $0.hasPrefix("HKQuantityTypeIdentifier") })
    }

    @Test(arguments: QuantityType.all)
    func acceptsCanonicalUnitAndRejectsWrongDimension(_ type: QuantityType) throws {
        #expect(type.accepts(type.canonicalUnit), "\(type.identifier) rejects \(type.canonicalUnit)")
        #expect(try HealthUnit(type.canonicalUnit.unitString) == type.canonicalUnit)
        let wrong = try HealthUnit(type.dimension == .mass ? "m" : "kg")
        #expect(!type.accepts(wrong))
        #expect(QuantityType.named(type.identifier) == type)
    }

    @Test func specificUnitRules() throws {
        let cases: [(QuantityType, [String], [String])] = [
            (.heartRate, ["count/min", "count/s", "count/hr"], ["count", "min", "%"]),
            (.bloodGlucose, ["mg/dL", "mmol<180.15588000005408>/L", "g/L"], ["mmol<180.15588000005408>", "mg"]),
            (.oxygenSaturation, ["%"], ["count"]),
            (.bodyMassIndex, ["count"], ["%", "kg/m^2"]),
            (.electrodermalActivity, ["S", "mcS"], ["Pa"]),
            (.peakExpiratoryFlowRate, ["L/min", "mL/s"], ["L"]),
            (.bloodPressureSystolic, ["mmHg", "kPa", "cmAq", "atm", "inHg"], ["mg/dL"]),
            (.bodyTemperature, ["degC", "degF", "K"], ["kcal"]),
            (.dietaryEnergyConsumed, ["kcal", "Cal", "kJ", "J"], ["kg"]),
            (.dietaryWater, ["mL", "fl_oz_us", "cup_us"], ["g"]),
            (.dietaryVitaminD, ["mcg", "µg", "mg", "mol<384.64>"], ["L"]),
            (.height, ["cm", "in", "ft", "m"], ["kg"]),
            (.appleExerciseTime, ["min", "s", "hr"], ["count"]),
        ]
        for (type, accepted, rejected) in cases {
            for text in accepted { #expect(type.accepts(try HealthUnit(text)), "\(type) should accept \(text)") }
            for text in rejected { #expect(!type.accepts(try HealthUnit(text)), "\(type) should reject \(text)") }
        }
    }

    @Test func canonicalUnits() {
        let expected: [(QuantityType, String)] = [
            (.heartRate, "count/min"), (.bloodPressureSystolic, "mmHg"), (.bodyTemperature, "degC"),
            (.bloodGlucose, "mg/dL"), (.bodyMass, "kg"), (.oxygenSaturation, "%"), (.height, "m"),
            (.activeEnergyBurned, "kcal"), (.forcedVitalCapacity, "L"), (.stepCount, "count"),
            (.electrodermalActivity, "mcS"), (.peakExpiratoryFlowRate, "L/min"), (.dietaryProtein, "g"),
            (.dietarySodium, "mg"), (.dietaryVitaminB12, "mcg"), (.vo2Max, "mL/min·kg"),
        ]
        for (type, unit) in expected { #expect(type.canonicalUnit.unitString == unit, "\(type)") }
    }

    @Test func unknownIdentifiersAreNotTypes() {
        #expect(QuantityType.named("HKQuantityTypeIdentifierFoo") == nil)
        #expect(QuantityType.named("HeartRate") == nil)
        #expect(QuantityType.named("") == nil)
    }

    @Test func dietaryFlag() {
        #expect(QuantityType.dietaryCaffeine.isDietary)
        #expect(QuantityType.dietaryWater.isDietary)
        #expect(!QuantityType.heartRate.isDietary)
        #expect(QuantityType.specified.filter(\.isDietary).count == 39)
    }
}
