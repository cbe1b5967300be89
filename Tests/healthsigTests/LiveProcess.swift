import Foundation
import Testing

/// A `healthsig` run whose standard input and output are pipes the test holds: it writes one
/// line, then reads what comes back, with a deadline on every read so a process that holds its
/// output back fails the test instead of hanging it. Standard error is a pipe too, read the
/// same way (a second reader of its own).
final class LiveProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var outputBuffer: [UInt8] = []
    private var errorBuffer: [UInt8] = []
    private var outputEnded = false
    private var errorEnded = false

    /// Starts `healthsig arguments` in `directory`.
    init(_ arguments: [String], in directory: URL) throws {
        // Writing to a process that has exited must fail with EPIPE, not kill the test run.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = try CLI.healthsigExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Writes `line` and a line feed to the process's standard input.
    func send(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Closes standard input: the end of the readings.
    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    /// The next line of standard output (without its line feed), or `nil` at its end; throws
    /// when none is complete within `timeout` seconds.
    func outputLine(timeout: Double = 20) throws -> String? {
        try Self.line(from: output.fileHandleForReading.fileDescriptor, buffer: &outputBuffer, ended: &outputEnded,
                      timeout: timeout, what: "standard output")
    }

    /// The next line of standard error, as ``outputLine(timeout:)``.
    func errorLine(timeout: Double = 20) throws -> String? {
        try Self.line(from: errors.fileHandleForReading.fileDescriptor, buffer: &errorBuffer, ended: &errorEnded,
                      timeout: timeout, what: "standard error")
    }

    /// Waits for the process to end (at most `timeout` seconds) and returns its exit status.
    func exitStatus(timeout: Double = 30) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw CLI.SetupError(description: "healthsig did not end within \(timeout) s")
            }
            usleep(10_000)
        }
        return process.terminationStatus
    }

    /// Everything left on standard output, up to its end.
    func remainingOutput(timeout: Double = 20) throws -> [String] {
        var lines: [String] = []
        while let line = try outputLine(timeout: timeout) { lines.append(line) }
        return lines
    }

    /// Everything left on standard error, up to its end.
    func remainingErrors(timeout: Double = 20) throws -> [String] {
        var lines: [String] = []
        while let line = try errorLine(timeout: timeout) { lines.append(line) }
        return lines
    }

    /// Reads `descriptor` with `poll(2)` until `buffer` holds a line feed, the pipe ends or
    /// the deadline passes.
    static func line(from descriptor: Int32, buffer: inout [UInt8], ended: inout Bool, timeout: Double,
                     what: String) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                throw CLI.SetupError(description: "no complete line on \(what) within \(timeout) s (have: \(String(decoding: buffer, as: UTF8.self)))")
            }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(min(left, 1) * 1000))
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
            } else if count == 0 {
                ended = true
            } else if errno != EINTR {
                ended = true
            }
        }
    }

    /// Reads `descriptor` until the text read so far (`buffer`, kept across calls) contains
    /// `text`: for output that does not end its pieces with a line feed (a JSON document's
    /// entries are separated by the comma written before the next one).
    static func waitFor(_ text: String, from descriptor: Int32, buffer: inout [UInt8], timeout: Double, what: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !String(decoding: buffer, as: UTF8.self).contains(text) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                throw CLI.SetupError(description: "no \(text) on \(what) within \(timeout) s (have: \(String(decoding: buffer, as: UTF8.self)))")
            }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                throw CLI.SetupError(description: "\(what) ended before \(text) (have: \(String(decoding: buffer, as: UTF8.self)))")
            }
        }
    }
}

/// A FIFO made in a test's directory and held open for reading and writing: opening does not wait
/// for a writer, and reads see no end of file before the program under test opens it. Closed
/// when released.
final class FollowedFIFO {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    init(_ name: String, in directory: TemporaryDirectory) throws {
        let path = try directory.makeFIFO(name)
        descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw CLI.SetupError(description: "cannot open the FIFO \(name)") }
    }

    deinit { close(descriptor) }

    /// The next complete line written to the FIFO, waiting at most `timeout` seconds.
    func line(timeout: Double = 20) throws -> String? {
        try LiveProcess.line(from: descriptor, buffer: &buffer, ended: &ended, timeout: timeout, what: "the FIFO")
    }

    /// Waits until what was written so far contains `text`.
    func waitFor(_ text: String, timeout: Double = 20) throws {
        try LiveProcess.waitFor(text, from: descriptor, buffer: &buffer, timeout: timeout, what: "the FIFO")
    }

    /// What was written and not yet taken as a line.
    var unreadText: String { String(decoding: buffer, as: UTF8.self) }
}
