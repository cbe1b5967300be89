import Foundation
import Testing

/// A `healthsig sign` stopped by SIGINT, SIGTERM or SIGHUP while it writes leaves no temporary
/// file behind and still ends by that signal.
@Suite("healthsig: an interrupted sign leaves no temporary file")
struct InterruptedRunCleanupTests {
    /// A `sign` that reads its readings from a FIFO this test holds open: it has created its
    /// temporary output and waits for more input, so a signal always finds it mid-run.
    private final class WaitingSign {
        let pid: pid_t
        let writer: FileHandle
        private var exitStatus: Int32?

        init(_ ws: DeviceWorkspace, out: String, environment: [String: String] = [:]) throws {
            let fifo = try ws.directory.makeFIFO("readings.fifo")
            let arguments = ["sign", "--key", ws.directory.path(ws.keyPath), "--in", fifo, "--out", out]
            pid = try Self.spawn(try CLI.healthsigExecutable().path, arguments, environment: environment,
                                 input: ws.directory.path("sign.in"), output: ws.directory.path("sign.out"),
                                 errors: ws.directory.path("sign.err"))
            // Opening the FIFO for writing waits until `sign` opens it for reading.
            guard let handle = FileHandle(forWritingAtPath: fifo) else {
                throw CLI.SetupError(description: "cannot open the FIFO for writing")
            }
            writer = handle
            try writer.write(contentsOf: Data((try Examples.lines()[0] + "\n").utf8))
        }

        /// Starts `executable` with SIGINT, SIGTERM and SIGHUP unblocked and at their default
        /// action, as a shell starts a command. Foundation's `Process` passes on the signal mask
        /// of the thread that starts it, and the test runner's threads block these signals.
        static func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                          input: String, output: String, errors: String) throws -> pid_t {
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var empty = sigset_t()
            sigemptyset(&empty)
            posix_spawnattr_setsigmask(&attributes, &empty)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY | O_CREAT, 0o644)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let environmentStrings = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
            let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp: [UnsafeMutablePointer<CChar>?] = environmentStrings.map { strdup($0) } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid = pid_t()
            let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            guard result == 0 else {
                throw CLI.SetupError(description: "posix_spawn failed: \(String(cString: strerror(result)))")
            }
            return pid
        }

        /// Whether the process has not ended yet.
        var isRunning: Bool {
            guard exitStatus == nil else { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status }
            return exitStatus == nil
        }

        /// Waits until `condition` holds (checked every 10 ms, at most 30 s).
        func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
            let deadline = Date().addingTimeInterval(30)
            while try !condition() {
                guard Date() < deadline, isRunning else {
                    kill(pid, SIGKILL)
                    throw CLI.SetupError(description: "\(what) did not happen (sign running: \(isRunning))")
                }
                usleep(10_000)
            }
        }

        /// Sends `signal`, waits for the end (at most 30 s) and returns the signal that ended the
        /// process, or `nil` if it exited.
        func stop(with signal: Int32) throws -> Int32? {
            kill(pid, signal)
            let deadline = Date().addingTimeInterval(30)
            while isRunning {
                guard Date() < deadline else {
                    kill(pid, SIGKILL)
                    throw CLI.SetupError(description: "sign did not end within 30 s of signal \(signal)")
                }
                usleep(10_000)
            }
            try? writer.close()
            let status = exitStatus ?? 0
            // The wait status of a process killed by signal N is N in its low 7 bits.
            let terminatingSignal = status & 0x7F
            return terminatingSignal != 0 && terminatingSignal != 0x7F ? terminatingSignal : nil
        }
    }

    @Test("SIGINT, SIGTERM or SIGHUP once the temporary output exists: it is removed and the run ends by the signal",
          arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalRemovesTheTemporaryOutput(signal: Int32) throws {
        let ws = try DeviceWorkspace()
        let run = try WaitingSign(ws, out: ws.directory.path("out.jsonl"))
        try run.waitUntil("the temporary file .out.jsonl.tmp-XXXXXX") {
            try !ws.directory.entries(startingWith: ".out.jsonl.tmp-").isEmpty
        }
        #expect(try run.stop(with: signal) == signal)
        #expect(try ws.directory.entries(startingWith: ".out.jsonl") == [])
        #expect(!ws.directory.exists("out.jsonl"))
    }

    @Test("--out - is streamed, never spooled: the first line is out while the input is still open; a signal leaves the temporary directory empty")
    func signalLeavesNoSpool() throws {
        let ws = try DeviceWorkspace()
        let spoolDirectory = ws.directory.path("tmp")
        try FileManager.default.createDirectory(atPath: spoolDirectory, withIntermediateDirectories: false)
        let run = try WaitingSign(ws, out: "-", environment: ["TMPDIR": spoolDirectory])
        // Standard output is the file sign.out: the signed first reading reaches it while sign
        // still waits for the rest of the readings.
        try run.waitUntil("the first signed line on standard output") {
            ((try? ws.directory.text("sign.out")) ?? "").hasSuffix("}\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: spoolDirectory) == [])
        #expect(try run.stop(with: SIGTERM) == SIGTERM)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spoolDirectory) == [])
        #expect(try ws.directory.text("sign.out").contains("\"HKDigitalSignature\":\""))
    }
}
