import Testing
@testable import HealthSigKit

/// `sign --skip-invalid` over many bad lines: every problem is handed on as it is found, in
/// input order, and the run keeps only the first ``SignRun/problemListLimit`` and a count,
/// so memory does not grow with the input.
@Suite("sign: problems streamed, a bounded list kept")
struct SignProblemListTests {
    @Test("250 bad lines among good ones: 250 handed on in order, 100 kept, all counted; the good ones signed", arguments: [1, 3])
    func problemsAreBounded(jobs: Int) throws {
        let fixture = try VerifyRunTests.Fixture()
        let reading = try #require(try String(contentsOfFile: fixture.readingsPath, encoding: .utf8).split(separator: "\n").first)
        var lines: [String] = []
        for _ in 0..<250 {
            lines.append(String(reading))
            lines.append("not json")
        }
        let input = try fixture.write("bad-lines.jsonl", lines.joined(separator: "\n") + "\n")
        var handed: [Int] = []
        let result = try SignRun.run(inputPath: input, outputPath: fixture.path("signed-bad.jsonl"), keyPath: fixture.privateKeyPath,
                                         passphrase: .none, options: CMSSigning.Options(), skipInvalid: true, jobs: jobs,
                                         problemHandler: { handed.append($0.line) })
        #expect(handed == Array(stride(from: 2, through: 500, by: 2)))
        #expect(result.problemCount == 250)
        #expect(result.problems.count == SignRun.problemListLimit)
        #expect(SignRun.problemListLimit == 100)
        #expect(result.problems.map(\.line) == Array(stride(from: 2, through: 200, by: 2)))
        #expect(result.signed == 250 && result.wroteOutput)
        #expect(result.summary == "signed 250 sample(s), skipped 250 invalid")
    }
}
