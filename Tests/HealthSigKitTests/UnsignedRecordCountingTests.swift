import CMS
import Foundation
@_spi(FastPathReference) @testable import HealthSigKit
@testable import SampleIO
import SampleSigning
import Testing

/// The counting path for unsigned export.xml records (``ExportSampleReader/next(counting:)``,
/// ``DecidedSample/isCountedRecord``) against its reference, every record mapped and decided
/// (`unsignedRecordCounting = false`): the table report, the `--summary` reports and the exit
/// status are byte for byte the same at `--jobs` 1 and 2, on every export the project ships or
/// makes, on near misses of what may be counted, and on one-byte changes of a small export.
@Suite struct UnsignedRecordCountingTests {
    /// What a run of the counting sinks wrote, and how it would exit.
    struct Reports: Equatable {
        let table: String
        let summaryTable: String
        let summaryJSON: String
        let totals: VerificationTotals
        let passes: Bool
        let passesRequiringSigned: Bool

        init(_ path: String, trust: TrustSet, jobs: Int, counting: Bool) throws {
            let table = ReportBuffer(), summaryTable = ReportBuffer(), summaryJSON = ReportBuffer()
            var pipeline = VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: jobs)
            pipeline.unsignedRecordCounting = counting
            pipeline.exportPieceSize = 700
            totals = try pipeline.run(inputPath: path, sinks: [
                ReportFormat.table.sink(writingTo: table, tableWidth: 200),
                ReportFormat.table.sink(writingTo: summaryTable, summaryOnly: true),
                ReportFormat.json.sink(writingTo: summaryJSON, summaryOnly: true)])
            self.table = table.text
            self.summaryTable = summaryTable.text
            self.summaryJSON = summaryJSON.text
            passes = totals.passes(requireSigned: false)
            passesRequiringSigned = totals.passes(requireSigned: true)
        }
    }

    /// How the counting path's reports differ from the reference's on `bytes`; nil when equal.
    static func difference(_ bytes: [UInt8], in fixture: ParallelExportFixture, name: String,
                           jobs: [Int] = [1, 2]) throws -> String? {
        let path = try fixture.write("counting.xml", bytes)
        let reference = try Reports(path, trust: fixture.trust, jobs: 1, counting: false)
        for jobs in jobs {
            let counted = try Reports(path, trust: fixture.trust, jobs: jobs, counting: true)
            if counted != reference {
                let field = counted.table != reference.table ? "table:\n\(counted.table)\n--- reference:\n\(reference.table)"
                    : counted.summaryTable != reference.summaryTable ? "summary \(counted.summaryTable) / \(reference.summaryTable)"
                    : counted.summaryJSON != reference.summaryJSON ? "summary \(counted.summaryJSON) / \(reference.summaryJSON)"
                    : "totals or exit status"
                return "\(name), --jobs \(jobs): \(field)"
            }
        }
        return nil
    }

    /// Records the counting reader hands out unmapped in `bytes` (none when it stops on an error).
    static func countedRecords(_ bytes: [UInt8]) -> Int {
        let reader = ExportSampleReader(source: MemoryChunkSource(bytes))
        var counted = 0
        while let next = try? reader.next(counting: .verification) {
            if case .unsignedRecord = next { counted += 1 }
        }
        return counted
    }

    static func document(_ elements: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2026-11-22 09:00:00 +0100\"/>\n"
            + elements + "</HealthData>\n").utf8)
    }

    static func record(_ type: String, value: String = "72", unit: String = "count/min", source: String = "Simon’s Watch",
                       date: String = "2026-11-20 07:00:00 +0100", metadata: [(String, String)] = []) -> String {
        let head = " <Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"10.1\" unit=\"\(unit)\" creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(value)\""
        if metadata.isEmpty { return head + "/>\n" }
        return head + ">\n" + metadata.map { "  <MetadataEntry key=\"\($0.0)\" value=\"\($0.1)\"/>\n" }.joined() + " </Record>\n"
    }

    /// Unsigned records of every kind the counting path must count or leave alone: valid and
    /// invalid ones, with and without metadata, types outside the catalog, correlation member
    /// types, category records, a type spelled with a canonically equivalent sequence, records
    /// carrying a signing key without a signature, and more than the table lists.
    static let nearMisses: String = {
        var text = ""
        let heartRate = "HKQuantityTypeIdentifierHeartRate"
        for index in 0..<8 { text += record(heartRate, value: "\(60 + index)") }
        text += record(heartRate, metadata: [("HKMetadataKeyHeartRateMotionContext", "0")])
        text += record(heartRate, value: "fast")
        text += record(heartRate, unit: "kg")
        text += record(heartRate, date: "yesterday")
        text += record("HKQuantityTypeIdentifierEnvironmentalSoundReduction", unit: "dBASPL")
        text += record("HKQuantityTypeIdentifierBloodPressureSystolic", value: "120", unit: "mmHg")
        text += record("HKQuantityTypeIdentifierDietaryEnergyConsumed", value: "300", unit: "kcal", source: "Food app")
        text += " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Bed\" startDate=\"2026-11-20 01:00:00 +0100\" endDate=\"2026-11-20 07:00:00 +0100\" value=\"HKCategoryValueSleepAnalysisInBed\"/>\n"
        text += " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Bed\" startDate=\"2026-11-20 01:00:00 +0100\" endDate=\"2026-11-20 07:00:00 +0100\" value=\"HKCategoryValueNoSuchThing\"/>\n"
        text += " <Record type=\"HKCategoryTypeIdentifierMindfulSession\" startDate=\"2026-11-20 07:00:00 +0100\" endDate=\"2026-11-20 07:10:00 +0100\"/>\n"
        // "HKQuantityTypeIdentifierHeartRate" with its "K" as U+212A KELVIN SIGN: the catalog's type canonically.
        text += record("H\u{212A}QuantityTypeIdentifierHeartRate")
        text += record(heartRate, source: "Other &amp; source")
        text += record(heartRate, metadata: [(SampleVerifier.timestampKey, "AAAA")])
        text += record(heartRate, metadata: [(BatchReference.metadataKey, "AAAAAAAAAAAAAAAA/1")])
        text += record(heartRate, metadata: [(BatchReference.signatureMetadataKey, "AAAA")])
        text += record(heartRate, metadata: [("HKMetadataKeyDigitalSignature", "AAAA")])
        text += record(heartRate, metadata: [("HKDigitalSignature", "not base64!")])
        text += record("HKQuantityTypeIdentifierStepCount", value: "12", unit: "count", source: "Simon’s iPhone")
        for index in 0..<16 { text += record("HKQuantityTypeIdentifierStepCount", value: "\(index)", unit: "count", source: "Simon’s iPhone") }
        return text
    }()

    /// Export text the repository ships: the conformance vectors' `storedXML` elements (each in
    /// a document) and the export-xml fuzz seeds.
    static func shippedExports() throws -> [[UInt8]] {
        let root = ParallelExportFixture.packageRoot
        var exports: [[UInt8]] = []
        for file in ["samples.json", "batch.json"] {
            let data = try Data(contentsOf: root.appendingPathComponent("TestVectors").appendingPathComponent(file))
            let suite = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for group in suite["testGroups"] as? [[String: Any]] ?? [] {
                for test in group["tests"] as? [[String: Any]] ?? [] {
                    if let xml = test["storedXML"] as? String { exports.append(document(xml + "\n" + nearMisses)) }
                }
            }
        }
        let seeds = root.appendingPathComponent("Fuzzing/Corpus/export-xml")
        for seed in try FileManager.default.contentsOfDirectory(at: seeds, includingPropertiesForKeys: nil).sorted(by: { $0.path < $1.path }) {
            exports.append(Array(try Data(contentsOf: seed)))
        }
        return exports
    }

    /// The fixture's export with the near misses put in among its records: before, between and
    /// after signed records, batch members waiting for their carrier included.
    static func withNearMisses(_ text: String, fraction: Double) -> [UInt8] {
        let bytes = Array(text.utf8)
        // Where a record starts, but not one a comment holds.
        let records = ParallelExportFixture.offsets(of: "<Record ", in: text).filter { $0 < 5 || bytes[($0 - 5)..<$0] != Array("<!-- ".utf8)[...] }
        guard !records.isEmpty else { return bytes }
        return ParallelExportFixture.inserting(nearMisses, into: text, at: records[Int(Double(records.count - 1) * fraction)])
    }

    @Test func countedUnsignedRecordsGiveTheReportsOfTheFullPathOnEveryExportShape() throws {
        let fixture = try ParallelExportFixture()
        var differences: [String] = []
        var counted = 0
        for shape in fixture.validShapes {
            for fraction in [0.0, 0.5, 1.0] {
                let bytes = Self.withNearMisses(shape.text, fraction: fraction)
                counted += Self.countedRecords(bytes)
                if let difference = try Self.difference(bytes, in: fixture, name: "\(shape.name), near misses at \(fraction)") {
                    differences.append(difference)
                }
            }
        }
        for shape in fixture.malformedShapes {
            if let difference = try Self.difference(shape.bytes, in: fixture, name: shape.name) { differences.append(difference) }
        }
        #expect(Array(differences.prefix(3)) == [])
        #expect(counted > 1000)
    }

    @Test func countedUnsignedRecordsGiveTheReportsOfTheFullPathOnEveryShippedExport() throws {
        let fixture = try ParallelExportFixture()
        var differences: [String] = []
        var counted = 0
        for (index, bytes) in try Self.shippedExports().enumerated() {
            counted += Self.countedRecords(bytes)
            if let difference = try Self.difference(bytes, in: fixture, name: "export \(index)") { differences.append(difference) }
        }
        #expect(Array(differences.prefix(3)) == [])
        #expect(counted > 100)
    }

    @Test func oneByteChangesOfASmallExportGiveTheReportsOfTheFullPath() throws {
        let fixture = try ParallelExportFixture()
        let original = Self.document(Self.record("HKQuantityTypeIdentifierHeartRate", metadata: [("HKMetadataKeyHeartRateMotionContext", "0")])
            + Self.record("HKQuantityTypeIdentifierStepCount", value: "12", unit: "count", source: "S"))
        var differences: [String] = []
        for position in original.indices {
            for replacement: UInt8? in [nil, 0x22, 0x3C, 0x61, 0x20] {
                var bytes = original
                if let replacement { bytes[position] = replacement } else { bytes.remove(at: position) }
                if let difference = try Self.difference(bytes, in: fixture, name: "byte \(position) → \(replacement.map(String.init) ?? "deleted")",
                                                        jobs: [1]) {
                    differences.append(difference)
                }
            }
        }
        #expect(Array(differences.prefix(3)) == [])
        #expect(Self.countedRecords(original) == 2)
    }

    @Test func onlyUsualUnsignedRecordsOfTypesNoCorrelationHoldsAreCounted() {
        let reader = ExportSampleReader(source: MemoryChunkSource(Self.document(Self.nearMisses)))
        var counted: [Int] = []
        while let next = try? reader.next(counting: .verification) {
            if case .unsignedRecord(let item) = next { counted.append(item.position) }
        }
        // Counted: the plain heart rates (1-8), one with usual metadata (9), the invalid ones
        // (10-12), the sleep records (16, 17), the mindful session (18), the other source (20)
        // and the step counts (26-42). Not: a type outside the catalog (13), member types (14,
        // 15), the Kelvin-sign spelling (19), signing keys (21-25).
        #expect(counted == Array(1...12) + [16, 17, 18, 20] + Array(26...42))
    }

    @Test func aSinkThatNeedsEverySampleGetsNoCountedRecord() throws {
        let fixture = try ParallelExportFixture()
        let path = try fixture.write("near-misses.xml", Self.document(Self.nearMisses))
        let collector = CollectingSink()
        let summary = ReportBuffer()
        _ = try VerificationPipeline(verifier: SampleVerifier(trust: fixture.trust), jobs: 1)
            .run(inputPath: path, sinks: [collector, ReportFormat.table.sink(writingTo: summary, summaryOnly: true)])
        let decided = collector.events.compactMap { event -> DecidedSample? in
            if case .decided(let decided) = event { return decided }
            return nil
        }
        // Every record but the one of a type outside the catalog, mapped and decided.
        #expect(decided.count == 41)
        #expect(decided.allSatisfy { !$0.isCountedRecord })
    }
}
