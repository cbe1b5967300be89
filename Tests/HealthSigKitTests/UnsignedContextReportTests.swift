import Foundation
@testable import HealthSigKit
import SampleSigning
import Testing

/// Issue 26 through `sign` and `verify`'s reports: a signed meal time relabelled is named in
/// words, stored keys the signature does not cover are listed as unsigned context, and a reading
/// typed in by hand is not signed (docs/FORMAT.md, "Signed metadata"; docs/VERIFY.md, "Unsigned
/// context").
@Suite struct UnsignedContextReportTests {
    static let glucose = #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":221,"unit":"mg/dL","startDate":"2026-11-21T13:30:00Z","endDate":"2026-11-21T13:30:00Z","device":{"name":"Acme Gluco","model":"G-5"},"metadata":{"HKDeviceSerialNumber":"G5-99812","HKBloodGlucoseMealTime":2}}"#

    /// The glucose line signed by `sign` with the fixture's key.
    static func signedGlucose(_ fixture: VerifyRunTests.Fixture) throws -> String {
        let input = try fixture.write("glucose.jsonl", glucose + "\n")
        let output = fixture.path("glucose-signed.jsonl")
        let result = try SignRun.run(inputPath: input, outputPath: output, keyPath: fixture.privateKeyPath,
                                         passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        #expect(result.signed == 1)
        return try String(contentsOfFile: output, encoding: .utf8).trimmingCharacters(in: .newlines)
    }

    @Test func aRelabelledMealTimeIsAContentMismatchNamedInWordsInTheTableAndByKeyInNDJSON() throws {
        let fixture = try VerifyRunTests.Fixture()
        let signed = try Self.signedGlucose(fixture)
        let relabelled = signed.replacingOccurrences(of: #""HKBloodGlucoseMealTime":2"#, with: #""HKBloodGlucoseMealTime":1"#)
        #expect(relabelled != signed)
        _ = try fixture.write("relabelled.jsonl", relabelled + "\n")
        let run = try fixture.verify("relabelled.jsonl")
        #expect(run.counts[.contentMismatch] == 1)
        #expect(run.table.contains("meal time: signed after meal, stored before meal"), "\(run.table)")
        #expect(run.ndjson.contains(#""mismatches":[{"field":"metadata.HKBloodGlucoseMealTime","signed":"2","stored":"1"}]"#), "\(run.ndjson)")
    }

    @Test func storedKeysTheSignatureDoesNotCoverAreListedAsUnsignedContextInEveryFormat() throws {
        let fixture = try VerifyRunTests.Fixture()
        let signed = try Self.signedGlucose(fixture)
        let withSync = signed.replacingOccurrences(of: #""HKDeviceSerialNumber":"G5-99812""#,
                                                   with: #""HKDeviceSerialNumber":"G5-99812","HKMetadataKeySyncIdentifier":"app-1""#)
        #expect(withSync != signed)
        _ = try fixture.write("sync.jsonl", withSync + "\n")
        let run = try fixture.verify("sync.jsonl")
        #expect(run.counts[.valid] == 1)
        #expect(run.ndjson.contains(#""unsignedContext":["HKMetadataKeySyncIdentifier"]"#), "\(run.ndjson)")
        #expect(run.json.contains(#""unsignedContext":["HKMetadataKeySyncIdentifier"]"#))
        #expect(run.table.contains("unsigned context (not covered by the signature): HKMetadataKeySyncIdentifier"), "\(run.table)")
        // As signed, nothing is unsigned context.
        _ = try fixture.write("plain.jsonl", signed + "\n")
        let plain = try fixture.verify("plain.jsonl")
        #expect(!plain.ndjson.contains("unsignedContext"))
        #expect(!plain.table.contains("unsigned context"))
    }

    @Test func signRefusesAReadingMarkedAsEnteredByHand() throws {
        let fixture = try VerifyRunTests.Fixture()
        let typed = Self.glucose.replacingOccurrences(of: #""HKBloodGlucoseMealTime":2"#, with: #""HKWasUserEntered":true"#)
        let input = try fixture.write("typed.jsonl", typed + "\n")
        let output = fixture.path("typed-signed.jsonl")
        let result = try SignRun.run(inputPath: input, outputPath: output, keyPath: fixture.privateKeyPath,
                                         passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        #expect(result.signed == 0)
        #expect(!result.wroteOutput)
        #expect(result.problems.map(\.field) == ["metadata.HKWasUserEntered"])
        #expect(result.problems.first?.line == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
