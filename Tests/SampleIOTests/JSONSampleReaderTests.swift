import Foundation
import HealthSamples
import Testing
@testable import SampleIO

@Suite("JSON sample reader")
struct JSONSampleReaderTests {
    private func readAll(_ text: String, chunkSize: Int = 64 * 1024, maximumLineLength: Int? = nil)
        throws -> (format: JSONSampleFormat?, results: [Result<StoredSample, SampleInputError>]) {
        let source = MemoryChunkSource(text, chunkSize: chunkSize)
        let reader = maximumLineLength.map { JSONSampleReader(source: source, maximumLineLength: $0) } ?? JSONSampleReader(source: source)
        var results: [Result<StoredSample, SampleInputError>] = []
        while let result = try reader.next() { results.append(result) }
        return (reader.format, results)
    }

    @Test("more leading whitespace than the detection bound is read as JSON Lines, line by line")
    func longLeadingWhitespace() throws {
        // Blank lines beyond the bound, then an array opener: the layout is already decided,
        // so `[` is a JSON Lines line (invalid) rather than an array held whole.
        let lines = JSONSampleReader<MemoryChunkSource>.maximumLeadingWhitespace / 1024 + 256
        let blankLines = String(repeating: String(repeating: " ", count: 1023) + "\n", count: lines)
        let (format, results) = try readAll(blankLines + "[" + SampleJSONFixtures.heartRate + "]\n")
        #expect(format == .jsonLines)
        #expect(results.count == 1)
        if case .failure(let error) = results.first {
            #expect(error.line == lines + 1)
        } else {
            Issue.record("expected the `[` line to fail as a JSON Lines line")
        }
    }

    @Test("one carriage return before a line break or the end of the input is not part of the line; a second one is")
    func carriageReturnsEndingLines() throws {
        let text = "\(SampleJSONFixtures.heartRate)\r\n\r\r\n\(SampleJSONFixtures.sleep)\r\r\n\(SampleJSONFixtures.heartRate)\r"
        for chunkSize in [1, 5, 64 * 1024] {
            let source = MemoryChunkSource(text, chunkSize: chunkSize)
            let reader = JSONSampleReader(source: source)
            var lines: [JSONSampleLine] = []
            while let item = try reader.nextItem() {
                guard case .line(let line) = item else {
                    Issue.record("expected JSON Lines lines")
                    break
                }
                lines.append(line)
            }
            #expect(lines.map(\.bytes) == [Array(SampleJSONFixtures.heartRate.utf8), Array(SampleJSONFixtures.sleep.utf8) + [0x0D],
                                            Array(SampleJSONFixtures.heartRate.utf8)], "chunk size \(chunkSize)")
            #expect(lines.map(\.line) == [1, 3, 4] && lines.map(\.position) == [1, 2, 3])
        }
    }

    @Test func jsonLinesWithBlankLinesCRLFAndErrorsPerLine() throws {
        let text = "\u{FEFF}\(SampleJSONFixtures.heartRate)\r\n\r\n  \n\(SampleJSONFixtures.sleep)\r\n{\"type\":1}\n{broken\n\(SampleJSONFixtures.bloodPressure)"
        for chunkSize in [1, 7, 64 * 1024] {
            let (format, results) = try readAll(text, chunkSize: chunkSize)
            #expect(format == .jsonLines)
            #expect(results.count == 5, "chunk size \(chunkSize)")
            guard results.count == 5 else { continue }
            let first = try results[0].get()
            #expect(first.position == 1 && first.line == 1 && first.source == .jsonLines && first.precision == .exact)
            #expect(first.rawText == SampleJSONFixtures.heartRate)
            let second = try results[1].get()
            #expect(second.position == 2 && second.line == 4)
            #expect(second.rawText == SampleJSONFixtures.sleep)
            #expect(throws: SampleInputError(line: 5, field: "type", reason: .wrongType(expected: "string", found: "number"),
                                                    position: 3)) {
                try results[2].get()
            }
            if case .failure(let error) = results[3], case .invalidJSON(let json) = error.reason {
                #expect(error.line == 6)
                #expect(json.column == 2)
            } else {
                Issue.record("expected invalid JSON on line 6")
            }
            let last = try results[4].get()
            #expect(last.position == 5 && last.line == 7)
            #expect(last.sample.typeIdentifier == "HKCorrelationTypeIdentifierBloodPressure")
        }
    }

    @Test func jsonArrayWithLineNumbersAndElementText() throws {
        let text = "  [\n  \(SampleJSONFixtures.heartRate),\n\n  \(SampleJSONFixtures.sleep) ,\n  {\"type\":\"x\"}\n]\n"
        let (format, results) = try readAll(text, chunkSize: 5)
        #expect(format == .jsonArray)
        #expect(results.count == 3)
        let first = try results[0].get()
        #expect(first.line == 2 && first.position == 1 && first.source == .json)
        #expect(first.rawText == SampleJSONFixtures.heartRate)
        let second = try results[1].get()
        #expect(second.line == 4 && second.position == 2)
        #expect(second.rawText == SampleJSONFixtures.sleep)
        #expect(throws: SampleInputError(line: 5, field: "type", reason: .unsupportedType("x"), position: 3)) { try results[2].get() }
    }

    @Test func brokenArrayIsOneFailure() throws {
        let (_, results) = try readAll("[\n\(SampleJSONFixtures.sleep),\n]")
        #expect(results.count == 1)
        if case .failure(let error) = results[0], case .invalidJSON(let json) = error.reason {
            #expect(error.line == 3)
            #expect(json.reason == .unexpectedByte(UInt8(ascii: "]"), expected: .value))
        } else {
            Issue.record("expected one invalid JSON failure")
        }
    }

    @Test func emptyInputAndTooLongLines() throws {
        #expect(try readAll("").results.isEmpty)
        #expect(try readAll(" \n\n").results.isEmpty)
        let long = "{\"type\":\"" + String(repeating: "x", count: 500) + "\"}"
        let (_, results) = try readAll("\(long)\n\(SampleJSONFixtures.sleep)\n", chunkSize: 64, maximumLineLength: 100)
        #expect(results.count == 2)
        #expect(throws: SampleInputError(line: 1, field: "", reason: .lineTooLong(limit: 100))) { try results[0].get() }
        #expect(try results[1].get().line == 2)
        #expect(try results[1].get().position == 2)
    }

    @Test("a line that never ends (an endless source) is given up on after 16 times the line bound; reading stops")
    func unendingLineStopsReading() throws {
        let reader = JSONSampleReader(source: EndlessSource(prefix: Array("{\"type\":".utf8)), maximumLineLength: 200)
        #expect(reader.maximumUnendingLineLength == 3200)
        let first = try #require(try reader.next())
        #expect(throws: SampleInputError(line: 1, field: "", reason: .unendingLine(limit: 3200))) { try first.get() }
        #expect(try reader.next() == nil)
        // A long line that does end within the bound is skipped and reading goes on.
        let long = "{\"type\":\"" + String(repeating: "x", count: 3000) + "\"}"
        let (_, results) = try readAll("\(long)\n\(SampleJSONFixtures.sleep)\n", chunkSize: 64, maximumLineLength: 200)
        #expect(results.count == 2)
        #expect(throws: SampleInputError(line: 1, field: "", reason: .lineTooLong(limit: 200))) { try results[0].get() }
        #expect(try results[1].get().line == 2)
    }

    @Test func readsFilesAndSplicesASignatureIntoTheRawLine() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("samples.jsonl", "\(SampleJSONFixtures.heartRate)\n\(SampleJSONFixtures.bloodPressure)\n")
        let reader = try JSONSampleReader(path: path)
        var signed: [String] = []
        while let result = try reader.next() {
            let stored = try result.get()
            let text = try #require(stored.rawText)
            signed.append(try insertingMetadataValue(key: "HKDigitalSignature", stringValue: "MIIB", into: text))
        }
        #expect(signed.count == 2)
        let resigned = try JSONSampleDecoder.decode(signed[0])
        #expect(resigned.metadata["HKMetadataKeyDigitalSignature"] == .string("MIIB"))
        #expect(resigned.metadata.keys == ["HKMetadataKeyDeviceSerialNumber", "HKDigitalSignature"])
        #expect(signed[1].hasSuffix(#""metadata":{"HKTimeZone":"Europe/Paris","HKDigitalSignature":"MIIB"}}"#))
    }
}

/// A source that never ends: `prefix`, then NUL bytes in 64-byte chunks forever.
private final class EndlessSource: ByteChunkSource {
    private var prefix: [UInt8]?

    init(prefix: [UInt8]) {
        self.prefix = prefix
    }

    func nextChunk() throws -> [UInt8]? {
        if let prefix {
            self.prefix = nil
            return prefix
        }
        return [UInt8](repeating: 0, count: 64)
    }
}
