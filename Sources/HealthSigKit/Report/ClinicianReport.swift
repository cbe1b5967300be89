import CMS
import Foundation
import HealthSamples
import SampleSigning

/// `healthsig report`: verifies an input and writes a self-contained HTML page for a clinician
/// (docs/REPORT.md): the outcome in plain words, a chart per type, devices and signers, every
/// problem.
public enum ClinicianReport {
    /// What to report.
    public struct Options: Sendable {
        public var title: String
        /// Only readings starting at or after this date.
        public var from: SampleDate?
        /// Only readings starting at or before this date.
        public var to: SampleDate?

        public init(title: String = "Verification of health readings", from: SampleDate? = nil, to: SampleDate? = nil) {
            self.title = title
            self.from = from
            self.to = to
        }
    }

    /// Verifies `inputPath` and writes the report to `outputPath` (atomically; never over the
    /// input or a trust file). Returns the totals of the whole input.
    @discardableResult
    public static func run(inputPath: String, trust: TrustSet, jobs: Int, outputPath: String, options: Options = Options(),
                           protectedPaths: [String] = [], progress: (any PipelineProgress)? = nil,
                           checkedAt: Date = Date()) throws(ToolError) -> VerificationTotals {
        let output = try OutputFiles.open(outputPath, protecting: [inputPath] + protectedPaths)
        do {
            let facts = try ReportInputFacts.of(inputPath)
            let collector = ReportCollector(from: options.from, to: options.to)
            let totals = try VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: jobs, progress: progress)
                .run(inputPath: inputPath, sinks: [collector])
            let page = ReportPage(title: options.title, collector: collector, input: facts,
                                  trustedKeys: ReportInputFacts.trustedKeys(trust), checkedAt: ReportTime.rfc3339(checkedAt),
                                  from: options.from, to: options.to)
            try page.write(to: output)
            try output.commit()
            return totals
        } catch {
            output.discard()
            throw error
        }
    }

    /// A `--from`/`--to` value: RFC 3339, or a calendar day (`2026-11-21`, UTC) — the start of
    /// the day, or with `endOfDay` its last second.
    public static func date(_ text: String, endOfDay: Bool) throws(ToolError) -> SampleDate {
        if let date = try? SampleDate(rfc3339: text) { return date }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
           let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
           let date = try? SampleDate(utcYear: year, month: month, day: day, hour: endOfDay ? 23 : 0,
                                      minute: endOfDay ? 59 : 0, second: endOfDay ? 59 : 0) {
            return date
        }
        throw .usage("\"\(text)\" is not a date (2026-11-21 or 2026-11-21T08:00:00Z)")
    }
}
