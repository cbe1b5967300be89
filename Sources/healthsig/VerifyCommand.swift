import ArgumentParser
import HealthSigKit

extension ReportFormat: ExpressibleByArgument {}

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify stored samples: JSON Lines, JSON, export.xml or export.zip.",
        discussion: "Exit 0 when no signed sample fails (and, with --require-signed, there is at least one sample and none is unsigned; with --require-complete, no batch lacks samples), 1 otherwise, 2 on usage or I/O errors."
    )

    @OptionGroup var input: VerificationInputOptions
    @Option(help: "table (default), json or ndjson.") var format: ReportFormat = .table
    @Option(help: "Write the report here instead of standard output (the summary line then goes to standard error unless --quiet).")
    var out: String?
    @Flag(help: "Fail when any sample is unsigned, or when there is no sample at all.") var requireSigned = false
    @Flag(help: "Fail when a batch of batch-signed samples has samples absent or no valid signature (docs/BATCH.md).")
    var requireComplete = false
    @Flag(help: "Print the counts only.") var summary = false
    @Option(help: "Check certificates at this time: now, or an RFC 3339 date-time (default: each reading's signed end date).")
    var at: String?
    @OptionGroup var selection: SampleSelectionOptions
    @OptionGroup var execution: RunOptions

    func validate() throws {
        try execution.validate()
    }

    func run() throws {
        let totals = try runTool { () throws(ToolError) in
            let certificateTime = try at.map { text throws(ToolError) in try CertificateTimeOption.parse(text) }
            let filter = try selection.filter()
            let trustSet = try TrustLoader.load(input.trust) { printError("healthsig: warning: \($0)") }
            let report = BatchVerifier.ReportOptions(format: format, summaryOnly: summary, outputPath: out ?? "-",
                                                     protectedPaths: TrustLoader.inputFiles(input.trust))
            return try BatchVerifier.run(inputPath: input.in, trust: trustSet, certificateTime: certificateTime, jobs: execution.workerCount, report: report, filter: filter,
                                         progress: execution.progress(verb: "verified"))
        }
        // A report sent to a file leaves the terminal silent; the counts say the run is done
        // and how it went, without opening the file.
        if let out, out != "-", !execution.quiet { printError("summary: \(totals.countsLine)") }
        // An empty input passes (nothing failed), but a CI job that verifies a file its firmware
        // failed to fill should hear about it; with --require-signed it fails.
        if totals.isEmpty {
            let name = FileAccess.displayName(input.in)
            let selected = selection.isEmpty ? "" : " that \(SampleSelectionOptions.names) select"
            printError(requireSigned ? "healthsig: \(name) holds no samples\(selected); --require-signed needs at least one signed sample"
                                     : "healthsig: warning: \(name) holds no samples\(selected)")
        }
        if !totals.passes(requireSigned: requireSigned, requireComplete: requireComplete) { throw CommandExit.verificationFailed }
    }
}
