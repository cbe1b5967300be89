import Foundation
import Testing

/// What happens when standard output cannot be written: a full device is an I/O error (exit 2)
/// with the reason, a reader that has gone ends the command quietly by SIGPIPE. Never a crash.
@Suite("healthsig: standard output that cannot be written")
struct StandardOutputFailureTests {
    /// Commands that print their result on standard output.
    private static let printing: [(name: String, arguments: [String])] = [
        ("verify", ["verify", "--trust", "keys/device.pub.pem", "--in", "signed.jsonl"]),
        ("inspect", ["inspect", "--in", "content.der"]),
        ("cms verify", ["cms", "verify", "--trust", "keys/device.pub.pem", "--in", "content.der"]),
        ("cms verify --content-out -", ["cms", "verify", "--trust", "keys/device.pub.pem", "--in", "content.der", "--content-out", "-"]),
        ("sign --out -", ["sign", "--key", "keys/device.key.pem", "--in", "readings.jsonl", "--out", "-"]),
        ("cms sign --out -", ["cms", "sign", "--key", "keys/device.key.pem", "--in", "content.bin", "--out", "-"]),
        ("keygen", ["keygen", "--out", "more-keys", "--name", "other"]),
        ("vectors check", ["vectors", "check", CLI.packageRoot.appendingPathComponent("TestVectors").path]),
    ]

    private func workspace() throws -> DeviceWorkspace {
        let ws = try DeviceWorkspace()
        try ws.sign()
        try ws.directory.write("content.bin", "the signed content\n")
        let cms = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "content.bin", "--out", "content.der"])
        guard cms.status == 0 else { throw CLI.SetupError(description: "cms sign failed: \(cms)") }
        return ws
    }

    @Test("standard output on a full device (mknod 1,7): exit 2, 'standard output: … No space left on device'")
    func fullDeviceAsStandardOutput() throws {
        let ws = try workspace()
        let full = try ws.directory.makeCharacterDevice("full", MemoryDevice.full)
        for (name, arguments) in Self.printing {
            let handle = try #require(FileHandle(forWritingAtPath: full))
            defer { try? handle.close() }
            let result = try ws.directory.healthsig(arguments, standardOutput: handle)
            #expect(!result.killedBySignal && result.status == 2, "\(name): \(result)")
            #expect(result.stderr.contains("healthsig: standard output: cannot write: No space left on device"), "\(name): \(result)")
        }
        #expect(ws.directory.fileType("full") == S_IFCHR)
    }

    @Test("standard output a pipe whose reader has closed: the command ends by SIGPIPE, with nothing on standard error")
    func closedPipeEndsQuietly() throws {
        let ws = try workspace()
        for (name, arguments) in Self.printing {
            let pipe = Pipe()
            // Closed before the command starts, so every write meets a pipe without a reader.
            try pipe.fileHandleForReading.close()
            let result = try ws.directory.healthsig(arguments, standardOutput: pipe.fileHandleForWriting)
            try? pipe.fileHandleForWriting.close()
            #expect(result.killedBySignal && result.status == SIGPIPE, "\(name): \(result)")
            #expect(result.stderr.isEmpty, "\(name): \(result)")
        }
    }

    @Test("sign --out - that cannot reach standard output leaves no temporary file beside the inputs")
    func failedStandardOutputLeavesNothing() throws {
        let ws = try workspace()
        let full = try ws.directory.makeCharacterDevice("full", MemoryDevice.full)
        let handle = try #require(FileHandle(forWritingAtPath: full))
        defer { try? handle.close() }
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "-"],
                                                standardOutput: handle)
        #expect(result.status == 2, "\(result)")
        #expect(try ws.directory.entries(startingWith: ".") == [])
    }
}
