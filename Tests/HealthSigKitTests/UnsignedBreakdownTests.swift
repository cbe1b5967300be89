import Testing
@testable import HealthSigKit

/// The table counts unsigned samples per type and per source, most frequent first, bounded.
@Suite struct UnsignedBreakdownTests {
    @Test func mostFrequentFirstThenByName() {
        var breakdown = UnsignedBreakdown()
        for name in ["StepCount", "HeartRate", "HeartRate", "BodyMass"] { breakdown.add(name) }
        #expect(breakdown.total == 4)
        #expect(breakdown.text(extra: nil) == "HeartRate 2, BodyMass 1, StepCount 1")
        #expect(breakdown.text(extra: ("member-type records", 3)) == "HeartRate 2, BodyMass 1, StepCount 1, member-type records 3")
    }

    @Test func distinctNamesBeyondTheLimitAreCountedAsOther() {
        var breakdown = UnsignedBreakdown()
        for index in 0 ..< UnsignedBreakdown.limit + 5 { breakdown.add("source \(index)") }
        breakdown.add("source 0")
        #expect(breakdown.counts.count == UnsignedBreakdown.limit)
        #expect(breakdown.other == 5)
        #expect(breakdown.counts["source 0"] == 2)
        #expect(breakdown.text(extra: nil).hasSuffix(", other 5"))
    }

    @Test("keys in runs are counted, named and bounded as each key added alone would be")
    func runsOfKeysCountAsEachKeyAlone() {
        // A plain count by name with the same bound, one key at a time.
        func reference(_ keys: [String], naming: (String) -> String) -> (counts: [String: Int], other: Int) {
            var counts: [String: Int] = [:]
            var other = 0
            for key in keys {
                let name = naming(key)
                if counts[name] != nil || counts.count < UnsignedBreakdown.limit { counts[name, default: 0] += 1 } else { other += 1 }
            }
            return (counts, other)
        }
        var generator = SystemRandomNumberGenerator()
        let shapes: [[String]] = [
            // Runs of full identifiers, two of which share a short name, crossing the bound mid-run.
            (0 ..< UnsignedBreakdown.limit - 2).map { "HKQuantityTypeIdentifierType\($0)" }
                + Array(repeating: "HKQuantityTypeIdentifierHeartRate", count: 3) + ["HeartRate", "HeartRate"]
                + Array(repeating: "HKCategoryTypeIdentifierSleepAnalysis", count: 4) + ["HKWorkoutTypeIdentifier"]
                + Array(repeating: "HKQuantityTypeIdentifierStepCount", count: 5) + ["HKQuantityTypeIdentifierType0"],
            (0 ..< 3000).map { _ in ["A", "B", "HKQuantityTypeIdentifierA", "C"][Int.random(in: 0 ..< 4, using: &generator)] },
            (0 ..< 3000).map { index in "K\(index / Int.random(in: 1 ... 5, using: &generator))" },
            [],
        ]
        for keys in shapes {
            for naming in [TableReportSink.shortType, { $0 }] as [(String) -> String] {
                var breakdown = UnsignedBreakdown(naming: naming)
                for key in keys { breakdown.add(key) }
                let expected = reference(keys, naming: naming)
                #expect(breakdown.total == keys.count)
                #expect(breakdown.counts == expected.counts)
                #expect(breakdown.other == expected.other)
            }
        }
    }
}
