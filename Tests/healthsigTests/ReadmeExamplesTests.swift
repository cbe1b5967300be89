import Foundation
import Testing

/// The README's examples run as printed: the shell blocks of its "Examples" section, taken from
/// the README itself (so the two cannot drift), run in order by one `bash` in a fresh directory
/// that holds what they read from a clone (`examples/`, `tools/`, `TestVectors/`), with the
/// built `healthsig` first on `PATH` and the real `openssl`.
@Suite("README examples run as printed")
struct ReadmeExamplesTests {
    /// The `sh` code blocks between the README's `## Examples` heading and the next `## ` heading.
    /// A block fenced otherwise (```` ```bash ````, a bare ```` ``` ````) would not be run, so it is an error.
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
            } else if line.hasPrefix("```") {
                throw CLI.SetupError(description: "README.md, Examples: a code block fenced \(line), not ```sh, would not be run")
            }
        }
        return blocks
    }

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
        // A dozen commands, the conformance vectors among them: a longer limit than one command's.
        return try CLI.run(URL(fileURLWithPath: "/bin/bash"), [path], in: directory.url, environment: environment,
                           timeout: 600)
    }

    @Test("the README has the examples this test runs: setup, vendor, batch, fleet, clinician, data team, CI")
    func readmeHasItsExamples() throws {
        let blocks = try Self.exampleBlocks()
        #expect(blocks.count == 7, "\(blocks)")
        #expect(blocks.first == "cp -r examples try && cd try")
        #expect(blocks.contains { $0.contains("openssl cms -verify -inform DER") })
        #expect(blocks.contains { $0.contains("--not-before") && $0.contains("--embed-cert") })
    }

    @Test("every README example runs as printed and does what its text says")
    func examplesRunAsPrinted() throws {
        let directory = try Self.freshClone()
        let result = try Self.run(try Self.exampleBlocks(), in: directory)
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
        // The fleet example: openssl agrees (its own verdicts are checked in fleetExampleRunsAsPrinted).
        #expect(result.stderr.contains("CMS Verification successful"), "\(result)")
    }

    @Test("the fleet example verifies with healthsig and with openssl")
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
