import Foundation
import Testing

/// Inputs that would block or never end: a FIFO in a trust directory, an endless zero device,
/// an endless JSON line. Each ends promptly with a clear message.
@Suite("healthsig: inputs that would block or never end")
struct BlockingAndEndlessInputTests {
    @Test("a FIFO named x.pem in a trust directory is skipped with a warning; verify and cms verify still run")
    func fifoInTrustDirectory() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let signed = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "r.der"])
        #expect(signed.status == 0, "\(signed)")
        try FileManager.default.createDirectory(atPath: ws.directory.path("trust"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: ws.directory.path(ws.publicKeyPath), toPath: ws.directory.path("trust/device.pub.pem"))
        try ws.directory.makeFIFO("trust/x.pem")
        let warning = "healthsig: warning: skipping trust/x.pem in a trust directory: a FIFO, not a regular file"
        let verify = try ws.directory.healthsig(["verify", "--trust", "trust", "--in", "signed.jsonl"])
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stderr.contains(warning), "\(verify)")
        let cms = try ws.directory.healthsig(["cms", "verify", "--trust", "trust", "--in", "r.der"])
        #expect(cms.status == 0 && cms.stdout.hasPrefix("valid signer="), "\(cms)")
        #expect(cms.stderr.contains(warning), "\(cms)")
    }

    @Test("verify --in an endless zero device (mknod 1,5) is refused at its first byte: unreadable, exit 1")
    func zeroDeviceInput() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.makeCharacterDevice("zero", MemoryDevice.zero)
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "zero"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("unreadable input: zero: neither JSON, export.xml nor export.zip: byte 0x00 at offset 0"),
                "\(result)")
    }

    @Test("verify and sign of a JSON line that never ends (a FIFO fed '{' then zeros without end) stop, exit 1")
    func endlessJSONLine() throws {
        let ws = try DeviceWorkspace()
        // The feeder below writes until healthsig closes the FIFO; that write must fail with
        // EPIPE rather than kill the test process.
        signal(SIGPIPE, SIG_IGN)
        for command in [["verify", "--trust", ws.publicKeyPath, "--in", "endless.fifo"],
                        ["sign", "--key", ws.keyPath, "--in", "endless.fifo", "--out", "never.jsonl"]] {
            let fifo = try ws.directory.makeFIFO("endless.fifo")
            Thread {
                let descriptor = open(fifo, O_WRONLY)
                guard descriptor >= 0 else { return }
                defer { close(descriptor) }
                var chunk = [UInt8](repeating: 0, count: 64 * 1024)
                chunk[0] = UInt8(ascii: "{")
                while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 { chunk[0] = 0 }
            }.start()
            let result = try ws.directory.healthsig(command)
            unlink(fifo)
            let text = "line 1: line without an end within 268435456 bytes; the rest of the input is not read"
            #expect(result.status == 1, "\(command[0]): \(result)")
            #expect((result.stdout + result.stderr).contains(text), "\(command[0]): \(result)")
            #expect(!ws.directory.exists("never.jsonl"))
        }
    }
}
