import ArgumentParser
import HealthSigKit

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure CMS sign/verify throughput against raw OpenSSL ECDSA P-256, and batch against per-sample verification, in the same process.",
        discussion: """
        --full-path runs generated samples of every kind through the same code as sign and verify, \
        with --jobs 1 and --jobs N, and prints samples/s, the ratio to raw OpenSSL per core, the speed-up, \
        verification with a vendor-CA certificate chain against the bare key, the export.xml read rate \
        with --jobs 1 and N beside a bare byte scan, and peak RSS.
        """
    )

    @Option(help: "Seconds per measurement.") var seconds = 1.0
    @Option(help: "Content size in bytes.") var contentBytes = 300
    @Flag(help: "Measure the whole sign and verify path of the commands.") var fullPath = false
    @Option(help: "With --full-path: samples of each of the 7 kinds.") var samples = 3_000
    @Option(help: "With --full-path: worker threads compared with 1 (default: the number of processors).") var jobs: Int?
    @Option(help: "Samples in the batch of the batch-verify measurement (1...65535).") var batchSize = 720

    func validate() throws {
        // Bounded so a typo cannot hang the machine or allocate without limit.
        guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw ValidationError("--seconds must be more than 0 and at most 3600, not \(seconds)")
        }
        guard (0...16 * 1024 * 1024).contains(contentBytes) else {
            throw ValidationError("--content-bytes must be 0...16777216, not \(contentBytes)")
        }
        guard (1...1_000_000).contains(samples) else {
            throw ValidationError("--samples must be 1...1000000, not \(samples)")
        }
        if let jobs, !(1...1024).contains(jobs) { throw ValidationError("--jobs must be 1...1024, not \(jobs)") }
        guard (1...65_535).contains(batchSize) else {
            throw ValidationError("--batch-size must be 1...65535, not \(batchSize)")
        }
    }

    func run() throws {
        if let warning = BuildConfiguration.benchmarkWarning { printError(warning) }
        if fullPath {
            let result = try runTool { () throws(ToolError) in
                do {
                    return try FullPathBenchmark.run(sets: samples, jobs: jobs ?? VerifyRun.defaultJobs, rawSeconds: seconds)
                } catch let error as ToolError {
                    throw error
                } catch {
                    throw ToolError.usage("bench: \(error)")
                }
            }
            try printOut(result.report + "\n")
            return
        }
        let result = try Benchmark.run(secondsPerMeasurement: seconds, contentBytes: contentBytes)
        let batch = try BatchBenchmark.run(secondsPerMeasurement: seconds, batchSize: batchSize)
        try printOut(result.report + "\n" + batch.report + "\n")
    }
}
