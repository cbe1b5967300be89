import Foundation
@testable import HealthSigKit
import SampleSigning
import Testing

/// The parallel pipeline: outputs in input order, the same for every number of jobs, and a
/// clean stop when a consumer fails. (CI also runs this suite under ThreadSanitizer.)
@Suite struct ParallelPipelineTests {
    @Test func orderedMapHandsOutputsBackInInputOrderDespiteUnevenWork() throws {
        var produced = 0
        var consumed: [Int] = []
        try OrderedParallelMap<Int, Int>(jobs: 4, chunkSize: 3).run(
            produce: { () throws(ToolError) in
                guard produced < 2_000 else { return nil }
                produced += 1
                return produced
            },
            transform: { value in
                // Later items often finish first.
                if value % 7 == 0 { usleep(UInt32(200 + value % 13 * 50)) }
                return value * 2
            },
            consume: { (value) throws(ToolError) in consumed.append(value) })
        #expect(consumed == (1...2_000).map { $0 * 2 })
    }

    @Test func orderedMapStopsAndRethrowsWhenTheConsumerFails() {
        var produced = 0
        var consumed = 0
        #expect(throws: ToolError.self) {
            try OrderedParallelMap<Int, Int>(jobs: 3, chunkSize: 5).run(
                produce: { () throws(ToolError) in
                    produced += 1
                    return produced <= 100_000 ? produced : nil
                },
                transform: { $0 },
                consume: { (value) throws(ToolError) in
                    consumed += 1
                    if value == 500 { throw ToolError.io(path: "out", reason: "disk full") }
                })
        }
        #expect(consumed == 500)
        // Reading stops within the reorder window, not at the end of the input.
        #expect(produced < 1_000)
    }

    @Test func orderedMapRethrowsAReadErrorAfterEarlierOutputs() {
        var produced = 0
        var consumed: [Int] = []
        #expect(throws: ToolError.self) {
            try OrderedParallelMap<Int, Int>(jobs: 2, chunkSize: 4).run(
                produce: { () throws(ToolError) in
                    produced += 1
                    if produced == 50 { throw ToolError.io(path: "in", reason: "read error") }
                    return produced
                },
                transform: { $0 },
                consume: { (value) throws(ToolError) in consumed.append(value) })
        }
        #expect(consumed == Array(1...consumed.count))
    }

    @Test func verifyReportsAreIdenticalForOneAndFourJobsOnAMixedInput() throws {
        let fixture = try VerifyRunTests.Fixture()
        let other = try VerifyRunTests.Fixture()
        let mixed = try MixedInput.write(fixture, other: other)
        let trust = try TrustLoader.load([fixture.publicKeyPath])
        let one = try VerificationRun(mixed, trust: trust, jobs: 1)
        let four = try VerificationRun(mixed, trust: trust, jobs: 4)
        #expect(one.table == four.table)
        #expect(one.json == four.json)
        #expect(one.ndjson == four.ndjson)
        #expect(one.totals == four.totals)
        // Every verdict and unreadable input is in it, 40 times each.
        #expect(one.totals.counts == [.valid: 320, .unsigned: 40, .malformed: 40, .badSignature: 40,
                                      .untrustedSigner: 40, .contentMismatch: 40])
        #expect(one.totals.unreadable == 40)
        let positions = one.collector.entries.map(\.position)
        #expect(positions == positions.sorted())
    }

    @Test func signWritesTheSameLinesInInputOrderForOneAndFourJobs() throws {
        let fixture = try VerifyRunTests.Fixture()
        let readings = try String(contentsOfFile: fixture.readingsPath, encoding: .utf8).split(separator: "\n")
        var lines: [String] = []
        for round in 0..<30 {
            lines += readings.map(String.init)
            if round % 3 == 0 { lines.append("{\"type\": oops") }
        }
        let input = try fixture.write("many.jsonl", lines.joined(separator: "\n") + "\n")
        var outputs: [[String]] = []
        for jobs in [1, 4] {
            let out = fixture.path("signed-\(jobs).jsonl")
            let result = try SignRun.run(inputPath: input, outputPath: out, keyPath: fixture.privateKeyPath,
                                             passphrase: .none, options: CMSSigning.Options(), skipInvalid: true, jobs: jobs)
            #expect(result.signed == 240)
            #expect(result.problems.map(\.line) == stride(from: 9, through: 30 * 8 + 10, by: 25).map { $0 })
            // ECDSA signatures are randomised: everything but the signature value is compared.
            let text = try String(contentsOfFile: out, encoding: .utf8)
            outputs.append(text.split(separator: "\n").map {
                $0.replacingOccurrences(of: #""HKDigitalSignature":"[A-Za-z0-9+/=]*""#, with: "SIG", options: .regularExpression)
            })
            let run = try VerificationRun(out, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: jobs)
            #expect(run.totals.counts[.valid] == 240)
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].count == 240)
        #expect(outputs[0].allSatisfy { $0.contains("SIG") })
    }
}
