import CMS
import CryptoBackend
import Foundation
import HealthSamples
@testable import SampleSigning
import Testing

/// Waiting for a carrier costs O(1) a member, however many others wait (docs/BATCH.md,
/// "Streaming and memory"). Checked on the number of waiting-list entries the verifier looks at
/// (a debug-build counter), never on time: the same count per member with 10 or 100,000 waiting.
@Suite struct BatchWaitingCostTests {
    static func verifier(pendingLimit: Int) throws -> BatchSampleVerifier<Int> {
        BatchSampleVerifier(verifier: SampleVerifier(trust: TrustSet(publicKeys: [try Fixtures.deviceKey().publicKey])),
                            pendingLimit: pendingLimit)
    }

    #if DEBUG
    @Test("a member beyond the waiting bound gives up the oldest without scanning the others",
          arguments: [10, 100_000])
    func givingUpLooksAtOneEntry(waiting: Int) throws {
        var verifier = try Self.verifier(pendingLimit: waiting)
        for n in 0..<waiting { #expect(verifier.add(try BatchFixtures.carrierlessMember(n), tag: n).isEmpty) }
        let before = verifier.waitingEntriesExamined
        var outcomes: [BatchSampleVerifier<Int>.Outcome] = []
        for n in waiting..<(waiting + 1_000) { outcomes += verifier.add(try BatchFixtures.carrierlessMember(n), tag: n) }
        // Each new member gives up the oldest: one entry looked at each, not the whole list.
        #expect(outcomes.map(\.tag) == Array(0..<1_000))
        #expect(outcomes.allSatisfy { $0.verdict.reasonCode == "batch-signature-missing" })
        #expect(verifier.waitingEntriesExamined - before == 1_000)
    }

    @Test("a carrier decides its own batch's waiting members without looking at the others waiting",
          arguments: [10, 100_000])
    func carrierLooksAtItsOwnMembers(othersWaiting: Int) throws {
        let signed = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 4, interval: 60), count: 4)
        let members = signed.filter { !BatchFixtures.isCarrier($0) }
        let carrier = try #require(signed.first(where: BatchFixtures.isCarrier))
        #expect(members.count == 3)
        var verifier = try Self.verifier(pendingLimit: othersWaiting + members.count)
        var tag = 0
        for n in 0..<othersWaiting {
            #expect(verifier.add(try BatchFixtures.carrierlessMember(n), tag: tag).isEmpty)
            tag += 1
        }
        for member in members {
            #expect(verifier.add(member, tag: tag).isEmpty)
            tag += 1
        }
        let before = verifier.waitingEntriesExamined
        let outcomes = verifier.add(carrier, tag: tag)
        #expect(outcomes.map(\.tag).sorted() == Array(othersWaiting...(othersWaiting + 3)))
        #expect(outcomes.allSatisfy { $0.verdict.kind == .valid })
        // Its three waiting members, whatever else waits.
        #expect(verifier.waitingEntriesExamined - before == members.count)
    }
    #endif
}
