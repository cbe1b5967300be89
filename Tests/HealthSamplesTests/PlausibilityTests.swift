import Foundation
import Testing
@testable import HealthSamples

/// Physically impossible readings are refused with the field named; real extremes pass.
@Suite struct PlausibilityTests {
    private func reading(_ type: QuantityType, _ value: String, _ unit: String) throws -> Sample {
        .quantity(QuantitySample(type: type, quantity: Quantity(value: try DecimalText.parse(value), unit: try HealthUnit(unit)),
                                 startDate: try SampleDate(rfc3339: "2026-11-21T08:00:00Z")))
    }

    @Test(arguments: [
        (QuantityType.heartRate, "-1", "count/min"),
        (.heartRate, "601", "count/min"),
        (.heartRate, "10.1", "count/s"),           // 606 count/min once converted
        (.bodyMass, "-72", "kg"),
        (.bodyMass, "0", "kg"),
        (.bodyMass, "2300", "lb"),                 // 1043 kg
        (.oxygenSaturation, "97", "%"),            // HealthKit's % is a fraction: 97 % is 9700 percent
        (.oxygenSaturation, "1.01", "%"),
        (.bodyTemperature, "98.6", "degC"),        // a Fahrenheit value under the Celsius unit
        (.bodyTemperature, "5", "degC"),
        (.bloodPressureSystolic, "-120", "mmHg"),
        (.bloodPressureSystolic, "401", "mmHg"),
        (.respiratoryRate, "201", "count/min"),
        (.bloodGlucose, "5001", "mg/dL"),
        (.height, "3.01", "m"),
        (.bodyMassIndex, "0", "count"),
        (.stepCount, "-5", "count"),
        (.dietaryCaffeine, "-1", "mg"),
        (.vo2Max, "-1", "mL/min·kg"),
    ])
    func impossibleValueIsRefusedWithItsField(_ type: QuantityType, _ value: String, _ unit: String) throws {
        let sample = try reading(type, value, unit)
        let problem = try #require(PlausibilityCheck.problems(in: sample).first)
        #expect(problem.field == "value")
        guard case .implausibleValue(let shown, let typeIdentifier, let range) = problem.kind else {
            Issue.record("expected implausibleValue, got \(problem.kind)")
            return
        }
        #expect(shown == "\(value) \(unit)")
        #expect(typeIdentifier == type.identifier)
        #expect(range == type.plausibleRange)
        #expect(throws: problem) { try PlausibilityCheck.check(sample) }
    }

    @Test(arguments: [
        (QuantityType.heartRate, "0", "count/min"), (.heartRate, "600", "count/min"), (.heartRate, "480", "count/min"),
        (.bodyMass, "635", "kg"), (.bodyMass, "0.5", "kg"), (.oxygenSaturation, "0.97", "%"), (.oxygenSaturation, "1", "%"),
        (.bodyTemperature, "98.6", "degF"), (.bodyTemperature, "11.8", "degC"), (.bodyTemperature, "46.5", "degC"),
        (.bloodPressureSystolic, "370", "mmHg"), (.bloodGlucose, "147.6", "mmol<180.15588000005408>/L"),
        (.height, "2.72", "m"), (.stepCount, "0", "count"), (.appleSleepingWristTemperature, "-40", "degC"),
        (.environmentalAudioExposure, "-5", "dBASPL"), (.heartRateRecoveryOneMinute, "-3", "count/min"),
    ])
    func realExtremesPass(_ type: QuantityType, _ value: String, _ unit: String) throws {
        #expect(PlausibilityCheck.problems(in: try reading(type, value, unit)).isEmpty)
    }

    @Test func correlationMemberIsNamedByItsPath() throws {
        let t = try SampleDate(rfc3339: "2026-11-21T08:00:00Z")
        let systolic = QuantitySample(type: .bloodPressureSystolic, quantity: Quantity(value: 120, unit: .millimetersOfMercury), startDate: t)
        let diastolic = QuantitySample(type: .bloodPressureDiastolic, quantity: Quantity(value: -80, unit: .millimetersOfMercury), startDate: t)
        let sample = Sample.correlation(Correlation(type: .bloodPressure, startDate: t, endDate: t, objects: [systolic, diastolic]))
        let problems = PlausibilityCheck.problems(in: sample)
        #expect(problems.map(\.field) == ["objects[1].value"])
        #expect(problems.first?.description ==
            "HKCorrelationTypeIdentifierBloodPressure: objects[1].value: blood pressure diastolic -80 mmHg is impossible: "
            + "it must be 0 mmHg to 400 mmHg (the highest blood pressure recorded is 370/360 mmHg)")
    }

    private func bloodPressure(_ systolic: String, _ systolicUnit: String, _ diastolic: String, _ diastolicUnit: String,
                               diastolicFirst: Bool = false) throws -> Sample {
        let t = try SampleDate(rfc3339: "2026-11-21T08:00:00Z")
        let s = QuantitySample(type: .bloodPressureSystolic,
                               quantity: Quantity(value: try DecimalText.parse(systolic), unit: try HealthUnit(systolicUnit)), startDate: t)
        let d = QuantitySample(type: .bloodPressureDiastolic,
                               quantity: Quantity(value: try DecimalText.parse(diastolic), unit: try HealthUnit(diastolicUnit)), startDate: t)
        return .correlation(Correlation(type: .bloodPressure, startDate: t, endDate: t, objects: diastolicFirst ? [d, s] : [s, d]))
    }

    @Test func bloodPressureWithSystolicBelowDiastolicIsRefusedNamingTheSystolic() throws {
        let swapped = try bloodPressure("80", "mmHg", "120", "mmHg")
        let problem = SampleValidationError(typeIdentifier: "HKCorrelationTypeIdentifierBloodPressure", field: "objects[0].value",
                                            kind: .systolicBelowDiastolic(systolic: "80 mmHg", diastolic: "120 mmHg"))
        #expect(PlausibilityCheck.problems(in: swapped) == [problem])
        #expect(throws: problem) { try PlausibilityCheck.check(swapped) }
        #expect(problem.description == "HKCorrelationTypeIdentifierBloodPressure: objects[0].value: systolic 80 mmHg is below "
            + "diastolic 120 mmHg: the two are swapped or one is wrong")
        // Members in the other order, and units that differ: compared in one unit (12 kPa is 90 mmHg).
        let mixed = try bloodPressure("12", "kPa", "95", "mmHg", diastolicFirst: true)
        #expect(PlausibilityCheck.problems(in: mixed).map(\.field) == ["objects[1].value"])
    }

    @Test func bloodPressureWithEqualOrHigherSystolicPasses() throws {
        #expect(PlausibilityCheck.problems(in: try bloodPressure("120", "mmHg", "80", "mmHg")).isEmpty)
        #expect(PlausibilityCheck.problems(in: try bloodPressure("70", "mmHg", "70", "mmHg")).isEmpty)
        #expect(PlausibilityCheck.problems(in: try bloodPressure("16", "kPa", "90", "mmHg")).isEmpty)
    }

    @Test func messageNamesTheRangeAndWhy() throws {
        let problem = try #require(PlausibilityCheck.problems(in: try reading(.oxygenSaturation, "97", "%")).first)
        #expect(problem.description == "HKQuantityTypeIdentifierOxygenSaturation: value: oxygen saturation 97 % is impossible: "
            + "it must be 0 % to 1 % (a share of a whole; HealthKit's % is a fraction, so 97 percent is written 0.97 with unit %)")
        let mass = try #require(PlausibilityCheck.problems(in: try reading(.bodyMass, "0", "kg")).first)
        #expect(mass.description.contains("it must be more than 0 kg and at most 1000 kg"))
    }

    @Test func everyQuantityTypeButTheUnboundedHasARangeInItsOwnDimension() {
        let unbounded: Set<QuantityType> = [.appleSleepingWristTemperature, .environmentalAudioExposure,
                                            .headphoneAudioExposure, .heartRateRecoveryOneMinute]
        for type in QuantityType.all {
            if unbounded.contains(type) {
                #expect(type.plausibleRange == nil, "\(type.identifier)")
            } else if let range = type.plausibleRange {
                #expect(type.accepts(range.unit), "\(type.identifier)")
            } else {
                Issue.record("\(type.identifier) has no range")
            }
        }
    }

    @Test func categoriesAreNotRangeChecked() throws {
        let t = try SampleDate(rfc3339: "2026-11-21T08:00:00Z")
        #expect(PlausibilityCheck.problems(in: .category(CategorySample(type: .sleepAnalysis, value: 1, startDate: t))).isEmpty)
    }
}
