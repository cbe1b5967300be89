import Foundation
import Testing

@Suite("healthsig demo, bench and usage errors")
struct DemoBenchUsageTests {
    @Test("demo: exit 0, last line starts with `demo:` and names the content-mismatch")
    func demo() throws {
        let dir = try TemporaryDirectory()
        let examples = CLI.packageRoot.appendingPathComponent("examples").path
        let result = try dir.healthsig(["demo", "--examples", examples])
        #expect(result.status == 0, "\(result)")
        let last = try #require(result.lines.last)
        #expect(last.hasPrefix("demo:"), "\(last)")
        #expect(last.contains("content-mismatch"))
        #expect(last.contains("signed 120 mmHg, stored 110 mmHg"))
        #expect(!result.stdout.contains("PRIVATE KEY"))
        // The demo works in a temporary directory of its own.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { !$0.hasPrefix(".run-") }.isEmpty)
    }

    @Test("demo writes the clinician report of the tampered file and says where it is")
    func demoWritesReport() throws {
        let dir = try TemporaryDirectory()
        let examples = CLI.packageRoot.appendingPathComponent("examples").path
        let report = dir.path("demo-report.html")
        let result = try dir.healthsig(["demo", "--examples", examples, "--report", report])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("5. wrote the clinician report of the tampered file: \(report) (open it in a browser)"))
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("<strong>1 reading altered after signing</strong>"))
        #expect(html.contains("<td>120 mmHg</td><td>110 mmHg</td>"))
    }

    @Test("demo without the examples is an I/O error (exit 2)")
    func demoWithoutExamples() throws {
        let dir = try TemporaryDirectory()
        let result = try dir.healthsig(["demo", "--examples", dir.path("nowhere")])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("readings.jsonl"))
    }

    @Test("bench --seconds 0.2: exit 0, four rates, batch against per-sample verify, three ratio lines")
    func bench() throws {
        let dir = try TemporaryDirectory()
        let result = try dir.healthsig(["bench", "--seconds", "0.2"])
        #expect(result.status == 0, "\(result)")
        let rates = result.lines.filter { $0.range(of: #"\d+/s  \(\d+ ops in [0-9.]+ s\)$"#, options: .regularExpression) != nil }
        #expect(rates.count == 4, "\(result.stdout)")
        for name in ["raw OpenSSL ECDSA P-256 sign", "CMS SignedData sign", "raw OpenSSL ECDSA P-256 verify", "CMS SignedData verify"] {
            #expect(rates.contains { $0.hasPrefix(name) }, "\(name)")
        }
        let ratios = result.lines.filter { $0.hasPrefix("ratio ") }
        #expect(ratios.count == 3)
        let sampleRates = result.lines.filter { $0.range(of: #"\d+ samples/s  \(\d+ samples in [0-9.]+ s\)$"#, options: .regularExpression) != nil }
        #expect(sampleRates.count == 2, "\(result.stdout)")
        #expect(sampleRates.first?.hasPrefix("per-sample verify") == true)
        #expect(sampleRates.last?.hasPrefix("batch verify (720 a batch)") == true)
        #expect(ratios.last?.hasPrefix("ratio verify (batch of 720 / per-sample): ") == true)
        #expect(ratios.allSatisfy { $0.range(of: #": [0-9]+\.[0-9]{3}$"#, options: .regularExpression) != nil }, "\(ratios)")
    }

    @Test("bench --full-path: sign and verify rates for 1 and N jobs with ratios, speed-ups, per-core ratios of alternating rounds, a vendor-CA chain against the bare key, export read rate at 1 and N jobs with an ndjson and a table report, and peak RSS")
    func benchFullPath() throws {
        let dir = try TemporaryDirectory()
        let result = try dir.healthsig(["bench", "--full-path", "--samples", "20", "--jobs", "2", "--seconds", "0.05"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "full path: 140 samples (7 kinds), jobs 1 and 2, \(ProcessInfo.processInfo.activeProcessorCount) processor(s)")
        for pattern in [#"^sign   --jobs 1 +\d+/s  = [0-9.]+ x raw sign per core$"#,
                        #"^sign   --jobs 2 +\d+/s  speed-up [0-9.]+ x$"#,
                        #"^verify --jobs 1 +\d+/s  = [0-9.]+ x raw verify per core$"#,
                        #"^verify --jobs 2 +\d+/s  speed-up [0-9.]+ x$"#,
                        #"^per CPU second, --jobs 1: sign [0-9.]+ x raw \( *\d+/s vs +\d+/s\), verify [0-9.]+ x raw \( *\d+/s vs +\d+/s\)$"#,
                        #"^per CPU second, each of 9 alternating rounds: sign( [0-9.]+){9}; verify( [0-9.]+){9}$"#,
                        #"^verify --jobs 1, device certificate of a vendor CA embedded, per CPU second: +\d+/s = [0-9.]+ x the bare key \( *\d+/s\)$"#,
                        #"^export.xml \(\d+ MB\) through verify: --jobs 1 [0-9.]+ MB/s, --jobs 2 [0-9.]+ MB/s; bare byte scan: \d+ MB/s$"#,
                        #"^export.xml through verify, table report \(unsigned records counted\): --jobs 1 [0-9.]+ MB/s, --jobs 2 [0-9.]+ MB/s$"#,
                        #"^peak RSS [0-9.]+ MB$"#] {
            #expect(result.lines.contains { $0.range(of: pattern, options: .regularExpression) != nil }, "\(pattern)\n\(result.stdout)")
        }
        let refused = try dir.healthsig(["bench", "--full-path", "--samples", "0"])
        #expect(refused.status == 2, "\(refused)")
    }

    @Test("bench refuses durations and sizes that could hang or exhaust the machine (exit 2)")
    func benchLimits() throws {
        let dir = try TemporaryDirectory()
        for arguments in [["--seconds", "inf"], ["--seconds", "nan"], ["--seconds=-1"], ["--seconds", "0"],
                          ["--content-bytes=-5"], ["--content-bytes", "100000000000"], ["--batch-size", "0"],
                          ["--batch-size", "65536"]] {
            let result = try dir.healthsig(["bench"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
        }
    }

    @Test("usage errors exit 2 with a message on standard error",
          arguments: [
              ["keygen", "--name", "x"],                          // missing --out
              ["keygen", "--out", "k", "--name", "x", "--bogus"], // unknown option
              ["sign", "--in", "a.jsonl", "--out", "b.jsonl"],    // missing --key
              ["verify", "--trust", "k.pem"],                     // missing --in
              ["cms", "sign", "--key", "k.pem", "--in", "a"],     // missing --out
              ["cms", "verify", "--trust", "k.pem", "--in", "a", "--inform", "pem"],
              ["inspect", "--frobnicate"],
              ["frobnicate"],
              ["bench", "--seconds", "soon"],
              [],                                                 // no subcommand
              ["cms"],
              ["vectors"],
          ])
    func usageErrors(arguments: [String]) throws {
        let dir = try TemporaryDirectory()
        let result = try dir.healthsig(arguments)
        #expect(result.status == 2, "\(arguments): \(result)")
        #expect(result.stderr.hasPrefix("healthsig: "), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test("--help and --version exit 0")
    func help() throws {
        let dir = try TemporaryDirectory()
        let help = try dir.healthsig(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Exit codes"))
        let verifyHelp = try dir.healthsig(["verify", "--help"])
        #expect(verifyHelp.status == 0 && verifyHelp.stdout.contains("--require-signed"))
        let version = try dir.healthsig(["--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty)
    }
}
