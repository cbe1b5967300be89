@testable import HealthSigKit
import SampleSigning
import Testing

@Suite("Verdict tally")
struct VerdictTallyTests {
    @Test("counts each verdict kind apart and the samples of every kind together")
    func countsPerKindAndInAll() {
        var tally = VerdictTally()
        for kind in [SampleVerdict.Kind.valid, .valid, .badSignature, .unsigned, .valid, .contentMismatch] {
            tally.count(kind)
        }
        #expect(tally.counts == [.valid: 3, .badSignature: 1, .unsigned: 1, .contentMismatch: 1])
        #expect(tally.samples == 6)
    }

    @Test("leaves out a verdict no sample had, as a Dictionary only ever incremented does")
    func leavesOutKindsNeverCounted() {
        var tally = VerdictTally()
        #expect(tally.counts.isEmpty)
        tally.count(.untrustedSigner)
        #expect(tally.counts == [.untrustedSigner: 1])
    }
}
