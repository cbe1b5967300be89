import CMS
import Foundation
@testable import HealthSigKit
import SampleSigning

/// Export files of every documented shape for the parallel export.xml reading: the example
/// readings signed one by one and a heart-rate series signed in batches, written by
/// `tools/make_export.py` (records, correlations with their members repeated as top-level
/// records, workouts with events and statistics, unsigned filler records), then rewritten into
/// the shapes the splitter must not be misled by.
final class ParallelExportFixture {
    let directory: String
    let trust: TrustSet
    /// The export.xml `tools/make_export.py` wrote.
    let base: String

    init() throws {
        directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("parallel-export-\(UUID().uuidString)")
        let key = try KeyFiles.generate(directory: directory, name: "device", certificateSubject: nil, days: 1)
        trust = try TrustLoader.load([key.publicKeyPath])
        let examples = Self.packageRoot.appendingPathComponent("examples")
        let signed = (directory as NSString).appendingPathComponent("signed.jsonl")
        let batched = (directory as NSString).appendingPathComponent("batched.jsonl")
        for (input, output, batching) in [("readings.jsonl", signed, nil),
                                          ("heart-rate.jsonl", batched, SignRun.Batching(maximumCount: 4, maximumSeconds: nil))] {
            let result = try SignRun.run(inputPath: examples.appendingPathComponent(input).path, outputPath: output,
                                         keyPath: key.privateKeyPath, passphrase: .none, options: CMSSigning.Options(),
                                         skipInvalid: false, batching: batching)
            guard result.wroteOutput else { throw ToolError.usage("signing \(input) failed") }
        }
        let workouts = try String(contentsOf: examples.appendingPathComponent("workout.jsonl"), encoding: .utf8)
        let workoutsSigned = (directory as NSString).appendingPathComponent("workouts.signed.jsonl")
        try Data(workouts.utf8).write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent("workout.jsonl")))
        _ = try SignRun.run(inputPath: (directory as NSString).appendingPathComponent("workout.jsonl"), outputPath: workoutsSigned,
                            keyPath: key.privateKeyPath, passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        let all = try [signed, batched, workoutsSigned].map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        try Data(all.utf8).write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent("all.jsonl")))
        try Self.python(["tools/make_export.py", "--signed", (directory as NSString).appendingPathComponent("all.jsonl"),
                         "--out", (directory as NSString).appendingPathComponent("base.xml"), "--repeat", "2", "--size-mb", "0.02"])
        try Self.python(["tools/make_export.py", "--signed", (directory as NSString).appendingPathComponent("all.jsonl"),
                         "--out", (directory as NSString).appendingPathComponent("export.zip"), "--repeat", "2", "--size-mb", "0.02"])
        base = try String(contentsOfFile: (directory as NSString).appendingPathComponent("base.xml"), encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func python(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = packageRoot
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ToolError.usage("python3 \(arguments) failed") }
    }

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// Writes `bytes` as `name` and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// The valid shapes, by name.
    var validShapes: [(name: String, text: String)] {
        [("version 14 export: records, correlations and members, workouts, batch-signed records", base),
         ("iOS 16 DTD subset with its broken ATTLIST, and entity declarations", Self.withIOS16Subset(base)),
         ("comments, CDATA sections and processing instructions between and inside items, '<Record' and '>' in them and in attribute values",
          Self.withMarkupAround(base)),
         ("CRLF line ends", base.replacingOccurrences(of: "\n", with: "\r\n")),
         ("everything on one line", base.replacingOccurrences(of: "\n", with: " ")),
         ("self-closing records and items of other kinds", Self.withOtherItems(base)),
         ("a comment holding whole items", Self.withCommentedOutItems(base))]
    }

    /// Malformed files, failing at different places, by name.
    var malformedShapes: [(name: String, bytes: [UInt8])] {
        let text = Self.withMarkupAround(base)
        var shapes: [(String, [UInt8])] = []
        let records = Self.offsets(of: "\n <!-- <Record", in: text)
        for fraction in [0.05, 0.5, 0.97] {
            let at = records[Int(Double(records.count - 1) * fraction)] + 1
            shapes.append(("a broken tag at \(fraction) of the records", Self.inserting("<Record type=\"x\" <oops/>\n", into: text, at: at)))
            shapes.append(("an undefined entity at \(fraction) of the records",
                           Self.inserting("<Record type=\"&undefined;\"/>\n", into: text, at: at)))
            shapes.append(("a MetadataEntry without a key at \(fraction) of the records",
                           Self.inserting("<Record type=\"HKQuantityTypeIdentifierHeartRate\"><MetadataEntry value=\"1\"/></Record>\n",
                                          into: text, at: at)))
            var notUTF8 = Array(text.utf8)
            notUTF8.insert(contentsOf: [0x20, 0xFF, 0x20], at: at)
            shapes.append(("bytes that are not UTF-8 at \(fraction) of the records", notUTF8))
            var nul = Array(text.utf8)
            nul.insert(0, at: at)
            shapes.append(("a NUL byte at \(fraction) of the records", nul))
            shapes.append(("a mismatched end tag at \(fraction) of the records",
                           Self.inserting("<Record type=\"x\"></Recor>\n", into: text, at: at)))
            let plainRecords = Self.offsets(of: "\n <Record ", in: base)
            shapes.append(("an unterminated comment at \(fraction) of the records",
                           Self.inserting("<!-- <Record type=\"x\"/>\n", into: base,
                                          at: plainRecords[Int(Double(plainRecords.count - 1) * fraction)] + 1)))
            shapes.append(("the file cut at \(fraction) of the records", Array(text.utf8.prefix(at + 30))))
        }
        shapes.append(("a second root element", Array((text + "<Record type=\"x\"/>\n").utf8)))
        shapes.append(("no end tag for the root element",
                       Array(text.replacingOccurrences(of: "</HealthData>", with: "").utf8)))
        shapes.append(("a DOCTYPE inside the root element",
                       Self.inserting("<!DOCTYPE HealthData>\n", into: text, at: records[records.count / 2] + 1)))
        return shapes
    }

    // MARK: - Rewriting the export

    static func offsets(of needle: String, in text: String) -> [Int] {
        let bytes = Array(text.utf8), pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    static func inserting(_ insertion: String, into text: String, at offset: Int) -> [UInt8] {
        var bytes = Array(text.utf8)
        bytes.insert(contentsOf: Array(insertion.utf8), at: offset)
        return bytes
    }

    /// The DOCTYPE replaced by iOS 16's broken subset (an `<!ATTLIST` never closed, a stray
    /// tail), with entity declarations that are never expanded.
    static func withIOS16Subset(_ text: String) -> String {
        guard let start = text.range(of: "<!DOCTYPE"), let end = text.range(of: "]>\n") else { return text }
        let subset = """
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 12 ]> -->
            <!ENTITY watch "Apple Watch">
            <!ELEMENT VisionPrescription ((RightEye|LeftEye|Attachment|MetadataEntry)*)>
            <!ATTLIST VisionPrescription
              type             CDATA #REQUIRED
              brand            CDATA #IMPLIED
            <!ELEMENT RightEye EMPTY>
              device        CDATA #IMPLIED "<Record>"
            >
            >
            ]>

            """
        return text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: subset)
    }

    /// Comments, CDATA sections and processing instructions holding `<Record` and `>` between
    /// the items and inside them, and attribute values with `>` and the other quote.
    static func withMarkupAround(_ text: String) -> String {
        text.replacingOccurrences(of: "\n <Record ", with: "\n <!-- <Record type=\"x\"> --> <?note <Record ?>\n <![CDATA[ <Record </HealthData> ]]> <Record ")
            .replacingOccurrences(of: "\n  <MetadataEntry ", with: "\n  <!-- > \" ' --><?pi > ?><MetadataEntry ")
            .replacingOccurrences(of: " sourceName=\"", with: " note='a \"quoted\" > --&gt; &lt;Record' sourceName=\"")
    }

    /// Items 10 to 19 inside one comment, and items 30 to 39 inside a CDATA section.
    static func withCommentedOutItems(_ text: String) -> String {
        let records = offsets(of: "\n <Record ", in: text)
        var bytes = Array(text.utf8)
        for (start, end, open, close) in [(30, 40, "<![CDATA[", "]]>"), (10, 20, "<!--", "-->")] {
            bytes.insert(contentsOf: Array(close.utf8), at: records[end] + 1)
            bytes.insert(contentsOf: Array(open.utf8), at: records[start] + 1)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Other top-level elements and self-closing items between the records.
    static func withOtherItems(_ text: String) -> String {
        text.replacingOccurrences(of: "\n <Record ", with: """

             <ActivitySummary dateComponents="2026-11-21" activeEnergyBurned="0"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-11-21 09:00:00 +0100" endDate="2026-11-21 09:01:00 +0100" value="12"/>
             <ClinicalRecord type="x"><Nested><Record type="not an item"/></Nested></ClinicalRecord>
             <Record 
            """)
    }
}
