import Foundation
import Testing
@testable import HealthSamples

/// Every validation rule, provoked on purpose, with the exact error case and field path.
@Suite struct SampleValidatorTests {
    let t0: SampleDate
    let t1: SampleDate
    let t2: SampleDate

    init() throws {
        t0 = try SampleDate(rfc3339: "2024-03-01T08:00:00+01:00")
        t1 = try SampleDate(rfc3339: "2024-03-01T08:00:30+01:00")
        t2 = try SampleDate(rfc3339: "2024-03-01T08:01:00+01:00")
    }

    private func quantity(_ type: QuantityType, _ value: String, _ unit: String,
                          start: SampleDate? = nil, end: SampleDate? = nil) throws -> QuantitySample {
        QuantitySample(type: type, quantity: Quantity(value: try DecimalText.parse(value), unit: try HealthUnit(unit)),
                       startDate: start ?? t1, endDate: end ?? start ?? t1)
    }

    private func bloodPressure(_ objects: [QuantitySample]) -> Sample {
        .correlation(Correlation(type: .bloodPressure, startDate: t0, endDate: t2, objects: objects,
                                 device: Device(name: "BP7450", manufacturer: "Omron"),
                                 metadata: ["HKDigitalSignature": .string("MIIB")]))
    }

    private func expectProblem(_ sample: Sample, field: String, _ kind: SampleValidationError.Kind,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = SampleValidationError(typeIdentifier: sample.typeIdentifier, field: field, kind: kind)
        #expect(throws: expected, sourceLocation: sourceLocation) { try SampleValidator.validate(sample) }
        // A reader validates a sample's parts before wrapping them: the same problem, first.
        switch sample {
        case .quantity(let quantitySample):
            #expect(throws: expected, sourceLocation: sourceLocation) { try SampleValidator.validate(quantitySample) }
        case .category(let categorySample):
            #expect(throws: expected, sourceLocation: sourceLocation) { try SampleValidator.validate(categorySample) }
        case .correlation(let correlation):
            #expect(throws: expected, sourceLocation: sourceLocation) { try SampleValidator.validate(correlation) }
        case .workout:
            break
        }
    }

    @Test func validSamplesPass() throws {
        let heartRate = Sample.quantity(try quantity(.heartRate, "72", "count/min"))
        let sleep = Sample.category(CategorySample(type: .sleepAnalysis, value: 5, startDate: t0, endDate: t2))
        let pressure = bloodPressure([try quantity(.bloodPressureSystolic, "120", "mmHg"),
                                      try quantity(.bloodPressureDiastolic, "80", "mmHg")])
        let food = Sample.correlation(Correlation(type: .food, startDate: t0, endDate: t2, objects: [
            try quantity(.dietaryEnergyConsumed, "250", "kcal"), try quantity(.dietaryProtein, "12.5", "g"),
        ]))
        for sample in [heartRate, sleep, pressure, food] {
            #expect(SampleValidator.problems(in: sample).isEmpty)
            try SampleValidator.validate(sample)
        }
    }

    @Test func incompatibleUnit() throws {
        let sample = Sample.quantity(try quantity(.heartRate, "72", "mmHg"))
        expectProblem(sample, field: "unit", .unitIncompatible(unit: "mmHg", type: "HKQuantityTypeIdentifierHeartRate",
                                                                expected: .countPerTime))
    }

    @Test func notANumber() throws {
        var sample = try quantity(.bodyMass, "70", "kg")
        sample.quantity.value = .nan
        expectProblem(.quantity(sample), field: "value", .nonFiniteValue)
    }

    @Test func endBeforeStart() throws {
        let quantitySample = Sample.quantity(try quantity(.stepCount, "10", "count", start: t2, end: t1))
        expectProblem(quantitySample, field: "endDate", .endBeforeStart(start: t2, end: t1))
        let categorySample = Sample.category(CategorySample(type: .sleepAnalysis, value: 0, startDate: t2, endDate: t0))
        expectProblem(categorySample, field: "endDate", .endBeforeStart(start: t2, end: t0))
        let correlation = Sample.correlation(Correlation(type: .food, startDate: t2, endDate: t0, objects: []))
        expectProblem(correlation, field: "endDate", .endBeforeStart(start: t2, end: t0))
    }

    @Test func equalStartAndEndIsAnInstant() throws {
        let sample = Sample.quantity(try quantity(.bodyTemperature, "36.6", "degC", start: t1, end: t1))
        #expect(SampleValidator.problems(in: sample).isEmpty)
        // Same instant written with a different offset is still not "before".
        let shifted = try SampleDate(rfc3339: "2024-03-01T07:00:30Z")
        #expect(SampleValidator.problems(in: .quantity(try quantity(.bodyTemperature, "36.6", "degC", start: t1, end: shifted))).isEmpty)
    }

    @Test func categoryValueOutOfRange() {
        let sample = Sample.category(CategorySample(type: .sleepAnalysis, value: 6, startDate: t0, endDate: t2))
        expectProblem(sample, field: "value", .categoryValueOutOfRange(value: 6, allowed: [0, 1, 2, 3, 4, 5]))
        let flow = Sample.category(CategorySample(type: .menstrualFlow, value: 0, startDate: t0))
        expectProblem(flow, field: "value", .categoryValueOutOfRange(value: 0, allowed: [1, 2, 3, 4, 5]))
    }

    @Test func bloodPressureNeedsOneOfEach() throws {
        let systolic = try quantity(.bloodPressureSystolic, "120", "mmHg")
        let diastolic = try quantity(.bloodPressureDiastolic, "80", "mmHg")
        expectProblem(bloodPressure([systolic]), field: "objects", .incompleteBloodPressure(reason: .missingDiastolic))
        expectProblem(bloodPressure([diastolic]), field: "objects", .incompleteBloodPressure(reason: .missingSystolic))
        expectProblem(bloodPressure([systolic, diastolic, systolic]), field: "objects[2].type",
                      .incompleteBloodPressure(reason: .extraSystolic))
        expectProblem(bloodPressure([systolic, diastolic, diastolic]), field: "objects[2].type",
                      .incompleteBloodPressure(reason: .extraDiastolic))
        let heartRate = try quantity(.heartRate, "60", "count/min")
        expectProblem(bloodPressure([systolic, heartRate, diastolic]), field: "objects[1].type",
                      .incompleteBloodPressure(reason: .unexpectedType(identifier: "HKQuantityTypeIdentifierHeartRate")))
        // An empty correlation reports both missing halves.
        let empty = SampleValidator.problems(in: bloodPressure([]))
        #expect(empty.map(\.kind) == [.incompleteBloodPressure(reason: .missingSystolic),
                                      .incompleteBloodPressure(reason: .missingDiastolic)])
    }

    @Test func memberErrorsCarryTheirPath() throws {
        let systolic = try quantity(.bloodPressureSystolic, "120", "mmHg")
        let badDiastolic = try quantity(.bloodPressureDiastolic, "80", "kg")
        expectProblem(bloodPressure([systolic, badDiastolic]), field: "objects[1].unit",
                      .unitIncompatible(unit: "kg", type: "HKQuantityTypeIdentifierBloodPressureDiastolic", expected: .pressure))
        let backwards = try quantity(.bloodPressureDiastolic, "80", "mmHg", start: t2, end: t1)
        expectProblem(bloodPressure([systolic, backwards]), field: "objects[1].endDate", .endBeforeStart(start: t2, end: t1))
    }

    @Test func foodHoldsOnlyDietarySamples() throws {
        let sample = Sample.correlation(Correlation(type: .food, startDate: t0, endDate: t2, objects: [
            try quantity(.dietaryCaffeine, "95", "mg"), try quantity(.stepCount, "1", "count"),
        ]))
        expectProblem(sample, field: "objects[1].type", .foodObjectNotDietary(identifier: "HKQuantityTypeIdentifierStepCount"))
    }

    @Test func membersLieWithinTheCorrelation() throws {
        let early = try SampleDate(rfc3339: "2024-03-01T06:59:59Z")
        let late = try SampleDate(rfc3339: "2024-03-01T07:01:01Z")
        let systolic = try quantity(.bloodPressureSystolic, "120", "mmHg", start: early, end: t1)
        let diastolic = try quantity(.bloodPressureDiastolic, "80", "mmHg", start: t1, end: late)
        expectProblem(bloodPressure([systolic, try quantity(.bloodPressureDiastolic, "80", "mmHg")]),
                      field: "objects[0].startDate", .objectOutsideCorrelationInterval)
        let problems = SampleValidator.problems(in: bloodPressure([systolic, diastolic]))
        #expect(problems.map(\.field) == ["objects[0].startDate", "objects[1].endDate"])
    }

    @Test("a predefined metadata key under both spellings is refused, on the sample or a member; one spelling repeated is not")
    func metadataKeySpellings() throws {
        var heartRate = try quantity(.heartRate, "72", "count/min")
        heartRate.metadata = Metadata([.init(key: "HKTimeZone", value: .string("Europe/Paris")),
                                       .init(key: "HKMetadataKeyTimeZone", value: .string("America/New_York"))])
        expectProblem(.quantity(heartRate), field: "metadata.HKMetadataKeyTimeZone", .metadataKeyTwice(earlier: "HKTimeZone"))

        var systolic = try quantity(.bloodPressureSystolic, "120", "mmHg")
        systolic.metadata = Metadata([.init(key: "HKMetadataKeyDeviceSerialNumber", value: .string("A")),
                                      .init(key: "HKDeviceSerialNumber", value: .string("B"))])
        expectProblem(bloodPressure([systolic, try quantity(.bloodPressureDiastolic, "80", "mmHg")]),
                      field: "objects[0].metadata.HKDeviceSerialNumber",
                      .metadataKeyTwice(earlier: "HKMetadataKeyDeviceSerialNumber"))

        // export.xml repeats keys under one spelling: left to the verifier, which compares every copy.
        heartRate.metadata = Metadata([.init(key: "HKTimeZone", value: .string("Europe/Paris")),
                                       .init(key: "HKTimeZone", value: .string("Europe/Paris"))])
        try SampleValidator.validate(.quantity(heartRate))
    }

    @Test("both spellings are found the same way in small metadata and in metadata of more than 16 entries")
    func metadataKeySpellingsInLargeMetadata() throws {
        for fillers in [0, 3, 14, 15, 30] {
            var heartRate = try quantity(.heartRate, "72", "count/min")
            let filler = (0..<fillers).map { Metadata.Entry(key: "Custom\($0)", value: .string("x")) }
            heartRate.metadata = Metadata([.init(key: "HKMetadataKeyTimeZone", value: .string("Europe/Paris"))] + filler + [
                .init(key: "HKMetadataKeyTimeZone", value: .string("Europe/Paris")),
                .init(key: "HKTimeZone", value: .string("UTC")),
                .init(key: "HKTimeZone", value: .string("UTC")),
            ])
            let problems = SampleValidator.problems(in: .quantity(heartRate))
            #expect(problems.map(\.field) == ["metadata.HKTimeZone", "metadata.HKTimeZone"], "\(fillers) fillers")
            #expect(problems.allSatisfy { $0.kind == .metadataKeyTwice(earlier: "HKMetadataKeyTimeZone") })
        }
    }

    @Test("every pair of spellings is found whichever other keys stand next to it")
    func metadataKeySpellingsAmongOtherKeys() throws {
        // Every ordered pick of two and three keys from names that are, or only look like, the
        // spellings of a few keys, against the definition: an entry whose key names the same
        // stored key as an earlier one, under another spelling.
        let names = ["HKMetadataKeyDeviceSerialNumber", "HKDeviceSerialNumber", "HKDigitalSignature",
                     "HKMetadataKeyDigitalSignature", "HKMetadataKeyTimeZone", "HKTimeZone", "HKMetadataKeyCustom",
                     "Custom", "HKMetadataKeyDeviceSerialNumber\u{301}", "H\u{212A}MetadataKeyTimeZone"]
        var picks = names.flatMap { first in names.map { [first, $0] } }
        picks += picks.flatMap { pair in names.map { pair + [$0] } }
        for keys in picks {
            var heartRate = try quantity(.heartRate, "72", "count/min")
            heartRate.metadata = Metadata(keys.map { Metadata.Entry(key: $0, value: .string("x")) })
            var expected: [String] = []
            for (index, key) in keys.enumerated() {
                let stored = MetadataKey.storedName(for: key)
                if let earlier = keys[..<index].first(where: { MetadataKey.storedName(for: $0) == stored }), earlier != key {
                    expected.append("metadata." + key)
                }
            }
            #expect(SampleValidator.problems(in: .quantity(heartRate)).map(\.field) == expected, "\(keys)")
        }
    }

    @Test func unknownTypeErrorForReaders() {
        let error = SampleValidationError(typeIdentifier: "HKQuantityTypeIdentifierFoo", field: "type",
                                          kind: .unknownType(identifier: "HKQuantityTypeIdentifierFoo"))
        #expect(error.description == "HKQuantityTypeIdentifierFoo: type: unknown type HKQuantityTypeIdentifierFoo")
    }

    @Test func messagesNameTypeAndField() throws {
        let sample = Sample.quantity(try quantity(.heartRate, "72", "mmHg"))
        let problem = try #require(SampleValidator.problems(in: sample).first)
        #expect(problem.description ==
            "HKQuantityTypeIdentifierHeartRate: unit: heart rate needs a count per time, such as count/min; mmHg is a pressure")
    }

    @Test func sampleAccessors() throws {
        var sample = bloodPressure([try quantity(.bloodPressureSystolic, "120", "mmHg"),
                                    try quantity(.bloodPressureDiastolic, "80", "mmHg")])
        #expect(sample.typeIdentifier == "HKCorrelationTypeIdentifierBloodPressure")
        #expect(sample.startDate == t0 && sample.endDate == t2)
        #expect(sample.device?.manufacturer == "Omron")
        #expect(sample.metadata["HKMetadataKeyDigitalSignature"] == .string("MIIB"))
        sample.metadata["HKTimeZone"] = .string("Europe/Paris")
        sample.uuid = "0E4D1A5C-0000-4000-8000-000000000001"
        guard case .correlation(let correlation) = sample else {
            Issue.record("not a correlation")
            return
        }
        #expect(correlation.metadata.keys == ["HKDigitalSignature", "HKTimeZone"])
        #expect(correlation.uuid == "0E4D1A5C-0000-4000-8000-000000000001")
        let category = Sample.category(CategorySample(type: .appleStandHour, value: 0, startDate: t0))
        #expect(category.endDate == t0 && category.device == nil && category.uuid == nil)
    }
}
