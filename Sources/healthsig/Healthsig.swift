import ArgumentParser
import CryptoBackend
import Foundation
import HealthSigKit

/// The `healthsig` command. Parsing and printing only; every behaviour lives in the libraries.
struct Healthsig: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthsig",
        abstract: "Sign and verify health-sample records (CMS SignedData, ECDSA P-256, SHA-256).",
        discussion: """
        Exit codes: 0 success / everything verified, 1 verification failed, 2 usage or I/O error.
        """,
        version: ToolVersion.current,
        subcommands: [
            KeygenCommand.self, SignCommand.self, VerifyCommand.self, InspectCommand.self,
            CMSCommand.self, ReportCommand.self, FHIRCommand.self, RevokeCommand.self, TimestampCommand.self, DemoCommand.self, VectorsCommand.self, BenchCommand.self,
        ]
    )

    /// No subcommand is a usage error (exit 2), so a script with an empty command variable
    /// does not pass as a success; the help goes to standard error.
    func run() throws {
        throw CommandExit.missingSubcommand(Healthsig.self)
    }
}

@main
enum Main {
    static func main() {
        // First of all: libcrypto without its exit-time clean-up, which could race a worker
        // thread's teardown at exit (OpenSSLProcessSetup).
        OpenSSLProcessSetup.initialiseWithoutExitCleanup()
        // A write to a pipe whose reader has gone fails with EPIPE instead of killing the
        // process on the spot, so temporary files are removed on the way out; the command then
        // ends by SIGPIPE all the same (CommandExit.brokenPipe).
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try Healthsig.parseAsRoot()
            try command.run()
        } catch let exit as CommandExit {
            exit.terminate()
        } catch {
            let code = Healthsig.exitCode(for: error)
            if code == .success {
                // --help / --version
                do {
                    try printOut(Healthsig.fullMessage(for: error) + "\n")
                } catch {
                    error.terminate()
                }
                Foundation.exit(0)
            }
            CommandExit.usageOrIO(Healthsig.fullMessage(for: error)).terminate()
        }
    }
}
