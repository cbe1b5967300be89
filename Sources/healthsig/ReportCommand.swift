import ArgumentParser
import HealthSigKit

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Verify stored samples and write a self-contained HTML report for a clinician.",
        discussion: "Exit 0 when no signed sample fails, 1 otherwise (the report is written either way), 2 on usage or I/O errors."
    )

    @Option(help: "PEM file of public keys and/or certificates, or a directory of them (repeatable).") var trust: [String]
    @Option(help: "Stored samples: JSON Lines, JSON, export.xml or export.zip (- for standard input).") var `in`: String
    @Option(help: "The HTML report to write.") var out: String
    @Option(help: "The report's title.") var title = ClinicianReport.Options().title
    @Option(help: "Only readings starting on or after this date (2026-11-21 or RFC 3339).") var from: String?
    @Option(help: "Only readings starting on or before this date (a day includes its whole day).") var to: String?
    @OptionGroup var execution: RunOptions

    func validate() throws {
        if trust.isEmpty { throw ValidationError("give at least one --trust") }
        try execution.validate()
    }

    func run() throws {
        let totals = try runTool { () throws(ToolError) in
            let options = ClinicianReport.Options(title: title, from: try from.map { (text) throws(ToolError) in try ClinicianReport.date(text, endOfDay: false) },
                                                  to: try to.map { (text) throws(ToolError) in try ClinicianReport.date(text, endOfDay: true) })
            let trustSet = try TrustLoader.load(trust)
            return try ClinicianReport.run(inputPath: self.in, trust: trustSet, jobs: execution.workerCount, outputPath: out,
                                           options: options, protectedPaths: TrustLoader.inputFiles(trust),
                                           progress: execution.progress(verb: "verified"))
        }
        printError("report: \(out) (\(totals.countsLine))")
        if !totals.passes(requireSigned: false) { throw CommandExit.verificationFailed }
    }
}
