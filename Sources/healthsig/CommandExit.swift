import ArgumentParser
import DER
import Foundation
import HealthSigKit
import SampleIO

/// How a command ends when it does not simply succeed. Exit codes are part of the contract:
/// 1 = verification failed, 2 = usage or I/O error.
enum CommandExit: Error {
    /// Verification (or a check) failed; the command already printed why.
    case verificationFailed
    /// Bad usage or an I/O problem; the message goes to standard error.
    case usageOrIO(String)
    /// The program reading standard output (or an output FIFO) stopped reading. The command
    /// ends as Unix tools do (`yes | head -1`): killed by SIGPIPE, without a message.
    case brokenPipe

    static func from(_ error: ToolError) -> CommandExit {
        if case .brokenPipe = error { return .brokenPipe }
        return .usageOrIO(error.description)
    }

    /// A command group run without its subcommand: a usage error with the group's help.
    static func missingSubcommand(_ command: any ParsableCommand.Type) -> CommandExit {
        .usageOrIO("missing subcommand\n\n" + Healthsig.helpMessage(for: command))
    }

    func terminate() -> Never {
        switch self {
        case .verificationFailed:
            Foundation.exit(1)
        case .usageOrIO(let message):
            StandardStreams.writeError("healthsig: " + TerminalText(lines: message).description + "\n")
            Foundation.exit(2)
        case .brokenPipe:
            // SIGPIPE is ignored while the command runs (so that a broken pipe is an error that
            // unwinds and removes temporary files); now it takes its default action.
            signal(SIGPIPE, SIG_DFL)
            var pipeOnly = sigset_t()
            sigemptyset(&pipeOnly)
            sigaddset(&pipeOnly, SIGPIPE)
            sigprocmask(SIG_UNBLOCK, &pipeOnly, nil)
            raise(SIGPIPE)
            Foundation.exit(128 + SIGPIPE)
        }
    }
}

/// Runs a body that throws tool errors, turning them into exit code 2 (a broken pipe into a
/// quiet end).
func runTool<T>(_ body: () throws(ToolError) -> T) throws(CommandExit) -> T {
    do {
        return try body()
    } catch {
        throw CommandExit.from(error)
    }
}

/// Writes text to standard output with `write(2)`: a full device is exit 2 with the reason, a
/// reader that has gone a quiet end (never a crash).
func printOut(_ text: String) throws(CommandExit) {
    do {
        try StandardStreams.writeOutput(text)
    } catch {
        throw CommandExit.from(.output(error))
    }
}

/// Writes a line to standard error (a failure there has nowhere to be reported, and is ignored).
/// Messages echo input (paths, values, names), so what a terminal would obey is escaped.
func printError(_ text: String) {
    StandardStreams.writeError(TerminalText(lines: text).description + "\n")
}
