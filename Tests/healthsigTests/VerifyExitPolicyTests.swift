import Foundation
import Testing

/// `verify --fail-on`: which completed runs exit 1, and that a run that breaks exits 2 whatever
/// the policy.
@Suite("healthsig verify --fail-on")
struct VerifyExitPolicyTests {
    static func verify(_ ws: DeviceWorkspace, _ input: String, _ extra: [String] = []) throws -> CommandResult {
        try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", input] + extra)
    }

    @Test("--fail-on never exits 0 on failed, unsigned and unreadable samples, with the same report as the default")
    func neverExitsZeroWithTheSameReport() throws {
        let ws = try DeviceWorkspace()
        let mixed = try VerifyCommandTests.mixedFile(ws)
        try ws.directory.write("broken.jsonl", try String(contentsOfFile: mixed, encoding: .utf8) + "{\"type\": oops\n")
        for input in [mixed, "broken.jsonl"] {
            let failing = try Self.verify(ws, input, ["--format", "ndjson"])
            #expect(failing.status == 1, "\(failing)")
            let never = try Self.verify(ws, input, ["--format", "ndjson", "--fail-on", "never"])
            #expect(never.status == 0, "\(never)")
            #expect(never.stdoutData == failing.stdoutData)
            #expect(never.stderr == "")
        }
        let broken = try Self.verify(ws, "broken.jsonl", ["--format", "ndjson", "--fail-on", "never"])
        #expect(broken.lines.last?.hasSuffix(#""unreadable":1}}"#) == true, "\(broken)")
    }

    @Test("--fail-on never still exits 2 when the run breaks: missing input, missing trust, unparsable trust")
    func neverStillExitsTwoWhenTheRunBreaks() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        try ws.directory.write("garbage.pem", "not a pem file\n")
        let missingInput = try Self.verify(ws, "absent.jsonl", ["--fail-on", "never", "--format", "ndjson"])
        #expect(missingInput.status == 2, "\(missingInput)")
        #expect(missingInput.stdout == "")
        for trust in ["absent.pem", "garbage.pem"] {
            let result = try ws.directory.healthsig(["verify", "--trust", trust, "--in", "signed.jsonl", "--fail-on", "never",
                                                     "--format", "ndjson"])
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout == "")
        }
    }

    @Test("--fail-on never on an input without samples exits 0 with the warning")
    func neverOnEmptyInputWarns() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("empty.jsonl", "")
        let result = try Self.verify(ws, "empty.jsonl", ["--fail-on", "never"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "healthsig: warning: empty.jsonl holds no samples\n")
    }

    @Test("--fail-on failed is the default: unsigned samples and incomplete batches pass, a failed sample fails")
    func failedIsTheDefault() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        try ws.directory.write("partly.jsonl", signed.joined(separator: "\n") + "\n" + (try Examples.lines()[0]) + "\n")
        let mixed = try VerifyCommandTests.mixedFile(ws)
        for (input, status) in [("partly.jsonl", Int32(0)), (mixed, 1), ("signed.jsonl", 0)] {
            #expect(try Self.verify(ws, input).status == status, "\(input)")
            #expect(try Self.verify(ws, input, ["--fail-on", "failed"]).status == status, "\(input)")
        }
    }

    @Test("--fail-on unsigned is --require-signed: an unsigned sample or an empty input exits 1")
    func unsignedIsRequireSigned() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        try ws.directory.write("partly.jsonl", signed.joined(separator: "\n") + "\n" + (try Examples.lines()[0]) + "\n")
        try ws.directory.write("empty.jsonl", "")
        let mixed = try VerifyCommandTests.mixedFile(ws)
        for (input, status) in [("partly.jsonl", Int32(1)), ("empty.jsonl", 1), (mixed, 1), ("signed.jsonl", 0)] {
            let flag = try Self.verify(ws, input, ["--require-signed"])
            let option = try Self.verify(ws, input, ["--fail-on", "unsigned"])
            #expect(option.status == status, "\(input): \(option)")
            #expect(flag.status == status, "\(input): \(flag)")
            #expect(option.stderr == flag.stderr)
        }
        #expect(try Self.verify(ws, "empty.jsonl", ["--fail-on", "unsigned"]).stderr ==
                "healthsig: empty.jsonl holds no samples; --require-signed needs at least one signed sample\n")
    }

    @Test("--fail-on incomplete is --require-complete: a batch with a member deleted exits 1; repeated values add up")
    func incompleteIsRequireComplete() throws {
        let ws = try DeviceWorkspace()
        var lines = try BatchVerifyCommandTests.signedLines(ws)
        lines.remove(at: 1)
        try ws.directory.write("partial.jsonl", lines.joined(separator: "\n") + "\n")
        #expect(try Self.verify(ws, "partial.jsonl").status == 0)
        #expect(try Self.verify(ws, "partial.jsonl", ["--require-complete"]).status == 1)
        #expect(try Self.verify(ws, "partial.jsonl", ["--fail-on", "incomplete"]).status == 1)
        #expect(try Self.verify(ws, "partial.jsonl", ["--fail-on", "unsigned"]).status == 0)
        // Unsigned and incomplete together: each condition fails the run on its own.
        try ws.directory.write("partial-unsigned.jsonl", lines.joined(separator: "\n") + "\n" + (try Examples.lines()[0]) + "\n")
        try ws.directory.write("complete-unsigned.jsonl", try ws.directory.text("signed.jsonl") + (try Examples.lines()[0]) + "\n")
        for input in ["partial.jsonl", "partial-unsigned.jsonl", "complete-unsigned.jsonl"] {
            #expect(try Self.verify(ws, input, ["--fail-on", "unsigned", "--fail-on", "incomplete"]).status == 1, "\(input)")
        }
        #expect(try Self.verify(ws, "signed.jsonl", ["--fail-on", "unsigned", "--fail-on", "incomplete"]).status == 0)
    }

    @Test("never beside a condition that fails a run, or a value not known, is a usage error (exit 2)")
    func contradictoryConditionsAreUsageErrors() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let cases: [([String], String)] = [
            (["--fail-on", "never", "--require-signed"], "--fail-on never cannot be combined with --require-signed"),
            (["--fail-on", "never", "--require-complete"], "--fail-on never cannot be combined with --require-complete"),
            (["--fail-on", "never", "--fail-on", "failed"], "--fail-on never cannot be combined with --fail-on failed"),
            (["--fail-on", "unsigned", "--fail-on", "never"], "--fail-on never cannot be combined with --fail-on unsigned"),
        ]
        for (extra, message) in cases {
            let result = try Self.verify(ws, "signed.jsonl", extra)
            #expect(result.status == 2, "\(extra): \(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("healthsig: Error: \(message)\n"), "\(extra): \(result.stderr)")
        }
        let unknown = try Self.verify(ws, "signed.jsonl", ["--fail-on", "sometimes"])
        #expect(unknown.status == 2, "\(unknown)")
        #expect(unknown.stderr.contains("The value 'sometimes' is invalid for '--fail-on"), "\(unknown.stderr)")
    }
}
