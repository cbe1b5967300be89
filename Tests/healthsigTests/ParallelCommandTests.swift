import Foundation
import Testing

/// `--jobs`: the command's output does not depend on the number of worker threads.
@Suite("healthsig verify and sign with --jobs")
struct ParallelCommandTests {
    @Test("verify prints the same bytes with --jobs 1 and --jobs 4 in every format, exit status included")
    func verifyOutputIndependentOfJobs() throws {
        let ws = try DeviceWorkspace()
        let mixed = try VerifyCommandTests.mixedFile(ws)
        let lines = try String(contentsOfFile: mixed, encoding: .utf8)
        // Many copies with unreadable lines between them, so work spans many batches.
        let big = try ws.directory.write("big.jsonl", String(repeating: lines + "not json\n\n", count: 30))
        for format in ["table", "json", "ndjson"] {
            let one = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", big, "--format", format, "--jobs", "1"])
            let four = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", big, "--format", format, "--jobs", "4"])
            #expect(one.status == 1, "\(one)")
            #expect(one.stdout == four.stdout)
            #expect(one.status == four.status)
        }
        let summary = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", big, "--summary", "--jobs", "3"])
        #expect(summary.stdout == "summary: valid=30 unsigned=30 malformed=60 bad-signature=30 untrusted-signer=0 content-mismatch=30 unreadable=30\n")
    }

    @Test("--jobs below 1, and --quiet with --progress, are usage errors")
    func badRunOptions() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let zero = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--jobs", "0"])
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--jobs must be at least 1"), "\(zero)")
        let both = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "x.jsonl",
                                               "--quiet", "--progress"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("exclude each other"), "\(both)")
    }

    @Test("without a terminal nothing but the summary goes to standard error unless --progress asks")
    func noProgressWithoutTerminal() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl"])
        #expect(result.stderr.isEmpty, "\(result)")
        let signed = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "again.jsonl"])
        #expect(signed.stderr == "signed 8 sample(s)\n", "\(signed)")
    }
}
