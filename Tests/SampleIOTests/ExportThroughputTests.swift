import Foundation
import Testing
@testable import SampleIO

#if canImport(Glibc)
import Glibc
/// `RUSAGE_SELF`, whose imported type differs between C libraries.
private let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
#elseif canImport(Darwin)
import Darwin
private let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif

/// Throughput is printed, not asserted (timing assertions are flaky on shared machines).
@Suite("Export streaming throughput")
struct ExportThroughputTests {
    /// Writes a generated export.xml of about `megabytes` MB and returns its path and record count.
    static func generateExport(megabytes: Int, in directory: TemporaryDirectory) throws -> (path: String, records: Int) {
        let path = directory.file("generated-export.xml")
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        let target = megabytes * 1_000_000
        var block: [UInt8] = Array(ExportFixtures.generatedHeader.utf8)
        // One block of 1,000 distinct records, written repeatedly: generation stays cheap.
        var records: [UInt8] = []
        for index in 0..<1000 { records.append(contentsOf: ExportFixtures.heartRateRecord(index).utf8) }
        var written = 0
        var count = 0
        while written < target {
            block.append(contentsOf: records)
            count += 1000
            if block.count > 4_000_000 || written + block.count >= target {
                try handle.write(contentsOf: block)
                written += block.count
                block.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: Array(ExportFixtures.generatedFooter.utf8))
        return (path, count)
    }

    static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF_WHO, &usage)
        #if canImport(Darwin)
        return Double(usage.ru_maxrss) / 1_048_576  // macOS reports bytes
        #else
        return Double(usage.ru_maxrss) / 1024  // Linux reports KiB
        #endif
    }

    @Test func streamsGeneratedExportAndPrintsThroughput() throws {
        let directory = try TemporaryDirectory()
        let export = try Self.generateExport(megabytes: 20, in: directory)
        let size = Double((try FileManager.default.attributesOfItem(atPath: export.path)[.size] as? Int) ?? 0)

        var start = Date()
        let tokenizer = XMLPullTokenizer(source: try FileChunkSource(path: export.path))
        var tags = 0
        while try tokenizer.next() != nil { tags += 1 }
        let tokenizerSeconds = Date().timeIntervalSince(start)

        start = Date()
        let reader = try ExportXMLReader(path: export.path)
        var items = 0
        var lastLine = 0
        while let item = try reader.next() {
            items += 1
            lastLine = item.line
        }
        let readerSeconds = Date().timeIntervalSince(start)

        start = Date()
        let samples = ExportSampleReader(source: try FileChunkSource(path: export.path))
        var mapped = 0
        while let outcome = try samples.next() {
            if case .sample = outcome { mapped += 1 }
        }
        let samplesSeconds = Date().timeIntervalSince(start)

        #expect(items == export.records)
        #expect(mapped == export.records)
        #expect(tags == export.records + 3)  // + HealthData start/end + ExportDate
        #expect(lastLine == lineOf("<HealthData", in: ExportFixtures.generatedHeader)! + 1 + export.records)
        let megabytes = size / 1_000_000
        print(String(format: "export.xml throughput (%.1f MB, %d records): tokenizer %.1f MB/s, items %.1f MB/s, samples %.1f MB/s; peak RSS %.0f MB",
                     megabytes, items, megabytes / tokenizerSeconds, megabytes / readerSeconds, megabytes / samplesSeconds,
                     Self.peakResidentMegabytes()))
    }

    /// Streams a ≥200 MB file and checks that peak memory stays flat. Off by default (it takes
    /// a while in debug builds); run with `HEALTHSIG_LARGE_EXPORT_TEST=1`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["HEALTHSIG_LARGE_EXPORT_TEST"] == "1"))
    func streamsLargeExportWithFlatMemory() throws {
        let directory = try TemporaryDirectory()
        let export = try Self.generateExport(megabytes: 210, in: directory)
        let before = Self.peakResidentMegabytes()
        let start = Date()
        let reader = try ExportXMLReader(path: export.path)
        var items = 0
        while try reader.next() != nil { items += 1 }
        let seconds = Date().timeIntervalSince(start)
        let after = Self.peakResidentMegabytes()
        #expect(items == export.records)
        #expect(after < 200, "peak RSS \(after) MB")
        print(String(format: "large export: %d records in %.1f s (%.1f MB/s); peak RSS before %.0f MB, after %.0f MB",
                     items, seconds, 210 / seconds, before, after))
    }
}
