import Foundation
import Testing

/// The README's examples run as printed: the shell blocks of its "Examples" section, taken from
/// the README itself (so the two cannot drift), run in order by one `bash` in a fresh directory
/// that holds what they read from a clone (`examples/`, `tools/`, `TestVectors/`), with the
/// built `healthsig` first on `PATH` and the real `openssl`.
@Suite("README examples run as printed")
struct ReadmeExamplesTests {
    /// The `sh` code blocks between the README's `## Examples` heading and the next `## ` heading.
    static func exampleBlocks() throws -> [String] {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "## Examples") else { return [] }
        var blocks: [String] = []
        var inBlock = false
        var current: [String] = []
        for line in lines[(start + 1)...] {
            if inBlock {
                if line == "```" {
                    blocks.append(current.joined(separator: "\n"))
                    current = []
                    inBlock = false
                } else {
                    current.append(line)
                }
            } else if line.hasPrefix("## ") {
                break
            } else if line == "```sh" {
                inBlock = true
            }
        }
        return blocks
    }

    /// Whether this build's `keygen` can date a certificate's start (the fleet example needs it).
    static let keygenHasNotBefore: Bool = {
        guard let directory = try? TemporaryDirectory(),
              let help = try? directory.healthsig(["keygen", "--help"]) else { return false }
        return help.stdout.contains("--not-before")
    }()

    /// A directory laid out like the parts of a clone the examples read.
    static func freshClone() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for item in ["examples", "tools", "TestVectors"] {
            try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent(item),
                                             to: directory.url.appendingPathComponent(item))
        }
        return directory
    }

    /// Runs `blocks` as one bash script in `directory`; stops at the first failing command.
    static func run(_ blocks: [String], in directory: TemporaryDirectory) throws -> CommandResult {
        let healthsigDirectory = try CLI.healthsigExecutable().deletingLastPathComponent().path
        var script = """
            set -euo pipefail
            trap 'echo "README example failed: $BASH_COMMAND (exit $?)" >&2' ERR

            """
        for (index, block) in blocks.enumerated() {
            script += "echo '== README example block \(index + 1)' >&2\n\(block)\n"
        }
        let path = try directory.write("readme-examples.sh", script)
        let environment = [
            "PATH": healthsigDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "HOME": directory.url.path,
        ]
        return try ScriptRunner.run(["/bin/bash", path], in: directory.url, environment: environment)
    }

    @Test("the README has the examples this test runs: setup, vendor, batch, fleet, clinician, data team, CI")
    func readmeHasItsExamples() throws {
        let blocks = try Self.exampleBlocks()
        #expect(blocks.count == 7, "\(blocks)")
        #expect(blocks.first == "cp -r examples try && cd try")
        #expect(blocks.contains { $0.contains("openssl cms -verify -inform DER") })
        #expect(blocks.contains { $0.contains("--not-before") && $0.contains("--embed-cert") })
    }

    @Test("every README example but the fleet one runs as printed and does what its text says")
    func examplesRunAsPrinted() throws {
        let directory = try Self.freshClone()
        let blocks = try Self.exampleBlocks().filter { !$0.contains("--not-before") || Self.keygenHasNotBefore }
        if !Self.keygenHasNotBefore {
            print("README examples: the fleet example is skipped: this build's keygen has no --not-before")
        }
        let result = try Self.run(blocks, in: directory)
        #expect(result.status == 0, "\(result)")
        let output = result.stdout
        // The vendor's readings verify, and the altered heart rate is caught and named.
        #expect(output.contains("valid=8 unsigned=0"), "\(result)")
        #expect(output.contains("content-mismatch=1"), "\(result)")
        #expect(output.contains("exit 1: a reading was altered"), "\(result)")
        // Both batch-signed heart-rate files verify, 120 readings each.
        #expect(output.components(separatedBy: "valid=120 unsigned=0").count == 3, "\(result)")
        // The clinician's report of the altered file, the data team's verdicts and FHIR.
        #expect(output.contains("exit 1: see report.html"), "\(result)")
        let work = directory.url.appendingPathComponent("try")
        for file in ["report.html", "export.zip", "verdicts.json", "fhir/Observation.ndjson"] {
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(file).path), "\(file)")
        }
        // CI: the vectors pass through the library and through the Python checker.
        #expect(output.contains("0 failed"), "\(result)")
        if Self.keygenHasNotBefore {
            #expect(result.stderr.contains("CMS Verification successful"), "\(result)")
            #expect(output.contains("valid=8 unsigned=0"))
        }
    }

    @Test("the fleet example verifies with healthsig and with openssl",
          .enabled(if: keygenHasNotBefore, "this build's keygen has no --not-before (branch h-cert adds it)"))
    func fleetExampleRunsAsPrinted() throws {
        let directory = try Self.freshClone()
        let blocks = try Self.exampleBlocks()
        let fleet = try #require(blocks.first { $0.contains("--not-before") })
        let result = try Self.run([blocks[0], fleet], in: directory)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("valid=8 unsigned=0"), "\(result)")
        #expect(result.stderr.contains("CMS Verification successful"), "\(result)")
        // The record openssl extracted is the signed record of the first reading, a heart rate.
        #expect(result.stdout.contains("HKQuantityTypeIdentifierHeartRate"), "\(result)")
    }
}

/// Runs a script with a longer time limit than a single command's (the README's examples run a
/// dozen commands, the conformance vectors among them).
enum ScriptRunner {
    static let timeoutSeconds: Double = 600

    static func run(_ command: [String], in directory: URL, environment: [String: String]) throws -> CommandResult {
        let outURL = directory.appendingPathComponent(".script.out")
        let errURL = directory.appendingPathComponent(".script.err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["COLUMNS": CLI.tableColumns]) { $1 }
            .merging(environment) { $1 }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeoutSeconds) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CLI.SetupError(description: "\(command) did not finish within \(timeoutSeconds) s")
        }
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             stdoutData: try Data(contentsOf: outURL), stderrData: try Data(contentsOf: errURL),
                             killedBySignal: process.terminationReason == .uncaughtSignal)
    }
}
