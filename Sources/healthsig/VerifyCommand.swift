import ArgumentParser
import HealthSigKit

extension ReportFormat: ExpressibleByArgument {}
extension VerifyFailureCondition: ExpressibleByArgument {}

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify stored samples: JSON Lines, JSON, export.xml or export.zip.",
        discussion: "Exit 0 when no signed sample fails (and, with --require-signed, there is at least one sample and none is unsigned; with --require-complete, no batch lacks samples), 1 otherwise, 2 on usage or I/O errors. With --fail-on never, exit 0 whenever the run completes: the verdicts are in the report. " + OverwriteRule.help
    )

    @OptionGroup var input: VerificationInputOptions
    @Option(help: "table (default), json or ndjson.") var format: ReportFormat = .table
    @Option(help: "Write the report here instead of standard output (the summary line then goes to standard error unless --quiet).")
    var out: String?
    @Flag(help: "Fail when any sample is unsigned, or when there is no sample at all.") var requireSigned = false
    @Flag(help: "Fail when a batch of batch-signed samples has samples absent or no valid signature (docs/BATCH.md).")
    var requireComplete = false
    @Option(help: ArgumentHelp("When to exit 1: failed (default: a signed sample fails or input is unreadable), unsigned (also an unsigned sample or none at all, as --require-signed), incomplete (also an incomplete batch, as --require-complete), never (exit 0 whenever the run completes). Repeatable.",
                               valueName: "never|failed|unsigned|incomplete"))
    var failOn: [VerifyFailureCondition] = []
    @Option(help: "Add \"origin\": TEXT to every json and ndjson entry and to the summary.") var origin: String?
    @Flag(help: "Print the counts only.") var summary = false
    @Option(help: "Check certificates at this time: now, or an RFC 3339 date-time (default: each reading's signed end date).")
    var at: String?
    @OptionGroup var selection: SampleSelectionOptions
    @OptionGroup var execution: RunOptions

    func validate() throws {
        try execution.validate()
        do {
            _ = try failurePolicy()
        } catch {
            throw ValidationError(error.description)
        }
        if origin != nil && format == .table {
            throw ValidationError("--origin needs --format json or ndjson (a table has no place for it)")
        }
    }

    private func failurePolicy() throws(VerifyFailurePolicy.Conflict) -> VerifyFailurePolicy {
        try VerifyFailurePolicy(conditions: failOn, requireSigned: requireSigned, requireComplete: requireComplete)
    }

    func run() throws {
        let replaced = OverwriteRule.existing(out.map { [$0] } ?? [])
        let policy = try failurePolicy()
        var revocation: RevocationSummary?
        let totals = try runTool { () throws(ToolError) in
            let certificateTime = try at.map { text throws(ToolError) in try CertificateTimeOption.parse(text) }
            let filter = try selection.filter()
            let (trustSet, loaded) = try input.loadTrust()
            revocation = loaded
            let report = VerifyRun.ReportOptions(format: format, summaryOnly: summary, outputPath: out ?? "-",
                                                     protectedPaths: input.trustInputFiles,
                                                     origin: origin.map(ReportOrigin.init), revocation: loaded)
            return try VerifyRun.run(inputPath: input.in, trust: trustSet, certificateTime: certificateTime, jobs: execution.workerCount, report: report, filter: filter,
                                         progress: execution.progress(verb: "verified"))
        }
        OverwriteRule.sayReplaced(replaced, command: "verify")
        selection.reportMatchedSources(totals)
        // A report sent to a file leaves the terminal silent; the counts say the run is done
        // and how it went, without opening the file.
        if let out, out != "-", !execution.quiet { printError("summary: \(totals.countsLine)") }
        // An empty input passes (nothing failed), but a CI job that verifies a file its firmware
        // failed to fill should hear about it; with --require-signed it fails.
        if totals.isEmpty {
            let name = FileAccess.displayName(input.in)
            let selected = selection.isEmpty ? "" : " that \(SampleSelectionOptions.names) select"
            printError(policy.requireSigned ? "healthsig: \(name) holds no samples\(selected); --require-signed needs at least one signed sample"
                                            : "healthsig: warning: \(name) holds no samples\(selected)")
        }
        if !policy.passes(totals) || input.failsFreshness(revocation) { throw CommandExit.verificationFailed }
    }
}
