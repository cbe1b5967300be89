import ArgumentParser
import Foundation
import HealthSigKit

/// How a command ends when it does not simply succeed. Exit codes are part of the contract:
/// 1 = verification failed, 2 = usage or I/O error.
enum CommandExit: Error {
    /// Verification (or a check) failed; the command already printed why.
    case verificationFailed
    /// Bad usage or an I/O problem; the message goes to standard error.
    case usageOrIO(String)

    static func from(_ error: ToolError) -> CommandExit { .usageOrIO(error.description) }

    /// A command group run without its subcommand: a usage error with the group's help.
    static func missingSubcommand(_ command: any ParsableCommand.Type) -> CommandExit {
        .usageOrIO("missing subcommand\n\n" + Healthsig.helpMessage(for: command))
    }

    func terminate() -> Never {
        switch self {
        case .verificationFailed:
            Foundation.exit(1)
        case .usageOrIO(let message):
            FileHandle.standardError.write(Data(("healthsig: " + message + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// Runs a body that throws tool errors, turning them into exit code 2.
func runTool<T>(_ body: () throws(ToolError) -> T) throws(CommandExit) -> T {
    do {
        return try body()
    } catch {
        throw CommandExit.from(error)
    }
}

/// Writes text to standard output without buffering surprises.
func printOut(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
