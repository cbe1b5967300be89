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
}
