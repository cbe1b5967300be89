import Foundation
import Testing

/// Runs the system `openssl` command (the interop reference) inside a private temporary
/// directory. Each test creates its own instance, so tests can run in parallel.
final class OpenSSLCommand {
    /// Output of one run.
    struct Output {
        let status: Int32
        let standardOutput: [UInt8]
        let standardError: String

        var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let arguments: [String]
        let output: Output
        var description: String {
            "openssl \(arguments.joined(separator: " ")) exited with \(output.status): \(output.standardError)"
        }
    }

    static let executable = "/usr/bin/openssl"

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("healthsig-cryptobackend-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Absolute path of `name` inside the temporary directory.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Runs `openssl arguments...` and requires exit status 0.
    @discardableResult
    func run(_ arguments: [String], input: [UInt8]? = nil) throws -> Output {
        let output = try runAllowingFailure(arguments, input: input)
        guard output.status == 0 else { throw Failure(arguments: arguments, output: output) }
        return output
    }

    /// Runs `openssl arguments...` and returns whatever happened.
    func runAllowingFailure(_ arguments: [String], input: [UInt8]? = nil) throws -> Output {
        let id = UUID().uuidString
        let stdoutURL = directory.appendingPathComponent("stdout-\(id)")
        let stderrURL = directory.appendingPathComponent("stderr-\(id)")
        let stdinURL = directory.appendingPathComponent("stdin-\(id)")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stdinURL.path, contents: Data(input ?? []))
        defer {
            for url in [stdoutURL, stderrURL, stdinURL] { try? FileManager.default.removeItem(at: url) }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // Keep the user's configuration out of the way.
        process.environment = ["OPENSSL_CONF": "/dev/null", "PATH": "/usr/bin:/bin"]
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        let stdinHandle = try FileHandle(forReadingFrom: stdinURL)
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        process.standardInput = stdinHandle
        try process.run()
        process.waitUntilExit()
        try stdoutHandle.close()
        try stderrHandle.close()
        try stdinHandle.close()
        return Output(
            status: process.terminationStatus,
            standardOutput: Array(try Data(contentsOf: stdoutURL)),
            standardError: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self)
        )
    }

    /// Writes `contents` to `name` in the temporary directory and returns its path.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Array(contents.utf8))
    }

    /// Writes `bytes` to `name` in the temporary directory and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Reads `name` from the temporary directory.
    func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// Reads `name` from the temporary directory as UTF-8 text.
    func readText(_ name: String) throws -> String {
        String(decoding: try read(name), as: UTF8.self)
    }

    // MARK: - Common fixtures

    /// Generates a P-256 key with `openssl genpkey` into `name` (PKCS#8 PEM) and returns the text.
    @discardableResult
    func generateP256Key(_ name: String = "key.pem") throws -> String {
        try run(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", name])
        return try readText(name)
    }

    /// Makes a self-signed certificate with `openssl req -x509` for the key in `keyName`.
    @discardableResult
    func makeSelfSignedCertificate(
        key keyName: String,
        subject: String,
        out: String,
        extensions: [String] = ["subjectKeyIdentifier=hash", "basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,digitalSignature"],
        extraArguments: [String] = []
    ) throws -> String {
        var arguments = ["req", "-x509", "-new", "-key", keyName, "-subj", subject, "-days", "30", "-out", out]
        for ext in extensions { arguments += ["-addext", ext] }
        try run(arguments + extraArguments)
        return try readText(out)
    }
}
