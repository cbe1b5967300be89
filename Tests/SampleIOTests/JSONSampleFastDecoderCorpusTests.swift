import Foundation
import HealthSamples
import Testing
@_spi(FastPathReference) @testable import SampleIO

/// Every JSON line the project ships — the examples, the conformance vectors' stored samples,
/// the json-lines fuzz seeds — and one-byte changes of the example readings, through
/// ``JSONSampleFastDecoder`` and the general path: wherever the fast decoder answers, it gives
/// the general path's sample, with the same notation, and the same splice layout.
@Suite struct JSONSampleFastDecoderCorpusTests {
    static let root: URL = {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        return root
    }()

    /// The lines of every `.jsonl` file in examples/ and of every json-lines fuzz seed.
    static func shippedLines() throws -> [[UInt8]] {
        var files: [URL] = []
        let examples = root.appendingPathComponent("examples")
        files += try FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jsonl" }
        let seeds = root.appendingPathComponent("Fuzzing/Corpus/json-lines")
        files += try FileManager.default.contentsOfDirectory(at: seeds, includingPropertiesForKeys: nil)
        return try files.sorted { $0.path < $1.path }.flatMap { file in
            try Array(Data(contentsOf: file)).split(separator: UInt8(ascii: "\n")).map { line in
                Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
            }
        }
    }

    /// The stored JSON samples of the sample and batch vectors, each written as one line.
    static func vectorLines() throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for (file, member) in [("samples.json", "stored"), ("batch.json", "samples")] {
            let data = try Data(contentsOf: root.appendingPathComponent("TestVectors").appendingPathComponent(file))
            let suite = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for group in suite["testGroups"] as? [[String: Any]] ?? [] {
                for test in group["tests"] as? [[String: Any]] ?? [] where test["storedForm"] as? String == "json" {
                    let stored = test[member].map { $0 as? [Any] ?? [$0] } ?? []
                    for sample in stored where JSONSerialization.isValidJSONObject(sample) {
                        lines.append(Array(try JSONSerialization.data(withJSONObject: sample, options: [.sortedKeys])))
                    }
                }
            }
        }
        return lines
    }

    /// Where the fast decoder answers for `bytes`, how it differs from the general path; nil when
    /// it agrees or leaves the line to the general path.
    static func difference(_ bytes: [UInt8]) -> String? {
        let line = JSONSampleLine(bytes: bytes, line: 1, position: 1)
        let fast = line.fastDecoded()
        guard fast.sample != nil || fast.withLayout != nil else { return nil }
        let reference = line.decodedForSplicingWithoutFastDecoder()
        guard case .success(let sample) = reference.sample else {
            return "the general path refuses a line the fast decoder reads: \(reference.sample)"
        }
        guard let fastSample = fast.sample, let (laidOutSample, layout) = fast.withLayout else {
            return "the fast decoder reads the line with or without its layout, not both"
        }
        if fastSample != sample || laidOutSample != sample { return "a different sample" }
        if fastSample.notationForComparison != sample.notationForComparison || laidOutSample.notationForComparison != sample.notationForComparison {
            return "different notation: \(fastSample.notationForComparison) against \(sample.notationForComparison)"
        }
        if layout != reference.layout { return "a different layout" }
        return nil
    }


    @Test func everyShippedLineDecodesFastAsTheGeneralPathDecodesIt() throws {
        let lines = try Self.shippedLines() + Self.vectorLines()
        #expect(lines.count > 600)
        var answered = 0
        for bytes in lines {
            if JSONSampleFastDecoder.sample(of: bytes) != nil { answered += 1 }
            let difference = Self.difference(bytes)
            #expect(difference == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
        // The corpus exercises the fast path, not only the hand-over.
        #expect(answered > lines.count / 2)
    }

    @Test func everyOneByteChangeOfAnExampleReadingDecodesFastAsTheGeneralPathDecodesIt() throws {
        let text = try Data(contentsOf: Self.root.appendingPathComponent("examples/readings.jsonl"))
        let readings = Array(text).split(separator: UInt8(ascii: "\n")).map(Array.init)
        #expect(!readings.isEmpty)
        for reading in readings {
            for index in reading.indices {
                var removed = reading
                removed.remove(at: index)
                var changed = reading
                // A digit steps to the next (a date or a value moves), anything else becomes a digit.
                changed[index] = (UInt8(ascii: "0")...UInt8(ascii: "8")).contains(reading[index])
                    ? reading[index] + 1 : UInt8(ascii: "9")
                for mutated in [removed, changed] {
                    let difference = Self.difference(mutated)
                    #expect(difference == nil, "\(String(decoding: mutated, as: UTF8.self))")
                }
            }
        }
    }
}
