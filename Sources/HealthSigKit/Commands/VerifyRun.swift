import CMS
import Foundation
import SampleSigning

/// `healthsig verify`: streams the verdicts of every sample of an input to a report.
public enum VerifyRun {
    /// How to report.
    public struct ReportOptions: Sendable {
        /// table, json or ndjson.
        public var format: ReportFormat
        /// Counts only.
        public var summaryOnly: Bool
        /// Where the report goes (`-`: standard output).
        public var outputPath: String
        /// Files the report must never replace (the input, trust files).
        public var protectedPaths: [String]
        /// Width of the table in cells; `nil`: the terminal's (``TableWidth``).
        public var tableWidth: Int?
        /// `--origin`: written into every json and ndjson entry and the summary.
        public var origin: ReportOrigin?
        /// The run's revocation data, stated in the summary (``RevocationSummary``).
        public var revocation: RevocationSummary?

        /// Creates report options.
        public init(format: ReportFormat = .table, summaryOnly: Bool = false, outputPath: String = "-",
                    protectedPaths: [String] = [], tableWidth: Int? = nil, origin: ReportOrigin? = nil,
                    revocation: RevocationSummary? = nil) {
            self.revocation = revocation
            self.format = format
            self.summaryOnly = summaryOnly
            self.outputPath = outputPath
            self.protectedPaths = protectedPaths
            self.tableWidth = tableWidth
            self.origin = origin
        }
    }

    /// Verifies every sample of `inputPath` against `trust` with `jobs` worker threads and
    /// writes the report as the verdicts are decided. A report file appears once complete (on
    /// an I/O error not at all); standard output, a device or a FIFO gets it as it is written,
    /// flushed whenever a JSON input has no whole line ready, so `tail -f … | healthsig verify
    /// --in -` reports each sample before the next one arrives.
    /// `certificateTime`: when certificates must be valid; `nil`, each reading's signed time.
    public static func run(inputPath: String, trust: TrustSet, certificateTime: Date? = nil, jobs: Int,
                           report: ReportOptions, filter: SampleFilter? = nil,
                           progress: (any PipelineProgress)? = nil) throws(ToolError) -> VerificationTotals {
        let output = try OutputFiles.open(report.outputPath, protecting: [inputPath] + report.protectedPaths,
                                          inPlaceDelivery: .asWritten)
        let width = report.tableWidth ?? TableWidth.of(output, environment: ProcessInfo.processInfo.environment)
        let sink = report.format.sink(writingTo: output, summaryOnly: report.summaryOnly, tableWidth: width,
                                            origin: report.origin)
        let sinks: [any VerificationSink] = [report.revocation.map { RevocationNotingSink(wrapping: sink, summary: $0) } ?? sink]
        var totals: VerificationTotals
        do {
            var pipeline = VerificationPipeline(verifier: SampleVerifier(trust: trust, at: certificateTime), jobs: jobs, progress: progress)
            pipeline.filter = filter.flatMap { $0.isEmpty ? nil : $0 }
            if output.writesInPlace {
                pipeline.whenInputWaits = { () throws(ToolError) in try output.flush() }
            }
            totals = try pipeline.run(inputPath: inputPath, sinks: sinks)
        } catch {
            output.discard()
            throw error
        }
        try output.commit()
        totals.revocation = report.revocation
        return totals
    }

    /// The number of worker threads used when none is asked for: the processors available.
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }
}
