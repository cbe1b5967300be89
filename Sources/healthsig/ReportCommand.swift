import ArgumentParser
import HealthSigKit

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Verify stored samples and write a self-contained HTML report for a clinician.",
        discussion: "Exit 0 when no signed sample fails, 1 otherwise (the report is written either way), 2 on usage or I/O errors. " + OverwriteRule.help
    )

    @OptionGroup var input: VerificationInputOptions
    @Option(help: "The HTML report to write.") var out: String
    @Option(help: "The report's title.") var title = ClinicianReport.Options().title
    @Option(help: "Also write the clinical figures (home blood pressure, glucose, SpO2, temperature, weight, workouts, from authentic readings only) and the verdict counts as JSON to this file.")
    var json: String?
    @Option(name: .customLong("time-zone"), help: "Show times and count days in this IANA time zone (e.g. Europe/Berlin) for readings without a signed HKTimeZone; --from/--to days are in it too (default UTC).")
    var timeZone: String?
    @OptionGroup var patient: PatientOptions
    @OptionGroup var selection: SampleSelectionOptions
    @OptionGroup var execution: RunOptions

    func validate() throws {
        try execution.validate()
    }

    func run() throws {
        let replaced = OverwriteRule.existing([out] + (json.map { [$0] } ?? []))
        var revocation: RevocationSummary?
        let totals = try runTool { () throws(ToolError) in
            let options = ClinicianReport.Options(title: title, filter: try selection.filter(timeZone: timeZone), patient: try patient.identity(),
                                                  jsonPath: json, timeZone: timeZone)
            let (trustSet, loaded) = try input.loadTrust()
            revocation = loaded
            return try ClinicianReport.run(inputPath: input.in, trust: trustSet, jobs: execution.workerCount, outputPath: out,
                                           options: options, protectedPaths: input.trustInputFiles,
                                           progress: execution.progress(verb: "verified"))
        }
        printError("report: \(out) (\(totals.countsLine)" + (totals.leftOut > 0 ? "; \(totals.leftOut) left out by \(SampleSelectionOptions.names)" : "")
            + (BatchAbsence(totals).sentence.map { "; " + $0 } ?? "") + ")")
        OverwriteRule.sayReplaced(replaced, command: "report")
        selection.reportMatchedSources(totals)
        if !totals.passes(requireSigned: false) || input.failsFreshness(revocation) { throw CommandExit.verificationFailed }
    }
}
