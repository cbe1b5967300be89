import Foundation
import HealthSigKit
import SampleSigning
import Testing

/// The report keeps every signed sample but only the first unsigned ones.
@Suite struct VerificationReportTests {
    static func unsigned(_ position: Int) -> VerificationEntry {
        VerificationEntry(position: position, line: position, type: "HKQuantityTypeIdentifierHeartRate",
                          startDate: "2026-11-21T08:00:00Z",
                          verdict: SampleVerdict(kind: .unsigned, reasonCode: "no-signature", reason: "no signature"))
    }

    @Test func listsTheFirstTwentyUnsignedSamplesAndCountsAll() throws {
        var report = VerificationReport()
        for i in 1...25 { report.add(Self.unsigned(i)) }
        report.add(Self.unsigned(26), listIfUnsigned: false)
        #expect(report.counts[.unsigned] == 26)
        #expect(report.unsignedSamples.map(\.position) == Array(1...20))
        #expect(!report.passes(requireSigned: true))
        #expect(report.passes(requireSigned: false))

        let table = ReportFormatter.render(report, format: .table)
        #expect(table.contains("unsigned #1: HeartRate 2026-11-21T08:00:00Z\n"))
        #expect(!table.contains("unsigned #21:"))
        #expect(table.contains("(first 20 unsigned samples listed)"))
        #expect(table.hasSuffix("summary: valid=0 unsigned=26 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=0\n"))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(ReportFormatter.render(report, format: .json).utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        let listed = try #require(summary["unsignedSamples"] as? [[String: Any]])
        #expect(listed.count == 20)
        #expect(listed.first?["position"] as? Int == 1)
    }

    @Test func unlistedUnsignedSampleIsOnlyCounted() {
        var report = VerificationReport()
        report.add(Self.unsigned(7), listIfUnsigned: false)
        #expect(report.unsignedSamples.isEmpty)
        #expect(!ReportFormatter.render(report, format: .table).contains("unsigned #7"))
    }
}
