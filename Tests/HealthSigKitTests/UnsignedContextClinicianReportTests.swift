import Foundation
@testable import HealthSigKit
import SampleSigning
import Testing

/// Issue 26 in the clinician report and FHIR: stored keys a signature does not cover are marked
/// as unsigned context, never presented as signed, and unsigned readings typed in by hand are
/// shown as such (docs/REPORT.md, docs/FHIR.md).
@Suite struct UnsignedContextClinicianReportTests {
    typealias Fixture = VerifyRunTests.Fixture

    /// A glucose reading signed without a meal time.
    static let glucose = #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":221,"unit":"mg/dL","startDate":"2026-11-21T13:30:00Z","endDate":"2026-11-21T13:30:00Z","device":{"name":"Acme Gluco","model":"G-5"},"metadata":{"HKDeviceSerialNumber":"G5-99812"}}"#
    static let serial = #""HKDeviceSerialNumber":"G5-99812""#

    /// The inputs: the signed glucose with a meal time added after signing (authentic, the meal
    /// time unsigned context); the same altered in value (altered, the meal time unsigned
    /// context); an unsigned reading typed in by hand; an unsigned measured one.
    struct Lines {
        let withMealTime: String
        let alteredWithMealTime: String
        let enteredByHand: String
        let unsigned: String
    }

    static func lines(_ fixture: Fixture) throws -> Lines {
        let input = try fixture.write("glucose.jsonl", glucose + "\n")
        let output = fixture.path("glucose-signed.jsonl")
        let result = try SignRun.run(inputPath: input, outputPath: output, keyPath: fixture.privateKeyPath,
                                         passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        #expect(result.signed == 1)
        let signed = try String(contentsOfFile: output, encoding: .utf8).trimmingCharacters(in: .newlines)
        let withMealTime = signed.replacingOccurrences(of: serial, with: serial + #","HKBloodGlucoseMealTime":1"#)
        #expect(withMealTime != signed)
        let altered = withMealTime.replacingOccurrences(of: #""value":221"#, with: #""value":121"#)
        #expect(altered != withMealTime)
        let byHand = glucose.replacingOccurrences(of: serial, with: #""HKWasUserEntered":true"#)
            .replacingOccurrences(of: "13:30:00Z", with: "15:00:00Z")
        let unsigned = glucose.replacingOccurrences(of: "13:30:00Z", with: "16:00:00Z")
        return Lines(withMealTime: withMealTime, alteredWithMealTime: altered, enteredByHand: byHand, unsigned: unsigned)
    }

    /// The HTML between the element with `id` and the next `<h3` (or the section's end).
    static func part(_ html: String, id: String) throws -> String {
        let start = try #require(html.range(of: "id=\"\(id)\""))
        let rest = html[start.upperBound...]
        let end = [rest.range(of: "<h3")?.lowerBound, rest.range(of: "</section>")?.lowerBound].compactMap { $0 }.min() ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The text of each body row (`<td>` cells) of `html` that starts with `marker`, tags removed (spaces collapsed), cells joined by `|`.
    static func rows(_ html: String, marker: String = "<tr") -> [String] {
        html.components(separatedBy: "<tr").dropFirst().compactMap { piece -> String? in
            guard ("<tr" + piece).hasPrefix(marker) else { return nil }
            let row = piece.components(separatedBy: "</tr>").first ?? ""
            let cells = row.components(separatedBy: "<td").dropFirst().map { cell in
                (cell.components(separatedBy: "</td>").first ?? "").replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
                    .replacingOccurrences(of: "^[^>]*>", with: "", options: .regularExpression)
                    .replacingOccurrences(of: " +", with: " ", options: .regularExpression)
                    .trimmingCharacters(in: .whitespaces)
            }
            return cells.isEmpty ? nil : cells.joined(separator: "|")
        }
    }

    @Test func theReportMarksStoredKeysTheSignatureDoesNotCoverAsUnsignedContextInWords() throws {
        let fixture = try Fixture()
        let lines = try Self.lines(fixture)
        try fixture.write("input.jsonl", [lines.withMealTime, lines.alteredWithMealTime, lines.unsigned].joined(separator: "\n") + "\n")
        let output = fixture.path("report.html")
        let totals = try ClinicianReport.run(inputPath: fixture.path("input.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]),
                                             jobs: 2, outputPath: output, options: ClinicianReport.Options())
        #expect(totals.countsLine.hasPrefix("valid=1 unsigned=1 "))
        let html = try String(contentsOfFile: output, encoding: .utf8)
        // Each reading stored with a meal time its signature does not cover, counted under unsigned context.
        let context = try Self.part(html, id: "unsigned-context")
        #expect(context.contains("not covered by their signature (2 readings)"), "\(context)")
        #expect(Self.rows(context) == ["Blood glucose|meal time|2"])
        // The altered reading, listed under Problems, carries the mark under its rows.
        let altered = try Self.part(html, id: "altered-readings")
        #expect(Self.rows(altered, marker: "<tr class=\"unsigned-context\"")
            == ["2|unsigned context (not covered by the signature): meal time"], "\(altered)")
        // The unsigned reading holds no key beyond what is compared, and is not marked.
        #expect(!Self.rows(altered).contains { $0.contains("Blood glucose|2026-11-21T16") })
        // Never presented as signed: no signed value of the meal time anywhere.
        #expect(!html.contains("before meal"))
    }

    @Test func theReportCountsAndLabelsUnsignedReadingsEnteredByHand() throws {
        let fixture = try Fixture()
        let lines = try Self.lines(fixture)
        try fixture.write("input.jsonl", [lines.enteredByHand, lines.unsigned].joined(separator: "\n") + "\n")
        let output = fixture.path("report.html")
        let totals = try ClinicianReport.run(inputPath: fixture.path("input.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]),
                                             jobs: 2, outputPath: output, options: ClinicianReport.Options())
        #expect(totals.countsLine.hasPrefix("valid=0 unsigned=2 "))
        let html = try String(contentsOfFile: output, encoding: .utf8)
        let unsigned = try Self.part(html, id: "unsigned-readings")
        #expect(unsigned.contains("<p id=\"entered-by-hand\"><strong>Entered by hand (unsigned): 1</strong>"), "\(unsigned)")
        // Typed-in and measured readings of one type and source are rows of their own.
        #expect(Self.rows(unsigned, marker: "<tr class=\"entered-by-hand\"")
            == ["Blood glucose entered by hand (unsigned)|Acme Gluco|1|2026-11-21T15:00:00Z|2026-11-21T15:00:00Z"], "\(unsigned)")
        #expect(Self.rows(unsigned, marker: "<tr>") == ["Blood glucose|Acme Gluco|1|2026-11-21T16:00:00Z|2026-11-21T16:00:00Z"])
    }

    @Test func aListedWorkoutStoredWithKeysItsSignatureDoesNotCoverIsMarkedInItsRow() throws {
        let fixture = try Fixture()
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8)
        let run = try #require(signed.split(separator: "\n").first { $0.contains("HKWorkoutTypeIdentifier") })
        let withSync = run.replacingOccurrences(of: #""HKIndoorWorkout":true"#, with: #""HKIndoorWorkout":true,"HKMetadataKeySyncIdentifier":"app-7""#)
        #expect(withSync != String(run))
        try fixture.write("input.jsonl", withSync + "\n")
        let output = fixture.path("report.html")
        _ = try ClinicianReport.run(inputPath: fixture.path("input.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]),
                                    jobs: 2, outputPath: output, options: ClinicianReport.Options())
        // The rows of the workout tables, not those of the chart's data table.
        let section = try WorkoutReportTests.section(try String(contentsOfFile: output, encoding: .utf8))
            .replacingOccurrences(of: #"<details class="chart-data">[\s\S]*?</details>"#, with: "", options: .regularExpression)
        #expect(Self.rows(section).map { $0.components(separatedBy: "|").last ?? "" }
            == ["authentic unsigned context (not covered by the signature): HKMetadataKeySyncIdentifier"], "\(section)")
    }

    static func tags(_ observation: [String: Any]) -> [(system: String?, code: String?)] {
        ((observation["meta"] as? [String: Any])?["tag"] as? [[String: Any]] ?? []).map { ($0["system"] as? String, $0["code"] as? String) }
    }

    static func notes(_ observation: [String: Any]) -> [String] {
        (observation["note"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test func fhirNamesUnsignedContextInANoteAndNeverExportsItAsSignedData() throws {
        let fixture = try Fixture()
        let lines = try Self.lines(fixture)
        try fixture.write("input.jsonl", lines.withMealTime + "\n")
        let resources = try FHIRExportTests.export(fixture, "input.jsonl")
        let observations = resources["Observation"] ?? []
        #expect(observations.count == 1)
        let observation = try #require(observations.first)
        #expect(observation["status"] as? String == "final")
        #expect(Self.notes(observation) == ["unsigned context (stored with the reading, not covered by the signature, not exported): meal time"])
        // No component, extension or value carries the meal time.
        #expect(observation["component"] == nil)
        // The one extension is the signing key's gateway (docs/FHIR.md, "Gateway").
        #expect((observation["extension"] as? [[String: Any]])?.compactMap { $0["url"] as? String } == [FHIRCodeSystems.gatewayDeviceExtension])
        let text = String(decoding: try JSONSerialization.data(withJSONObject: observation), as: UTF8.self)
        #expect(!text.contains("MealTime") && !text.contains("before meal"))
    }

    @Test func fhirExportsReadingsEnteredByHandOnlyWhenAskedAsPreliminaryTaggedAndNoted() throws {
        let fixture = try Fixture()
        let lines = try Self.lines(fixture)
        try fixture.write("input.jsonl", [lines.enteredByHand, lines.unsigned].joined(separator: "\n") + "\n")
        #expect(try FHIRExportTests.export(fixture, "input.jsonl")["Observation"]?.isEmpty == true)
        let observations = try FHIRExportTests.export(fixture, "input.jsonl", includeUnverified: true)["Observation"] ?? []
        #expect(observations.count == 2)
        let byHand = try #require(observations.first { Self.tags($0).contains { $0.code == "entered-by-hand" } })
        #expect(byHand["status"] as? String == "preliminary")
        #expect(byHand["effectiveDateTime"] as? String == "2026-11-21T15:00:00Z")
        #expect(Self.tags(byHand).map(\.system) == [FHIRCodeSystems.verdict, FHIRCodeSystems.entry])
        #expect(Self.notes(byHand) == ["entered by hand, unsigned: marked as typed in by a person (HKWasUserEntered), not measured by a device"])
        let measured = try #require(observations.first { $0["effectiveDateTime"] as? String == "2026-11-21T16:00:00Z" })
        #expect(measured["status"] as? String == "preliminary")
        #expect(Self.tags(measured).map(\.code) == ["unsigned"])
        #expect(measured["note"] == nil)
    }
}
