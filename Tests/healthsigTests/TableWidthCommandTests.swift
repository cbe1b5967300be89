import Foundation
import Testing

/// `verify`'s table on 60, 80 and 100 columns: no line wider, long reasons and device names
/// wrapped, the unsigned samples still counted per type and per source.
@Suite("healthsig verify: the table fits the terminal width")
struct TableWidthCommandTests {
    /// Cells of `text` on a terminal, for the characters used here (kana and CJK ideographs 2).
    static func cells(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ((0x3040...0x30FF).contains($1.value) || (0x4E00...0x9FFF).contains($1.value) ? 2 : 1) }
    }

    /// Signed readings with the heart rate's stored device name changed to a long one (a
    /// content-mismatch with a long reason), and unsigned readings after them.
    static func input(_ ws: DeviceWorkspace) throws -> String {
        let signed = try ws.sign()
        let longName = "Acme 心拍数ストラップ Heart Rate Strap Professional Edition for Clinical Studies"
        var lines = signed
        lines[0] = lines[0].replacingOccurrences(of: "\"name\":\"Acme HR Strap\"", with: "\"name\":\"\(longName)\"")
        lines += try Examples.lines()
        return try ws.directory.write("long.jsonl", lines.joined(separator: "\n") + "\n")
    }

    @Test("every line fits COLUMNS (60, 80, 100) when the output is not a terminal", arguments: [60, 80, 100])
    func linesFitColumns(width: Int) throws {
        let ws = try DeviceWorkspace()
        let input = try Self.input(ws)
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", input],
                                                environment: ["COLUMNS": String(width)])
        #expect(result.status == 1, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        for line in lines { #expect(Self.cells(line) <= width, "\(width): \(line)") }
        // The reason is all there, wrapped under the row.
        let text = result.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("device name: signed Acme HR Strap, stored Acme 心拍数ストラップ Heart Rate Strap Professional Edition for Clinical Studies"),
                "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("unsigned by type: ") })
        #expect(lines.contains { $0.hasPrefix("unsigned by source: (no source) 8") })
        #expect(lines.contains { $0.hasPrefix("1 ") && $0.contains("HeartRate") && $0.contains("content-mismatch") })
        #expect(text.contains("summary: valid=7 unsigned=8 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=1"))
    }

    @Test("without COLUMNS (or with one that is not a width) the table fits 80 columns")
    func defaultIsEighty() throws {
        let ws = try DeviceWorkspace()
        let input = try Self.input(ws)
        for columns in ["", "wide"] {
            let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", input], environment: ["COLUMNS": columns])
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { Self.cells($0) <= 80 }, "\(result.stdout)")
            #expect(lines.contains { Self.cells($0) > 70 }, "the width is used: \(result.stdout)")
        }
    }

    @Test("on a terminal its own width wins over COLUMNS (a pseudo-terminal 72 columns wide)")
    func terminalWidthWins() throws {
        let ws = try DeviceWorkspace()
        let input = try Self.input(ws)
        // python3's pty module gives healthsig a terminal of 72 columns as its standard output.
        let script = """
        import fcntl, os, pty, struct, sys, termios
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 72, 0, 0))
            os.environ["COLUMNS"] = "200"
            os.execv(sys.argv[1], sys.argv[1:])
        out = b""
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        os.waitpid(pid, 0)
        sys.stdout.buffer.write(out)
        """
        try ws.directory.write("on_terminal.py", script)
        let result = try CLI.python(["on_terminal.py", try CLI.healthsigExecutable().path, "verify", "--trust", ws.publicKeyPath, "--in", input,
                                     "--quiet"], in: ws.directory.url)
        let lines = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("summary: ") || $0.hasPrefix("    ") }, "\(result)")
        #expect(lines.allSatisfy { Self.cells($0) <= 72 }, "\(result.stdout)")
        #expect(lines.contains { Self.cells($0) > 60 }, "\(result.stdout)")
    }
}
