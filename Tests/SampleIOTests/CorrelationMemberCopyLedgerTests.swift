import Foundation
import HealthSamples
import SampleIO
import Testing

/// Settling which unsigned top-level Records are copies of correlation members, within a bound.
@Suite struct CorrelationMemberCopyLedgerTests {
    static func systolic(_ value: Decimal, at seconds: Int64 = 1_790_000_000) throws -> QuantitySample {
        let date = try SampleDate(epochSeconds: seconds)
        return QuantitySample(type: .bloodPressureSystolic, quantity: Quantity(value: value, unit: .millimetersOfMercury),
                              startDate: date, endDate: date)
    }

    @Test func copiesAreCountedWhetherTheyComeBeforeOrAfterTheirCorrelation() throws {
        let member = CorrelationMemberCopy.key(try Self.systolic(120))
        var before = CorrelationMemberCopyLedger()
        before.addCandidate(member)
        before.addMembers([member])
        #expect(before.copies == 1)
        var after = CorrelationMemberCopyLedger()
        after.addMembers([member])
        after.addCandidate(member)
        after.addCandidate(member)
        #expect(after.copies == 2)
        #expect(!after.overflowed)
    }

    @Test func aReadingThatDiffersFromEveryMemberIsNotACopy() throws {
        var ledger = CorrelationMemberCopyLedger()
        ledger.addMembers([CorrelationMemberCopy.key(try Self.systolic(120))])
        ledger.addCandidate(CorrelationMemberCopy.key(try Self.systolic(121)))
        ledger.addCandidate(CorrelationMemberCopy.key(try Self.systolic(120, at: 1_790_000_001)))
        #expect(ledger.copies == 0)
    }

    @Test func pastItsBoundTheLedgerForgetsCandidatesAndSaysSo() throws {
        var ledger = CorrelationMemberCopyLedger(capacity: 2)
        let keys = try (0..<3).map { CorrelationMemberCopy.key(try Self.systolic(Decimal(110 + $0))) }
        for key in keys { ledger.addCandidate(key) }
        #expect(ledger.overflowed)
        ledger.addMembers(Array(keys.prefix(2)))
        #expect(ledger.copies == 2)
        var members = CorrelationMemberCopyLedger(capacity: 2)
        members.addMembers(keys)
        #expect(members.overflowed)
        for key in keys { members.addCandidate(key) }
        // The forgotten member's copy stays counted as unsigned: the safe side.
        #expect(members.copies == 2)
    }

    @Test func onlyBloodPressureAndFoodTypesCanBeMembers() {
        #expect(CorrelationMemberCopy.isMemberType(.bloodPressureDiastolic))
        #expect(CorrelationMemberCopy.isMemberType(named: "HKQuantityTypeIdentifierDietaryEnergyConsumed"))
        #expect(!CorrelationMemberCopy.isMemberType(.heartRate))
        #expect(!CorrelationMemberCopy.isMemberType(named: nil))
        #expect(!CorrelationMemberCopy.isMemberType(named: "HKQuantityTypeIdentifierNoSuchType"))
    }
}
