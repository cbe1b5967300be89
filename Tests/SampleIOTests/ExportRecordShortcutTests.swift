import Foundation
import Testing
@_spi(FastPathReference) @testable import SampleIO

/// ``ExportRecordShortcut`` against the general tokenizer walk it stands in for: every export
/// the project ships or makes, exports of every shape `tools/make_export.py` writes, one-byte
/// changes of usual records and the limits read to the same items and the same error, at the
/// same line, whatever the chunking.
@Suite struct ExportRecordShortcutTests {
    static let root: URL = {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        return root
    }()

    /// What a reader made of one item, or the error that ended reading.
    enum Read: Equatable {
        case outcome(ExportSampleOutcome)
        case xmlError(XMLError)
        case exportError(ExportXMLError)
        case otherError(String)
    }

    /// Everything `bytes` reads to, and how many records the shortcut read.
    static func readAll(_ bytes: [UInt8], chunkSize: Int, shortcut: Bool,
                        maximumBytesPerItem: Int = ExportXMLReader<MemoryChunkSource>.defaultMaximumBytesPerItem)
        -> (items: [Read], byShortcut: Int) {
        let items = ExportXMLReader(source: MemoryChunkSource(bytes, chunkSize: chunkSize),
                                    maximumBytesPerItem: maximumBytesPerItem, recordShortcut: shortcut)
        var mapper = ExportSampleMapper()
        var read: [Read] = []
        while read.count <= bytes.count {
            do {
                guard let item = try items.next() else { break }
                read.append(.outcome(mapper.map(item)))
            } catch let error as XMLError {
                read.append(.xmlError(error))
                break
            } catch let error as ExportXMLError {
                read.append(.exportError(error))
                break
            } catch {
                read.append(.otherError("\(error)"))
                break
            }
        }
        return (read, items.recordsReadByShortcut)
    }

    /// How the two paths differ on `bytes`, read whole and in chunks of `chunkSizes`; nil when
    /// they agree. `answered` counts the records the shortcut read.
    static func difference(_ bytes: [UInt8], chunkSizes: [Int] = [], answered: inout Int,
                           maximumBytesPerItem: Int = ExportXMLReader<MemoryChunkSource>.defaultMaximumBytesPerItem) -> String? {
        for chunkSize in [max(1, bytes.count)] + chunkSizes {
            let fast = readAll(bytes, chunkSize: chunkSize, shortcut: true, maximumBytesPerItem: maximumBytesPerItem)
            let reference = readAll(bytes, chunkSize: chunkSize, shortcut: false, maximumBytesPerItem: maximumBytesPerItem)
            answered += fast.byShortcut
            guard reference.byShortcut == 0 else { return "the reference reader took the shortcut" }
            if fast.items != reference.items {
                let common = min(fast.items.count, reference.items.count)
                let index = (0..<common).first { fast.items[$0] != reference.items[$0] } ?? common
                let shown = { (items: [Read]) in index < items.count ? "\(items[index])" : "(end)" }
                return "chunks of \(chunkSize), item \(index + 1): shortcut \(shown(fast.items)), reference \(shown(reference.items))"
            }
        }
        return nil
    }

    static func document(_ elements: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2026-11-22 09:00:00 +0100\"/>\n"
            + elements + "</HealthData>\n").utf8)
    }

    /// Usual records and near misses: references in values, iOS 16's U+000B, a self-closing
    /// record, a line feed in a value, a record with another child, single quotes.
    static let usualRecords = """
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Simon’s Watch" sourceVersion="10.1" device="\(ExportFixtures.watch)" unit="count/min" creationDate="2026-11-20 07:00:00 +0100" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:00:00 +0100" value="72">
      <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
      <MetadataEntry key="HKDigitalSignature" value="\(ExportFixtures.signature)"/>
     </Record>
     <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Me &amp; my\u{0B}phone" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:10:00 +0100"/>
     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale&#x20;2" unit="kg" startDate="2026-11-20 07:00:00 +0100"
       endDate="2026-11-20 07:00:00 +0100" value="70.5" >
      <MetadataEntry value="a&#10;b	c" key="K"/>
     </Record >
     <Record type='HKQuantityTypeIdentifierBodyMass' sourceName="Scale" unit="kg" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:00:00 +0100" value="70"/>
     <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:01:00 +0100" value="41">
      <HeartRateVariabilityMetadataList>
       <InstantaneousBeatsPerMinute bpm="61" time="7:00:01.50 AM"/>
      </HeartRateVariabilityMetadataList>
     </Record>

    """

    /// Export text the repository ships: the fixtures, the conformance vectors' `storedXML`
    /// elements (each in a document), the export-xml fuzz seeds.
    static func shippedExports() throws -> [[UInt8]] {
        var exports: [[UInt8]] = [Array(ExportFixtures.document.utf8), document(usualRecords)]
        var generated = ExportFixtures.generatedHeader
        for index in 0..<200 { generated += ExportFixtures.heartRateRecord(index) }
        exports.append(Array((generated + ExportFixtures.generatedFooter).utf8))
        for file in ["samples.json", "batch.json"] {
            let data = try Data(contentsOf: root.appendingPathComponent("TestVectors").appendingPathComponent(file))
            let suite = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for group in suite["testGroups"] as? [[String: Any]] ?? [] {
                for test in group["tests"] as? [[String: Any]] ?? [] {
                    if let xml = test["storedXML"] as? String { exports.append(document(xml + "\n")) }
                }
            }
        }
        let seeds = root.appendingPathComponent("Fuzzing/Corpus/export-xml")
        for seed in try FileManager.default.contentsOfDirectory(at: seeds, includingPropertiesForKeys: nil).sorted(by: { $0.path < $1.path }) {
            exports.append(Array(try Data(contentsOf: seed)))
        }
        return exports
    }

    @Test func everyShippedExportReadsAsTheGeneralPathReadsIt() throws {
        let exports = try Self.shippedExports()
        #expect(exports.count > 30)
        var answered = 0
        var differences: [String] = []
        for (index, bytes) in exports.enumerated() {
            if let difference = Self.difference(bytes, chunkSizes: [1, 7, 64, 500], answered: &answered) {
                differences.append("export \(index): \(difference)")
            }
        }
        #expect(differences == [])
        #expect(answered > 1000)
    }

    @Test func usualRecordsAreReadByTheShortcutAndNearMissesByTheGeneralPath() {
        let read = Self.readAll(Self.document(Self.usualRecords), chunkSize: 1 << 20, shortcut: true)
        // The first three are the usual shape; single quotes and a child other than a
        // metadata entry are left to the general path.
        #expect(read.byShortcut == 3)
        #expect(read.items.count == 5)
        guard case .outcome(.sample(let session)) = read.items[1], case .outcome(.sample(let mass)) = read.items[2] else {
            Issue.record("the mindful session and the body mass are \(read.items[1]) and \(read.items[2])")
            return
        }
        #expect(session.exportItem?.sourceName == "Me & my\u{0B}phone")
        #expect(mass.exportItem?.sourceName == "Scale 2")
        #expect(mass.exportItem?.metadata == [ExportMetadataEntry(key: "K", value: "a\nb c", line: 11)])
        #expect(mass.line == 9)
    }

    /// Exports `tools/make_export.py` writes from the example readings (quantities, categories,
    /// a blood-pressure correlation and its member copies, a workout with events and
    /// statistics), the signed heart rates and the batch vectors' samples, padded with the
    /// unsigned filler records of a real export's shape, with the iOS 16 DOCTYPE put in.
    @Test func exportsOfEveryShapeMakeExportWritesReadTheSame() throws {
        let directory = try TemporaryDirectory()
        var inputs = ["examples/readings.jsonl", "examples/workout.jsonl", "examples/heart-rate.signed.jsonl"]
            .map { Self.root.appendingPathComponent($0).path }
        let batch = try Data(contentsOf: Self.root.appendingPathComponent("TestVectors/batch.json"))
        let suite = try #require(try JSONSerialization.jsonObject(with: batch) as? [String: Any])
        var batchLines = ""
        for group in suite["testGroups"] as? [[String: Any]] ?? [] {
            for test in group["tests"] as? [[String: Any]] ?? [] {
                for sample in test["samples"] as? [[String: Any]] ?? [] where JSONSerialization.isValidJSONObject(sample) {
                    batchLines += String(decoding: try JSONSerialization.data(withJSONObject: sample, options: [.sortedKeys]), as: UTF8.self) + "\n"
                }
            }
        }
        inputs.append(try directory.write("batch.jsonl", batchLines))
        var answered = 0
        var differences: [String] = []
        for (index, input) in inputs.enumerated() {
            let out = directory.file("export-\(index).xml")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Self.root.appendingPathComponent("tools/make_export.py").path,
                                 "--signed", input, "--out", out, "--size-mb", "0.05"]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "make_export.py failed on \(input)")
            let made = Array(try Data(contentsOf: URL(fileURLWithPath: out)))
            let text = String(decoding: made, as: UTF8.self)
            let doctype = try #require(text.range(of: "<!DOCTYPE HealthData ["), "no DOCTYPE in \(out)")
            let subsetEnd = try #require(text.range(of: "]>\n", range: doctype.upperBound..<text.endIndex))
            let quirky = String(text[..<doctype.lowerBound]) + ExportFixtures.brokenIOS16Doctype + "\n" + String(text[subsetEnd.upperBound...])
            for bytes in [made, Array(quirky.utf8)] {
                if let difference = Self.difference(bytes, chunkSizes: [4096, 65_536], answered: &answered) {
                    differences.append("\(input): \(difference)")
                }
            }
        }
        #expect(differences == [])
        #expect(answered > 100)
    }

    @Test func oneByteChangesOfUsualRecordsReadTheSame() {
        let original = Self.document(Self.usualRecords)
        let replacements: [UInt8?] = [nil, 0x3C, 0x3E, 0x2F, 0x22, 0x27, 0x3D, 0x20, 0x0A, 0x26, 0x3B, 0x0B, 0x00, 0xC3, 0x80, 0x61, 0x2D]
        var answered = 0
        var differences: [String] = []
        for position in original.indices {
            for replacement in replacements {
                var bytes = original
                if let replacement { bytes[position] = replacement } else { bytes.remove(at: position) }
                if let difference = Self.difference(bytes, answered: &answered) {
                    differences.append("byte \(position) → \(replacement.map(String.init) ?? "deleted"): \(difference)")
                }
            }
        }
        #expect(Array(differences.prefix(5)) == [])
        #expect(answered > original.count * replacements.count)
    }

    @Test func itemLimitsGiveTheGeneralPathsErrorAtTheItemsLine() {
        let entries = String(repeating: "  <MetadataEntry key=\"K\" value=\"V\"/>\n", count: ExportXMLReader<MemoryChunkSource>.maximumChildrenPerItem + 1)
        let crowded = Self.document(" <Record type=\"T\" sourceName=\"S\" startDate=\"d\" endDate=\"d\">\n" + entries + " </Record>\n")
        var answered = 0
        #expect(Self.difference(crowded, answered: &answered) == nil)
        let limit = ExportXMLReader<MemoryChunkSource>.maximumChildrenPerItem
        #expect(Self.readAll(crowded, chunkSize: 1 << 20, shortcut: true).items.last
                == .exportError(ExportXMLError(.tooManyChildren(element: "Record", limit: limit), line: 4)))

        let long = String(repeating: "x", count: 600)
        let large = Self.document(" <Record type=\"T\" sourceName=\"\(long)\" startDate=\"d\" endDate=\"d\">\n  <MetadataEntry key=\"K\" value=\"\(long)\"/>\n </Record>\n")
        #expect(Self.difference(large, answered: &answered, maximumBytesPerItem: 1024) == nil)
        #expect(Self.readAll(large, chunkSize: 1 << 20, shortcut: true, maximumBytesPerItem: 1024).items.last
                == .exportError(ExportXMLError(.itemTooLarge(element: "Record", limit: 1024), line: 4)))
        // Just under the limits, the shortcut reads both.
        #expect(Self.readAll(large, chunkSize: 1 << 20, shortcut: true, maximumBytesPerItem: 1300).byShortcut == 1)
        #expect(answered == 0)
    }
}
