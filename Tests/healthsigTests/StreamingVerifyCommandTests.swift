import Foundation
import Testing

/// `verify --in -` fed by a live pipe (`tail -f signed.jsonl | healthsig verify --in -`): the report
/// on standard output or a FIFO gets each sample's verdict before the next sample is sent. Each
/// test reads the verdict back before sending the next line; a report held back until the input
/// ended (or until 64 KiB had piled up) would fail on the first read's deadline.
@Suite("healthsig verify: report follows a live input")
struct StreamingVerifyCommandTests {
    @Test("verify --in - --format ndjson writes each verdict before the next sample is sent, for --jobs 1 and 3; the report is the file run's",
          arguments: ["1", "3"])
    func ndjsonFollowsTheInput(jobs: String) throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        let fileRun = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl",
                                                  "--format", "ndjson", "--jobs", jobs])
        let run = try LiveProcess(["verify", "--trust", ws.publicKeyPath, "--in", "-", "--format", "ndjson", "--jobs", jobs],
                                  in: ws.directory.url)
        var streamed: [String] = []
        for (index, line) in signed.enumerated() {
            try run.send(line)
            let verdict = try #require(try run.outputLine(), "no verdict for line \(index + 1)")
            #expect(verdict.contains("\"line\":\(index + 1),") && verdict.contains("\"verdict\":\"valid\""), "\(verdict)")
            streamed.append(verdict)
        }
        try run.closeInput()
        streamed += try run.remainingOutput()
        #expect(try run.exitStatus() == 0)
        #expect(streamed == fileRun.stdout.split(separator: "\n").map(String.init))
    }

    @Test("verify --in - --format table shows each row before the next sample is sent")
    func tableFollowsTheInput() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        let run = try LiveProcess(["verify", "--trust", ws.publicKeyPath, "--in", "-", "--jobs", "2"], in: ws.directory.url)
        try run.send(signed[0])
        #expect(try run.outputLine()?.hasPrefix("#") == true)
        #expect(try run.outputLine()?.hasPrefix("1 ") == true)
        try run.send(signed[1])
        // Past the first row's detail lines (times, device), the blood-pressure row.
        var bloodPressureRow: String?
        for _ in 0..<6 where bloodPressureRow == nil {
            bloodPressureRow = try #require(try run.outputLine()).contains("120/80 mmHg") ? "found" : nil
        }
        #expect(bloodPressureRow != nil)
        try run.closeInput()
        #expect(try run.remainingOutput().last?.contains("content-mismatch=0") == true)
        #expect(try run.exitStatus() == 0)
    }

    @Test("verify --out FIFO --format json: the FIFO's reader gets each entry of the document before the next sample is sent")
    func jsonDocumentIntoAFIFOFollowsTheInput() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        let fifo = try FollowedFIFO("report.fifo", in: ws.directory)
        let run = try LiveProcess(["verify", "--trust", ws.publicKeyPath, "--in", "-", "--format", "json", "--out", "report.fifo"],
                                  in: ws.directory.url)
        try run.send(signed[0])
        try fifo.waitFor(#"{"samples":["# + "\n" + #"{"device":"#)
        try fifo.waitFor(#""line":1,"#)
        try run.send(signed[1])
        try fifo.waitFor(#""line":2,"#)
        #expect(!fifo.unreadText.contains(#""line":3,"#))
        try run.closeInput()
        #expect(try run.exitStatus() == 0)
        #expect(ws.directory.exists("report.fifo"))
    }
}
