import Foundation
import Testing
@testable import HealthSamples

/// "Did you mean" hints for unknown units and types, and wrong-dimension messages in words.
@Suite struct UnitAndTypeHintTests {
    private func unitError(_ text: String) -> HealthUnitError? {
        do {
            _ = try HealthUnit(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [("mg/dl", "mg/dL"), ("F", "degF"), ("°F", "degF"), ("°C", "degC"), ("bpm", "count/min"),
                      ("MMHG", "mmHg"), ("degf", "degF"), ("kcall", "kcal"), ("mmHq", "mmHg")])
    func unknownUnitSuggestsTheHealthKitSpelling(_ text: String, _ expected: String) throws {
        let error = try #require(unitError(text))
        #expect(error.suggestion == expected)
        #expect(error.description.hasSuffix("; did you mean \"\(expected)\"?"))
    }

    @Test func unitFarFromEveryKnownUnitGetsNoGuess() throws {
        let error = try #require(unitError("furlong"))
        #expect(error.suggestion == nil)
        #expect(error.description == "invalid unit \"furlong\" at offset 0: unknown unit \"furlong\"")
        // One or two characters are one edit from many units: no guess.
        #expect(try #require(unitError("x")).suggestion == nil)
    }

    @Test func molarUnitWithoutMolarMassKeepsItsOwnExample() throws {
        let error = try #require(unitError("mmol/L"))
        #expect(error.suggestion == nil)
        #expect(error.description.contains("mol needs a molar mass, e.g. mmol<180.15588000005408>"))
    }

    @Test(arguments: [
        ("HKQuantityTypeIdentifierHeartrate", "HKQuantityTypeIdentifierHeartRate"),
        ("HeartRate", "HKQuantityTypeIdentifierHeartRate"),
        ("HKQuantityTypeIdentifierSleepAnalysis", "HKCategoryTypeIdentifierSleepAnalysis"),
        ("HKQuantityTypeIdentifierBloodPresureSystolic", "HKQuantityTypeIdentifierBloodPressureSystolic"),
        ("BloodPressure", "HKCorrelationTypeIdentifierBloodPressure"),
        ("HKQuantityTypeIdentifierOxygenSaturaton", "HKQuantityTypeIdentifierOxygenSaturation"),
    ])
    func unknownTypeSuggestsTheKnownIdentifier(_ text: String, _ expected: String) {
        #expect(SampleTypeSuggestion.suggestion(for: text) == expected)
        let error = SampleValidationError(typeIdentifier: text, field: "type", kind: .unknownType(identifier: text))
        #expect(error.description == "\(text): type: unknown type \(text); did you mean \(expected)?")
    }

    @Test func closestIsTheFirstCandidateAtTheSmallestDistanceWithinTheLimit() {
        let candidates = ["kcal", "cal", "mg", "mmHg", "degF", "degC", "count", "count/min", "mg/dL", "mmol/L", "%",
                          "HeartRate", "HeartRateVariabilitySDNN", "RestingHeartRate", "StepCount", "SleepAnalysis", "",
                          String(repeating: "y", count: EditDistance.maximumLength + 1)]
        var texts = ["", "x", "mgdl", "CAL", "Heartrate", "SleepAnalysys", "count/mn", "degK", "µg", "°C",
                     String(repeating: "x", count: 200)]
        for candidate in candidates.prefix(16) {
            texts += [String(candidate.dropFirst()), candidate + candidate.suffix(1), String(candidate.reversed())]
        }
        for text in texts {
            for limit in 0 ... 4 {
                // The answer from the whole distance table of every candidate.
                var expected: (candidate: String, distance: Int)?
                for candidate in candidates {
                    guard let d = EditDistance.distance(text, candidate), d <= limit else { continue }
                    if d < (expected?.distance ?? Int.max) { expected = (candidate, d) }
                }
                #expect(EditDistance.closest(to: text, among: candidates, limit: limit) == expected?.candidate,
                        "\(text), limit \(limit)")
            }
        }
        #expect(EditDistance.distance("kitten", "sitting") == 3)
        #expect(EditDistance.distance("", "abc") == 3)
    }

    @Test func typeFarFromEveryKnownTypeGetsNoGuess() {
        #expect(SampleTypeSuggestion.suggestion(for: "HKQuantityTypeIdentifierFoo") == nil)
        #expect(SampleTypeSuggestion.suggestion(for: String(repeating: "x", count: 10_000)) == nil)
    }

    @Test(arguments: [
        (QuantityType.heartRate, "degC", "heart rate needs a count per time, such as count/min; degC is a temperature"),
        (.bodyTemperature, "count/min", "body temperature needs a temperature, such as degC; count/min is a count per time"),
        (.bloodGlucose, "mmol<180.15588000005408>", "blood glucose needs a mass per volume, such as mg/dL; mmol<180.15588000005408> is a mass"),
        (.oxygenSaturation, "count", "oxygen saturation needs a fraction in percent, such as %; count is a count"),
        (.bodyMass, "kg/s", "body mass needs a mass, such as kg; kg/s is mass·time^-1"),
    ])
    func wrongDimensionIsNamedInWords(_ type: QuantityType, _ unit: String, _ expected: String) throws {
        let sample = Sample.quantity(QuantitySample(type: type, quantity: Quantity(value: 1, unit: try HealthUnit(unit)),
                                                    startDate: try SampleDate(rfc3339: "2026-11-21T08:00:00Z")))
        let problem = try #require(SampleValidator.problems(in: sample).first)
        #expect(problem.description == "\(type.identifier): unit: \(expected)")
    }

    @Test func everyCatalogDimensionHasWords() {
        for type in QuantityType.all {
            #expect(type.dimension.words != nil, "\(type.identifier)")
        }
    }

    @Test(arguments: [("HeartRate", "heart rate"), ("VO2Max", "VO2 max"), ("UVExposure", "UV exposure"),
                      ("ForcedExpiratoryVolume1", "forced expiratory volume1"), ("HeartRateVariabilitySDNN", "heart rate variability SDNN")])
    func readableNamesSplitCamelCase(_ name: String, _ expected: String) {
        #expect(ReadableName.words(fromCamelCase: name) == expected)
    }
}
