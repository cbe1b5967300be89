import Foundation
@testable import HealthSigKit
import SampleSigning
import Testing

/// Reports are streamed: every sample has an entry (unsigned ones included), verdicts reach the
/// sinks while the input is still being read, and the summary alone is available.
@Suite struct StreamedReportTests {
    /// 25 unsigned readings.
    static func unsignedInput(_ fixture: VerifyRunTests.Fixture) throws -> String {
        let readings = try String(contentsOfFile: fixture.readingsPath, encoding: .utf8).split(separator: "\n")
        let lines = (0..<25).map { String(readings[$0 % readings.count]) }
        return try fixture.write("unsigned.jsonl", lines.joined(separator: "\n") + "\n")
    }

    @Test func everyUnsignedSampleHasAnEntryAndTheTableListsTheFirstTwenty() throws {
        let fixture = try VerifyRunTests.Fixture()
        let run = try VerificationRun(try Self.unsignedInput(fixture), trust: TrustLoader.load([fixture.publicKeyPath]))
        #expect(run.totals.counts[.unsigned] == 25)

        let ndjson = run.ndjson.split(separator: "\n")
        #expect(ndjson.count == 26)
        for (index, line) in ndjson.dropLast().enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["verdict"] as? String == "unsigned")
            #expect(object["reasonCode"] as? String == "no-signature")
            #expect(object["position"] as? Int == index + 1)
        }
        #expect(ndjson.last?.hasPrefix("{\"summary\":{\"counts\":{") == true)

        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.json.utf8)) as? [String: Any])
        let samples = try #require(json["samples"] as? [[String: Any]])
        #expect(samples.count == 25)
        #expect(samples.allSatisfy { $0["verdict"] as? String == "unsigned" })

        #expect(run.table.contains("unsigned #1: HeartRate 72 count/min 2026-11-21T08:00:00Z\n"), "\(run.table)")
        #expect(run.table.contains("unsigned #20: "))
        #expect(!run.table.contains("unsigned #21:"))
        #expect(run.table.contains("(5 more unsigned sample(s) not listed)\n"))
        #expect(run.table.hasSuffix("summary: valid=0 unsigned=25 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=0\n"))
    }

    @Test func summaryOnlyWritesTheCountsAndNothingElse() throws {
        let fixture = try VerifyRunTests.Fixture()
        let other = try VerifyRunTests.Fixture()
        let mixed = try MixedInput.write(fixture, other: other, rounds: 2)
        let trust = try TrustLoader.load([fixture.publicKeyPath])
        var texts: [ReportFormat: String] = [:]
        for format in ReportFormat.allCases {
            let buffer = ReportBuffer()
            try VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: 2)
                .run(inputPath: mixed, sinks: [format.sink(writingTo: buffer, summaryOnly: true)])
            texts[format] = buffer.text
        }
        #expect(texts[.table] == "summary: valid=16 unsigned=2 malformed=2 bad-signature=2 untrusted-signer=2 content-mismatch=2 unreadable=2\n")
        let expectedJSON = #"{"summary":{"counts":{"bad-signature":2,"content-mismatch":2,"malformed":2,"unsigned":2,"untrusted-signer":2,"valid":16},"unreadable":2}}"# + "\n"
        #expect(texts[.json] == expectedJSON)
        #expect(texts[.ndjson] == expectedJSON)
    }

    /// Counts the bytes the pipeline has read when each event arrives.
    final class ReadWatcher: PipelineProgress, VerificationSink {
        var bytesRead = 0
        var totalBytes: Int?
        var bytesReadAtFirstEvent: Int?
        func started(totalBytes: Int?) { self.totalBytes = totalBytes }
        func read(bytes: Int) { bytesRead += bytes }
        func decided(_ count: Int) {}
        func finished() {}
        func receive(_ event: PipelineEvent) throws(ToolError) {
            if bytesReadAtFirstEvent == nil { bytesReadAtFirstEvent = bytesRead }
        }
        func finish(_ totals: VerificationTotals) throws(ToolError) {}
    }

    @Test(arguments: [1, 2])
    func theFirstVerdictReachesTheSinksBeforeTheInputIsRead(jobs: Int) throws {
        let fixture = try VerifyRunTests.Fixture()
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8)
        let big = try fixture.write("big.jsonl", String(repeating: signed, count: 600))  // about 4 MB
        let watcher = ReadWatcher()
        try VerificationPipeline(verifier: SampleVerifier(trust: TrustLoader.load([fixture.publicKeyPath])), jobs: jobs,
                                 progress: watcher).run(inputPath: big, sinks: [watcher])
        let total = try #require(watcher.totalBytes)
        #expect(watcher.bytesRead == total)
        let atFirst = try #require(watcher.bytesReadAtFirstEvent)
        #expect(atFirst * 4 < total, "first verdict after \(atFirst) of \(total) bytes")
    }
}
