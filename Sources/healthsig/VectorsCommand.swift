import ArgumentParser
import HealthSigKit

struct VectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Run the conformance vectors.",
        subcommands: [VectorsCheckCommand.self]
    )

    func run() throws {
        throw CommandExit.missingSubcommand(Self.self)
    }
}

struct VectorsCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every vector against this implementation; prints `N passed, N failed`."
    )
    @Argument(help: "Vector directory (default: TestVectors here or in a parent directory, or the repository's beside healthsig).")
    var directory: String?

    func run() throws {
        let report: VectorCheckReport
        guard let directory = directory ?? RepositoryFiles.locate("TestVectors") else {
            throw CommandExit.usageOrIO("no TestVectors directory here, in a parent directory or beside healthsig; "
                                        + "give its path: healthsig vectors check DIR")
        }
        do {
            report = try VectorSuite.check(directory: directory)
        } catch {
            throw CommandExit.usageOrIO("\(error)")
        }
        for line in report.fileLines { try printOut(line + "\n") }
        for failure in report.failures { try printOut("FAIL " + failure + "\n") }
        try printOut("\(report.passed) passed, \(report.failed) failed\n")
        if report.failed > 0 { throw CommandExit.verificationFailed }
    }
}
