@testable import HealthSigKit
import Testing

/// The JSON and JSON Lines report sinks hold their lines back and hand them to the writer in
/// pieces: when the pipeline flushes them (a live input that waits), once 64 KiB are waiting,
/// and at the end, so what a reader following the report gets is still every verdict so far.
@Suite struct HeldReportLinesTests {
    static let event = PipelineEvent.unreadable(line: 3, reason: "not JSON")

    @Test func jsonLinesSinkHandsOnItsLinesWhenFlushed() throws {
        let buffer = ReportBuffer()
        let sink = JSONLinesReportSink(writer: buffer)
        try sink.receive(Self.event)
        #expect(buffer.bytes.isEmpty)
        try sink.flush()
        #expect(buffer.text == #"{"line":3,"reason":"not JSON","verdict":"unreadable"}"# + "\n")
        try sink.flush()
        #expect(buffer.text == #"{"line":3,"reason":"not JSON","verdict":"unreadable"}"# + "\n")
    }

    @Test func jsonDocumentSinkHandsOnItsEntriesWhenFlushed() throws {
        let buffer = ReportBuffer()
        let sink = JSONDocumentReportSink(writer: buffer)
        try sink.receive(Self.event)
        #expect(buffer.bytes.isEmpty)
        try sink.flush()
        #expect(buffer.text == "{\"samples\":[\n" + #"{"line":3,"reason":"not JSON","verdict":"unreadable"}"#)
        try sink.finish(VerificationTotals(unreadable: 1))
        #expect(buffer.text.hasSuffix("\n],\n\"summary\":{\"counts\":{\"bad-signature\":0,\"content-mismatch\":0,\"malformed\":0,\"unsigned\":0,\"untrusted-signer\":0,\"valid\":0},\"unreadable\":1}}\n"))
    }

    @Test func linesPastTheThresholdGoOutWithoutAFlush() throws {
        let buffer = ReportBuffer()
        let sink = JSONLinesReportSink(writer: buffer)
        let line = #"{"line":3,"reason":"not JSON","verdict":"unreadable"}"#.utf8.count + 1
        let linesToFill = (PendingReportBytes.threshold + line - 1) / line
        for _ in 0..<linesToFill - 1 { try sink.receive(Self.event) }
        #expect(buffer.bytes.isEmpty)
        try sink.receive(Self.event)
        #expect(buffer.bytes.count == linesToFill * line)
    }

    @Test func theSummaryEndsTheReportWithEveryLineBeforeIt() throws {
        let buffer = ReportBuffer()
        let sink = JSONLinesReportSink(writer: buffer)
        try sink.receive(Self.event)
        try sink.receive(Self.event)
        try sink.finish(VerificationTotals(unreadable: 2))
        let lines = buffer.text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[2].hasPrefix("{\"summary\":"))
    }
}
