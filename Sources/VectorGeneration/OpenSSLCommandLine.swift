import Foundation
import HealthSigKit

/// Runs the `openssl` command-line tool. The vectors use it to make key material this package
/// deliberately cannot make (P-384, secp256k1, RSA and Ed25519 keys, a CA-issued certificate),
/// so the refused keys come from an independent implementation.
struct OpenSSLCommandLine {
    /// The executable: `$HEALTHSIG_OPENSSL`, else `/usr/bin/openssl`, else the first
    /// `openssl` on `PATH`.
    let executable: String
    /// Scratch directory for files `openssl` reads or writes; removed by `cleanUp`.
    let workDirectory: URL

    init() throws {
        let environment = ProcessInfo.processInfo.environment
        var candidates = [environment["HEALTHSIG_OPENSSL"], "/usr/bin/openssl"].compactMap { $0 }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(directory) + "/openssl")
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw VectorGenerationError.openssl("no openssl executable found (set HEALTHSIG_OPENSSL)")
        }
        executable = found
        workDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("healthsig-vectors-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the scratch directory.
    func path(_ name: String) -> String { workDirectory.appendingPathComponent(name).path }

    /// Runs `openssl arguments…` and returns its standard output; throws with its standard error
    /// when the exit status is not 0.
    @discardableResult
    func run(_ arguments: [String], input: [UInt8] = []) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = workDirectory
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw VectorGenerationError.openssl("cannot run \(executable): \(error)")
        }
        // Inputs are small (a key or a certificate), so writing before reading cannot deadlock
        // on a full pipe; outputs are read to the end before waiting.
        stdin.fileHandleForWriting.write(Data(input))
        try? stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw VectorGenerationError.openssl("openssl \(arguments.joined(separator: " ")) failed: "
                                           + String(decoding: errors, as: UTF8.self))
        }
        return Array(output)
    }

    /// `run` with the output as text.
    func text(_ arguments: [String], input: [UInt8] = []) throws -> String {
        String(decoding: try run(arguments, input: input), as: UTF8.self)
    }

    /// Removes the scratch directory.
    func cleanUp() {
        try? FileManager.default.removeItem(at: workDirectory)
    }
}
