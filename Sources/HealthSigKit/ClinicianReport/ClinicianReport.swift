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
        /// Which readings are reported (`--type`, `--from`, `--to`, `--source`, as for
        /// `verify`); `nil`: all.
        public var filter: SampleFilter?
        /// Who the readings are about (`--patient-…`), as given; `nil`: not said.
        public var patient: PatientIdentity?
        /// Where `--json` writes the clinical figures and verdict counts; `nil`: nowhere.
        public var jsonPath: String?
        /// `--time-zone`: the IANA zone of readings without a signed `HKTimeZone`; nil: UTC.
        public var timeZone: String?

        public init(title: String = "Verification of health readings", filter: SampleFilter? = nil, patient: PatientIdentity? = nil,
                    jsonPath: String? = nil, timeZone: String? = nil) {
            self.title = title
            self.filter = filter
            self.patient = patient
            self.jsonPath = jsonPath
            self.timeZone = timeZone
        }
    }

    /// Verifies `inputPath` and writes the report to `outputPath` (atomically; never over the
    /// input or a trust file). Returns the totals of the readings the filter selects.
    @discardableResult
    public static func run(inputPath: String, trust: TrustSet, jobs: Int, outputPath: String, options: Options = Options(),
                           protectedPaths: [String] = [], progress: (any PipelineProgress)? = nil,
                           checkedAt: Date = Date()) throws(ToolError) -> VerificationTotals {
        let zone = try options.timeZone.map { name throws(ToolError) in try ReportZone.option(name) }
        let output = try OutputFiles.open(outputPath, protecting: [inputPath] + protectedPaths)
        let jsonOutput: StagedOutput?
        do {
            jsonOutput = try options.jsonPath.map { path throws(ToolError) in
                if path == outputPath { throw ToolError.usage("--json \(path) is the report's own --out") }
                return try OutputFiles.open(path, protecting: [inputPath, outputPath] + protectedPaths)
            }
        } catch {
            output.discard()
            throw error
        }
        do {
            let facts = try ReportInputFacts.of(inputPath)
            let collector = ReportCollector(zone: zone)
            var pipeline = VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: jobs, progress: progress)
            pipeline.filter = options.filter
            let totals = try pipeline.run(inputPath: inputPath, sinks: [collector])
            var page = ReportPage(title: options.title, collector: collector, input: facts,
                                  trustedKeys: ReportInputFacts.trustedKeys(trust), checkedAt: ReportTime.rfc3339(checkedAt),
                                  filter: pipeline.filter, leftOut: totals.leftOut, patient: options.patient)
            page.revocationLists = RevocationSummary(set: trust.revocations, refusals: [], now: checkedAt).reportLines
            page.timeStampAuthorities = trust.timeStampAuthorities.map(\.subject)
            try page.write(to: output)
            if let jsonOutput {
                let period = collector.periodStart.flatMap { start in collector.periodEnd.map { (start, $0) } }
                try jsonOutput.write(FHIRJSON.text(collector.figures.json(counts: collector.counts, absence: BatchAbsence(totals), period: period)) + "\n")
            }
            try output.commit()
            try jsonOutput?.commit()
            return totals
        } catch {
            output.discard()
            jsonOutput?.discard()
            throw error
        }
    }
}
