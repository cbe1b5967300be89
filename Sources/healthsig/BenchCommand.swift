import ArgumentParser
import HealthSigKit

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure CMS sign/verify throughput against raw OpenSSL ECDSA P-256 in the same process."
    )

    @Option(help: "Seconds per measurement.") var seconds = 1.0
    @Option(help: "Content size in bytes.") var contentBytes = 300

    func validate() throws {
        // Bounded so a typo cannot hang the machine or allocate without limit.
        guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw ValidationError("--seconds must be more than 0 and at most 3600, not \(seconds)")
        }
        guard (0...16 * 1024 * 1024).contains(contentBytes) else {
            throw ValidationError("--content-bytes must be 0...16777216, not \(contentBytes)")
        }
    }

    func run() throws {
        let result = try Benchmark.run(secondsPerMeasurement: seconds, contentBytes: contentBytes)
        try printOut(result.report + "\n")
    }
}
