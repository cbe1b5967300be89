import Foundation
import Testing

/// `sign` into standard output, a FIFO or a device: each signed line is written as soon as it is
/// ready, so a device pipe stays live. Each test feeds readings through a pipe one at a time and
/// reads every signed line back before sending the next; a run that held its output back until
/// the input ended would fail on the first read's deadline.
@Suite("healthsig sign: streamed output")
struct StreamingSignCommandTests {
    /// The line with the value of its signature keys emptied: what stays the same between two
    /// signing runs (ECDSA signatures are randomised).
    static func withoutSignatureValues(_ line: String) -> String {
        line.replacingOccurrences(of: "\"(HKDigitalSignature|HealthSigBatchSignature|HealthSigBatch)\":\"[^\"]*\"",
                                  with: "\"$1\":\"\"", options: .regularExpression)
    }

    @Test("sign --in - --out - writes each signed line before the next reading is sent, for --jobs 1 and 4; the output is the file run's")
    func standardOutputFollowsTheInput() throws {
        let ws = try DeviceWorkspace()
        let fileRun = try ws.sign().map(Self.withoutSignatureValues)
        let readings = try Examples.lines()
        for jobs in ["1", "4"] {
            let run = try LiveProcess(["sign", "--key", ws.keyPath, "--in", "-", "--out", "-", "--jobs", jobs],
                                      in: ws.directory.url)
            var streamed: [String] = []
            for reading in readings {
                try run.send(reading)
                let line = try #require(try run.outputLine(), "no signed line for \(reading)")
                #expect(line.contains("\"HKDigitalSignature\":\""), "\(line)")
                streamed.append(line)
            }
            try run.closeInput()
            #expect(try run.remainingOutput().isEmpty)
            #expect(try run.exitStatus() == 0)
            #expect(try run.remainingErrors() == ["signed 8 sample(s)"])
            #expect(streamed.map(Self.withoutSignatureValues) == fileRun, "--jobs \(jobs)")
            // The signatures are real: the streamed lines verify.
            try ws.directory.write("streamed-\(jobs).jsonl", streamed.joined(separator: "\n") + "\n")
            let verify = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "streamed-\(jobs).jsonl", "--summary"])
            #expect(verify.status == 0 && verify.stdout.contains("valid=8 "), "\(verify)")
        }
    }

    @Test("sign --out FIFO streams: the FIFO's reader gets each line before the next reading is sent")
    func fifoFollowsTheInput() throws {
        let ws = try DeviceWorkspace()
        let fifo = try FollowedFIFO("signed.fifo", in: ws.directory)
        let run = try LiveProcess(["sign", "--key", ws.keyPath, "--in", "-", "--out", "signed.fifo", "--jobs", "2"],
                                  in: ws.directory.url)
        for reading in try Examples.lines().prefix(3) {
            try run.send(reading)
            let line = try #require(try fifo.line())
            #expect(Self.withoutSignatureValues(line).hasPrefix(String(reading.prefix(40))), "\(line)")
            #expect(line.contains("\"HKDigitalSignature\":\""))
        }
        try run.closeInput()
        #expect(try run.exitStatus() == 0)
        #expect(try run.remainingErrors() == ["signed 3 sample(s)"])
        #expect(ws.directory.exists("signed.fifo"))
    }

    @Test("a streamed run stops at the first invalid reading: exit 1, the lines before it stay written, nothing after it")
    func invalidReadingStopsTheStream() throws {
        let ws = try DeviceWorkspace()
        let readings = try Examples.lines()
        let run = try LiveProcess(["sign", "--key", ws.keyPath, "--in", "-", "--out", "-", "--jobs", "3"], in: ws.directory.url)
        for reading in readings.prefix(2) {
            try run.send(reading)
            #expect(try run.outputLine() != nil)
        }
        try run.send(#"{"type":"HKQuantityTypeIdentifierHeartRate","value":-5,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#)
        // The process ends by itself: it does not wait for the rest of the input.
        #expect(try run.exitStatus() == 1)
        #expect(try run.remainingOutput().isEmpty)
        let errors = try run.remainingErrors()
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first?.hasPrefix("line 3, value: ") == true, "\(errors)")
        #expect(errors.last == "signed 2 sample(s), written as they were signed; stopped at the invalid reading on line 3")
    }

    @Test("--skip-invalid on a stream: each problem reaches standard error as it is found, before the input ends")
    func problemsAreStreamedToStandardError() throws {
        let ws = try DeviceWorkspace()
        let readings = try Examples.lines()
        let run = try LiveProcess(["sign", "--key", ws.keyPath, "--in", "-", "--out", "-", "--skip-invalid"], in: ws.directory.url)
        try run.send(readings[0])
        #expect(try run.outputLine() != nil)
        try run.send("not json")
        #expect(try run.errorLine()?.hasPrefix("line 2: ") == true)
        try run.send(readings[1])
        #expect(try run.outputLine()?.contains("HKCorrelationTypeIdentifierBloodPressure") == true)
        try run.send(#"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"mg/dl","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#)
        #expect(try run.errorLine()?.hasPrefix("line 4, unit: ") == true)
        try run.closeInput()
        #expect(try run.exitStatus() == 0)
        #expect(try run.remainingErrors() == ["signed 2 sample(s), skipped 2 invalid"])
    }

    @Test("--batch on a stream: each line is written once the next reading has been read, a batch's last line when the batch closes")
    func batchSigningOnAStream() throws {
        let ws = try DeviceWorkspace()
        // Readings of one device, so that only --batch 3 closes a batch.
        let reading = try Examples.lines()[0]
        let readings = (0..<5).map { reading.replacingOccurrences(of: "\"value\":72", with: "\"value\":\(70 + $0)") }
        let run = try LiveProcess(["sign", "--key", ws.keyPath, "--in", "-", "--out", "-", "--batch", "3"], in: ws.directory.url)
        try run.send(readings[0])
        try run.send(readings[1])
        // The first line needs the second reading (it may close the batch, by device or time).
        let first = try #require(try run.outputLine())
        #expect(first.contains("\"value\":70") && first.contains("\"HealthSigBatch\":\"") && !first.contains("HealthSigBatchSignature"))
        try run.send(readings[2])
        // The third reading fills the batch of 3: the second and third lines, the carrier last.
        let second = try #require(try run.outputLine())
        let third = try #require(try run.outputLine())
        #expect(second.contains("\"value\":71") && !second.contains("HealthSigBatchSignature"))
        #expect(third.contains("\"value\":72") && third.contains("\"HealthSigBatchSignature\":\""))
        try run.send(readings[3])
        try run.send(readings[4])
        #expect(try run.outputLine()?.contains("\"value\":73") == true)
        try run.closeInput()
        // The input's end closes the last batch.
        let last = try run.remainingOutput()
        #expect(last.count == 1 && last[0].contains("\"value\":74") && last[0].contains("HealthSigBatchSignature"), "\(last)")
        #expect(try run.exitStatus() == 0)
    }
}
