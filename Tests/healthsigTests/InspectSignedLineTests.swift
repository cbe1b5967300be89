import Foundation
import Testing

/// `inspect` takes one signature; given a JSON Lines file it says so and `--line N` picks one.
@Suite("inspect --in FILE.jsonl [--line N]")
struct InspectSignedLineTests {
    @Test("a JSON Lines file without --line: exit 2 with an explanation offering --line N")
    func explainsWithoutLine() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["inspect", "--in", "signed.jsonl"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("signed.jsonl holds samples in JSON (8 line(s)), not one signature"), "\(result.stderr)")
        #expect(result.stderr.contains("add --line N"))
        #expect(result.stdout.isEmpty)
    }

    @Test("--line N inspects the signature of that line")
    func inspectsOneLine() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["inspect", "--in", "signed.jsonl", "--line", "2"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("HKCorrelationTypeIdentifierBloodPressure"), "\(result.stdout)")
        let signatures = try ws.signatures()
        let direct = try ws.directory.healthsig(["inspect", "--signature", signatures[1]])
        #expect(direct.stdout == result.stdout)
    }

    @Test("--line beyond the file, on an unsigned sample, without --in or on a non-JSON line is refused, naming the line")
    func refusedLines() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let beyond = try ws.directory.healthsig(["inspect", "--in", "signed.jsonl", "--line", "9"])
        #expect(beyond.status == 2 && beyond.stderr.contains("has no sample on line 9"), "\(beyond)")
        let zero = try ws.directory.healthsig(["inspect", "--in", "signed.jsonl", "--line", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--line counts from 1"), "\(zero)")
        let unsigned = try ws.directory.healthsig(["inspect", "--in", "readings.jsonl", "--line", "1"])
        #expect(unsigned.status == 2 && unsigned.stderr.contains("line 1 has no metadata.HKDigitalSignature"), "\(unsigned)")
        try ws.directory.write("text.txt", "hello\n")
        let text = try ws.directory.healthsig(["inspect", "--in", "text.txt", "--line", "1"])
        #expect(text.status == 2 && text.stderr.contains("line 1 is not a JSON object"), "\(text)")
        let noInput = try ws.directory.healthsig(["inspect", "--signature", "MIIB", "--line", "1"])
        #expect(noInput.status == 2 && noInput.stderr.contains("--line needs --in"), "\(noInput)")
    }
}
