import ArgumentParser
import HealthSigKit

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Sign the example readings with a throwaway key, verify them, tamper with one, catch it."
    )

    @Option(help: "Directory holding readings.jsonl (default: the repository's examples/, else a built-in copy).")
    var examples: String?
    @Option(help: "Where to write the clinician report of the tampered file (default: in the temporary directory).")
    var report: String?

    func run() throws {
        let outcome = try runTool { () throws(ToolError) in try Demo.run(examplesDirectory: examples, reportPath: report ?? Demo.defaultReportPath) }
        try printOut(outcome.transcript)
        if !outcome.succeeded { throw CommandExit.verificationFailed }
    }
}
