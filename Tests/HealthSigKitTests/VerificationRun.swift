import CMS
@testable import HealthSigKit
import SampleSigning

/// One verification run through the pipeline, collected for assertions: every event, the totals
/// and the report in each format.
struct VerificationRun {
    let collector: CollectingSink
    let totals: VerificationTotals
    let table: String
    let json: String
    let ndjson: String

    /// A run with `verifier`, by default one of `trust`.
    init(_ path: String, trust: TrustSet, jobs: Int = 1, verifier: SampleVerifier? = nil) throws {
        collector = CollectingSink()
        let table = ReportBuffer(), json = ReportBuffer(), ndjson = ReportBuffer()
        totals = try VerificationPipeline(verifier: verifier ?? SampleVerifier(trust: trust), jobs: jobs).run(
            // A wide table: each row on one line (TableLayoutTests checks narrow layouts).
            inputPath: path, sinks: [collector, ReportFormat.table.sink(writingTo: table, tableWidth: 200),
                                     ReportFormat.json.sink(writingTo: json), ReportFormat.ndjson.sink(writingTo: ndjson)])
        self.table = table.text
        self.json = json.text
        self.ndjson = ndjson.text
    }

    /// Entries of signed samples (every verdict but unsigned).
    var entries: [VerificationEntry] { collector.entries.filter { $0.verdict.kind != .unsigned } }
    /// Unsigned samples that reports list (copies of correlation members are not listed).
    var unsignedSamples: [VerificationEntry] {
        collector.events.compactMap { event in
            guard case .decided(let decided) = event, decided.entry.verdict.kind == .unsigned,
                  !decided.mayBeCorrelationMemberCopy else { return nil }
            return decided.entry
        }
    }
    var unreadable: [(line: Int?, reason: String)] { collector.unreadable }
    var counts: [SampleVerdict.Kind: Int] { totals.counts }
    func passes(requireSigned: Bool) -> Bool { totals.passes(requireSigned: requireSigned) }
}
