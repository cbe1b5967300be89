import ArgumentParser
import HealthSigKit

/// Options shared by `verify` and `sign`: worker threads and the progress display.
struct RunOptions: ParsableArguments {
    @Option(help: "Worker threads (default: the number of processors). The output is the same for every number.")
    var jobs: Int?
    @Flag(help: "No progress display.") var quiet = false
    @Flag(help: "Show progress on standard error even when it is not a terminal.") var progress = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if quiet && progress { throw ValidationError("--quiet and --progress exclude each other") }
    }

    var workerCount: Int { jobs ?? VerifyRun.defaultJobs }

    /// The progress display for this run, or `nil`.
    func progress(verb: String) -> (any PipelineProgress)? {
        ProgressDisplay.forStandardError(quiet: quiet, forced: progress, verb: verb)
    }
}
