import ArgumentParser
import HealthSigKit

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure CMS sign/verify throughput against raw OpenSSL ECDSA P-256 in the same process."
    )

    @Option(help: "Seconds per measurement.") var seconds = 1.0
    @Option(help: "Content size in bytes.") var contentBytes = 300

    func run() throws {
        let result = try Benchmark.run(secondsPerMeasurement: seconds, contentBytes: contentBytes)
        printOut(result.report + "\n")
    }
}
