import Foundation
import Testing

/// What one run of a command produced.
struct CommandResult: CustomStringConvertible {
    /// The exit code, or the signal number when ``killedBySignal``.
    let status: Int32
    let stdoutData: Data
    let stderrData: Data
    /// Whether the process was ended by a signal (`status` is then the signal number).
    var killedBySignal = false

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    /// Non-empty lines of standard output.
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    var description: String { "\(killedBySignal ? "signal" : "exit") \(status)\n--- stdout:\n\(stdout)\n--- stderr:\n\(stderr)" }
}

/// Runs the built `healthsig` executable and other commands (`openssl`, `python3`) as child
/// processes. Output goes to files, not pipes, so a chatty child can never block on a full pipe.
enum CLI {
    /// `COLUMNS` for the commands the tests run, unless a test gives its own.
    static let tableColumns = "1000"

    /// Longest a single command may run (the slowest, `demo` and `bench`, take about a second).
    static let timeoutSeconds: Double = 60

    /// Problems finding or starting a command.
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    /// The `healthsig` executable built beside this test bundle (the test target depends on it).
    static let executable: URL? = {
        var candidates: [URL] = []
        let main = Bundle.main.bundleURL
        candidates += [main, main.deletingLastPathComponent()]
        if let arg0 = CommandLine.arguments.first {
            let url = URL(fileURLWithPath: arg0).resolvingSymlinksInPath()
            candidates += [url.deletingLastPathComponent(), url.deletingLastPathComponent().deletingLastPathComponent()]
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for directory in candidates {
            let file = directory.appendingPathComponent("healthsig")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: file.path) {
                return file
            }
        }
        return nil
    }()

    /// The package root (for `examples/` and `tools/`): found by walking up from this file.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// Runs `healthsig` with `arguments`; `standardOutput`, when given, replaces the captured
    /// standard output (a device node, the write end of a pipe).
    static func healthsig(_ arguments: [String], in directory: URL, stdin: Data? = nil,
                          environment: [String: String] = [:], standardOutput: FileHandle? = nil) throws -> CommandResult {
        try run(try healthsigExecutable(), arguments, in: directory, stdin: stdin, environment: environment,
                standardOutput: standardOutput)
    }

    /// The `healthsig` executable, or a setup error naming where it was looked for.
    static func healthsigExecutable() throws -> URL {
        guard let executable else {
            throw SetupError(description: "healthsig executable not found beside the test bundle (\(Bundle.main.bundlePath))")
        }
        return executable
    }

    /// Runs `/usr/bin/openssl` (the interop reference, never our code).
    static func openssl(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> CommandResult {
        try run(URL(fileURLWithPath: "/usr/bin/openssl"), arguments, in: directory, environment: environment)
    }

    /// Runs `python3`.
    static func python(_ arguments: [String], in directory: URL) throws -> CommandResult {
        try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments, in: directory)
    }

    /// Runs `executable`; one that has not finished after `timeout` seconds is killed and fails
    /// the test with a setup error.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL, stdin: Data? = nil,
                    environment: [String: String] = [:], standardOutput: FileHandle? = nil,
                    timeout: Double = CLI.timeoutSeconds) throws -> CommandResult {
        let id = UUID().uuidString
        let outURL = directory.appendingPathComponent(".run-\(id).out")
        let errURL = directory.appendingPathComponent(".run-\(id).err")
        let inURL = directory.appendingPathComponent(".run-\(id).in")
        defer {
            for url in [outURL, errURL, inURL] { try? FileManager.default.removeItem(at: url) }
        }
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try (stdin ?? Data()).write(to: inURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        let inHandle = try FileHandle(forReadingFrom: inURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
            try? inHandle.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // The table fits the width COLUMNS gives when its output is not a terminal. Tests read
        // its rows as a wide terminal shows them, every column (the reason too) on the row;
        // TableWidthCommandTests lays it out at 60, 80 and 100 columns and without COLUMNS.
        process.environment = ProcessInfo.processInfo.environment.merging(["COLUMNS": CLI.tableColumns]) { $1 }
            .merging(environment) { $1 }
        process.standardOutput = standardOutput ?? outHandle
        process.standardError = errHandle
        process.standardInput = inHandle
        // A command that hangs must fail the test, not the whole run.
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw SetupError(description: "\(executable.lastPathComponent) \(arguments) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             stdoutData: try Data(contentsOf: outURL), stderrData: try Data(contentsOf: errURL),
                             killedBySignal: process.terminationReason == .uncaughtSignal)
    }
}

/// Device numbers of Linux's memory devices, for nodes made with `mknod` in a test directory.
enum MemoryDevice {
    static let null = (major: 1, minor: 3)
    static let zero = (major: 1, minor: 5)
    static let full = (major: 1, minor: 7)
}

/// Reads a FIFO to its end on a thread of its own, so that a command can write it.
final class FIFOReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    /// Starts reading `path` (its `open` waits for a writer).
    init(_ path: String) {
        Thread { [self] in
            let bytes = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
            condition.lock()
            data = bytes
            condition.signal()
            condition.unlock()
        }.start()
    }

    /// Everything read, once the writer has closed the FIFO.
    func bytes() throws -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil {
            guard condition.wait(until: Date().addingTimeInterval(CLI.timeoutSeconds)) else {
                throw CLI.SetupError(description: "the FIFO reader got no end of file in \(CLI.timeoutSeconds) s")
            }
        }
        return data ?? Data()
    }
}

/// A fresh temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("healthsig-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name`.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    /// Writes `bytes` to `name`.
    @discardableResult
    func write(_ name: String, bytes: Data) throws -> String {
        try bytes.write(to: url.appendingPathComponent(name))
        return path(name)
    }

    /// The bytes of `name`.
    func read(_ name: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(name)) }

    /// The text of `name`.
    func text(_ name: String) throws -> String { String(decoding: try read(name), as: UTF8.self) }

    /// Whether `name` exists.
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// Runs `healthsig` in this directory.
    func healthsig(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
                   standardOutput: FileHandle? = nil) throws -> CommandResult {
        try CLI.healthsig(arguments, in: url, stdin: stdin, environment: environment, standardOutput: standardOutput)
    }

    /// Makes a character device node `name` (needs root; the suite runs as root in CI). Only
    /// nodes in this directory are ever made or written, never the machine's own /dev.
    @discardableResult
    func makeCharacterDevice(_ name: String, _ numbers: (major: Int, minor: Int)) throws -> String {
        // Linux's dev_t encoding for major < 4096 and minor < 256.
        guard mknod(path(name), S_IFCHR | 0o666, dev_t(numbers.major << 8 | numbers.minor)) == 0 else {
            let reason = String(cString: strerror(errno))
            throw CLI.SetupError(description: "mknod \(name) failed: \(reason) (the device tests run as root)")
        }
        return path(name)
    }

    /// Makes a FIFO `name`.
    @discardableResult
    func makeFIFO(_ name: String) throws -> String {
        guard mkfifo(path(name), 0o644) == 0 else {
            throw CLI.SetupError(description: "mkfifo \(name) failed: \(String(cString: strerror(errno)))")
        }
        return path(name)
    }

    /// The file type bits of `name` (`lstat`: a link is a link).
    func fileType(_ name: String) -> mode_t? {
        var info = stat()
        guard lstat(path(name), &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Names in the directory that start with `prefix` (temporary files left behind, say).
    func entries(startingWith prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Runs `openssl` in this directory.
    func openssl(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        try CLI.openssl(arguments, in: url, environment: environment)
    }
}

/// A temporary directory with a device key, its certificate and the example readings signed
/// with it — the starting point of most tests.
struct DeviceWorkspace {
    let directory: TemporaryDirectory
    /// Key id (hex) printed by keygen.
    let keyID: String
    let subject = "CN=Acme BP-200 Cuff,O=Acme Medical Devices"

    /// `keys/device.key.pem` etc., relative to the directory.
    let keyPath = "keys/device.key.pem"
    let publicKeyPath = "keys/device.pub.pem"
    let certificatePath = "keys/device.cert.pem"

    init() throws {
        directory = try TemporaryDirectory()
        let result = try directory.healthsig(["keygen", "--out", "keys", "--name", "device", "--subject", subject])
        guard result.status == 0 else { throw CLI.SetupError(description: "keygen failed: \(result)") }
        keyID = String(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("key id: ".count))
        try directory.write("readings.jsonl", String(decoding: try Data(contentsOf: Examples.readingsURL), as: UTF8.self))
    }

    /// Signs `input` into `output` with the device key, replacing an earlier output (`--force`:
    /// tests sign the same file again); fails the test on a non-zero exit.
    @discardableResult
    func sign(_ input: String = "readings.jsonl", to output: String = "signed.jsonl", extra: [String] = []) throws -> [String] {
        let result = try directory.healthsig(["sign", "--key", keyPath, "--in", input, "--out", output, "--force"] + extra)
        guard result.status == 0 else { throw CLI.SetupError(description: "sign failed: \(result)") }
        return try directory.text(output).split(separator: "\n").map(String.init)
    }

    /// The HKDigitalSignature text of each line of a signed JSON Lines file.
    func signatures(_ signedFile: String = "signed.jsonl") throws -> [String] {
        try directory.text(signedFile).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let metadata = object?["metadata"] as? [String: Any]
            guard let signature = metadata?["HKDigitalSignature"] as? String else {
                throw CLI.SetupError(description: "no signature in \(line)")
            }
            return signature
        }
    }
}

/// The bundled example readings (examples/readings.jsonl), one line per sample:
/// 0 heart rate, 1 blood pressure, 2 body temperature, 3 blood glucose, 4 body mass,
/// 5 oxygen saturation, 6 sleep analysis, 7 workout.
enum Examples {
    static var readingsURL: URL { CLI.packageRoot.appendingPathComponent("examples/readings.jsonl") }

    static func lines() throws -> [String] {
        String(decoding: try Data(contentsOf: readingsURL), as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// Parsing the `--format json` / `ndjson` reports.
enum Report {
    static func object(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any])
    }

    static func samples(_ report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["samples"] as? [[String: Any]])
    }

    /// The unreadable inputs reported among the samples.
    static func unreadable(_ report: [String: Any]) throws -> [[String: Any]] {
        try samples(report).filter { $0["verdict"] as? String == "unreadable" }
    }

    static func counts(_ report: [String: Any]) throws -> [String: Int] {
        let summary = try #require(report["summary"] as? [String: Any])
        return try #require(summary["counts"] as? [String: Int])
    }

    /// Verdict per position.
    static func verdicts(_ report: [String: Any]) throws -> [Int: String] {
        var out: [Int: String] = [:]
        for sample in try samples(report) {
            if let position = sample["position"] as? Int, let verdict = sample["verdict"] as? String { out[position] = verdict }
        }
        return out
    }
}
