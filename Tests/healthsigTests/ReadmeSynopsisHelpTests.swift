import Foundation
import Testing

/// The command-line reference (docs/CLI.md) and every `--help` name the same options, and every
/// command has a synopsis there.
@Suite("docs/CLI.md synopses agree with --help")
struct ReadmeSynopsisHelpTests {
    /// `healthsig …` synopses from docs/CLI.md's `### ` headings: command words and options.
    static func synopses() throws -> [(command: [String], options: Set<String>)] {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        var result: [(command: [String], options: Set<String>)] = []
        for heading in readme.split(separator: "\n") where heading.hasPrefix("### `healthsig ") {
            for piece in heading.split(separator: "`") where piece.hasPrefix("healthsig ") {
                let words = piece.split(separator: " ").dropFirst()
                let command = words.prefix { $0.allSatisfy { $0.isLowercase } }.map(String.init)
                result.append((command, options(in: String(piece))))
            }
        }
        return result
    }

    /// Every `--long-option` in `text`.
    static func options(in text: String) -> Set<String> {
        let pattern = try? NSRegularExpression(pattern: "--[a-z][a-z0-9-]*")
        let range = NSRange(text.startIndex..., in: text)
        return Set(pattern?.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } } ?? [])
    }

    /// The subcommand names listed under SUBCOMMANDS in a `--help` text.
    static func subcommands(inHelp help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:") else { return [] }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            // A subcommand line is indented by two spaces; its wrapped description by more.
            guard line.hasPrefix("  "), !line.hasPrefix("   "),
                  let word = line.split(separator: " ").first, word.allSatisfy({ $0.isLowercase }) else { return nil }
            return String(word)
        }
    }

    @Test("each command's synopses name exactly the options of its --help")
    func synopsesMatchHelp() throws {
        let directory = try TemporaryDirectory()
        // A command may have several synopses (bench and bench --full-path): their options together.
        var byCommand: [[String]: Set<String>] = [:]
        for synopsis in try Self.synopses() { byCommand[synopsis.command, default: []].formUnion(synopsis.options) }
        #expect(byCommand.count >= 10)
        for synopsis in byCommand.map({ (command: $0.key, options: $0.value) }) {
            let help = try directory.healthsig(synopsis.command + ["--help"])
            #expect(help.status == 0, "\(synopsis.command): \(help)")
            let helpOptions = Self.options(in: help.stdout).subtracting(["--help", "--version"])
            #expect(helpOptions.subtracting(synopsis.options).isEmpty,
                    "healthsig \(synopsis.command.joined(separator: " ")): in --help, not in docs/CLI.md: \(helpOptions.subtracting(synopsis.options).sorted())")
            #expect(synopsis.options.subtracting(helpOptions).isEmpty,
                    "healthsig \(synopsis.command.joined(separator: " ")): in docs/CLI.md, not in --help: \(synopsis.options.subtracting(helpOptions).sorted())")
        }
    }

    @Test("every command and subcommand of --help has a synopsis in docs/CLI.md")
    func everyCommandDocumented() throws {
        let directory = try TemporaryDirectory()
        let documented = Set(try Self.synopses().map { $0.command.joined(separator: " ") })
        let top = try directory.healthsig(["--help"])
        let commands = Self.subcommands(inHelp: top.stdout).filter { $0 != "help" }
        #expect(commands.count >= 8, "\(top.stdout)")
        for command in commands {
            let help = try directory.healthsig([command, "--help"])
            let children = Self.subcommands(inHelp: help.stdout).filter { $0 != "help" }
            for path in children.isEmpty ? [command] : children.map({ "\(command) \($0)" }) {
                #expect(documented.contains(path), "no synopsis in docs/CLI.md for healthsig \(path)")
            }
        }
    }
}
