import CMS
import Foundation
import SampleSigning

/// `healthsig fhir`: verifies an input and writes its samples as FHIR R4 resources, each
/// carrying its verification (docs/FHIR.md).
public enum FHIRExport {
    /// Where the resources go.
    public enum Destination: Sendable {
        /// Bulk Data NDJSON files in a directory.
        case bulkData(directory: String)
        /// One Bundle of type `collection`.
        case bundle(path: String)
    }

    /// What a run produced.
    public struct Outcome: Sendable {
        public let totals: VerificationTotals
        public let counts: FHIRSink.Counts
    }

    /// Verifies `inputPath` against `trust` and writes the FHIR resources to `destination`:
    /// authentic readings, and altered ones at their signed values; unverified readings only
    /// with `includeUnverified` (docs/FHIR.md).
    /// The output appears once complete; on an I/O error nothing appears.
    public static func run(inputPath: String, trust: TrustSet, jobs: Int, destination: Destination,
                           protectedPaths: [String] = [], progress: (any PipelineProgress)? = nil,
                           filter: SampleFilter? = nil, includeUnverified: Bool = false, patient: PatientIdentity? = nil,
                           checkedAt: Date = Date()) throws(ToolError) -> Outcome {
        let time = ReportTime.rfc3339(checkedAt)
        let protected = [inputPath] + protectedPaths
        let writer: any FHIRResourceWriter
        switch destination {
        case .bulkData(let directory): writer = try FHIRBulkDataFiles(directory: directory, protecting: protected)
        case .bundle(let path): writer = try FHIRBundleFile(path: path, protecting: protected, timestamp: time)
        }
        let sink: FHIRSink
        let totals: VerificationTotals
        do {
            sink = try FHIRSink(writer: writer, checkedAt: time, verifierName: "healthsig \(ToolVersion.current)",
                                includeUnverified: includeUnverified, patient: patient)
            var pipeline = VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: jobs, progress: progress)
            // Samples the filter leaves out get no resource (and are not counted).
            pipeline.filter = filter
            totals = try pipeline.run(inputPath: inputPath, sinks: [sink])
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
        return Outcome(totals: totals, counts: sink.counts)
    }
}
