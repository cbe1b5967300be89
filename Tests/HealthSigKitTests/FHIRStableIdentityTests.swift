import Foundation
@testable import HealthSigKit
import Testing

/// FHIR ids come from the signer and the signed record, so an EHR can file the same export twice:
/// they survive other lines being added or removed, ignore the unsigned HealthKit UUID, and an
/// altered copy never takes the authentic reading's id.
@Suite("FHIR ids from the signer and the signed record")
struct FHIRStableIdentityTests {
    typealias Fixture = VerifyRunTests.Fixture

    static func ids(_ resources: [String: [[String: Any]]], _ kind: String) -> [String] {
        resources[kind]?.compactMap { $0["id"] as? String } ?? []
    }

    static func heartRateID(_ resources: [String: [[String: Any]]]) throws -> String {
        try #require(FHIRExportTests.observation(resources, healthKitType: "HKQuantityTypeIdentifierHeartRate")?["id"] as? String)
    }

    @Test("every reading keeps its Observation and Provenance ids when a line before it is deleted")
    func idsSurviveDeletedLine() throws {
        let fixture = try Fixture()
        let lines = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8).split(separator: "\n")
        try fixture.write("shorter.jsonl", lines.dropFirst().joined(separator: "\n") + "\n")
        let whole = try FHIRExportTests.export(fixture, "signed.jsonl")
        let shorter = try FHIRExportTests.export(fixture, "shorter.jsonl")
        #expect(Self.ids(shorter, "Observation").count == 7)
        #expect(Self.ids(shorter, "Observation") == Array(Self.ids(whole, "Observation").dropFirst()))
        #expect(Set(Self.ids(shorter, "Provenance")).isSubset(of: Set(Self.ids(whole, "Provenance"))))
    }

    @Test("the unsigned uuid neither names nor identifies a verified reading's Observation")
    func unsignedUUIDIgnored() throws {
        let fixture = try Fixture()
        let heartRate = try #require(try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8).split(separator: "\n").first)
        try fixture.write("plain.jsonl", heartRate + "\n")
        try fixture.write("uuid-a.jsonl", heartRate.replacingOccurrences(of: "{\"type\"", with: "{\"uuid\":\"6F1C2B9E-2D4A-4E0B-9C3E-1A2B3C4D5E6F\",\"type\"") + "\n")
        try fixture.write("uuid-b.jsonl", heartRate.replacingOccurrences(of: "{\"type\"", with: "{\"uuid\":\"0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D\",\"type\"") + "\n")
        let plain = try FHIRExportTests.export(fixture, "plain.jsonl")
        let a = try FHIRExportTests.export(fixture, "uuid-a.jsonl")
        let b = try FHIRExportTests.export(fixture, "uuid-b.jsonl")
        let observation = try #require(a["Observation"]?.first)
        #expect(observation["status"] as? String == "final")
        #expect(observation["identifier"] == nil)
        #expect(try Self.heartRateID(a) == Self.heartRateID(plain))
        #expect(try Self.heartRateID(b) == Self.heartRateID(plain))
    }

    @Test("an altered copy of a reading gets an id of its own, and each alteration its own")
    func alteredCopyNeverTakesTheAuthenticID() throws {
        let fixture = try Fixture()
        let heartRate = try #require(try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8).split(separator: "\n").first)
        try fixture.write("authentic.jsonl", heartRate + "\n")
        try fixture.write("altered73.jsonl", heartRate.replacingOccurrences(of: "\"value\":72,", with: "\"value\":73,") + "\n")
        try fixture.write("altered99.jsonl", heartRate.replacingOccurrences(of: "\"value\":72,", with: "\"value\":99,") + "\n")
        let authentic = try Self.heartRateID(FHIRExportTests.export(fixture, "authentic.jsonl"))
        let altered73 = try Self.heartRateID(FHIRExportTests.export(fixture, "altered73.jsonl"))
        let altered99 = try Self.heartRateID(FHIRExportTests.export(fixture, "altered99.jsonl"))
        #expect(Set([authentic, altered73, altered99]).count == 3)
        // Exported again, each keeps its id.
        #expect(try Self.heartRateID(FHIRExportTests.export(fixture, "altered73.jsonl")) == altered73)
    }

    @Test("the same signed reading twice in one input is one Observation")
    func repeatedReadingOnce() throws {
        let fixture = try Fixture()
        let heartRate = try #require(try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8).split(separator: "\n").first)
        try fixture.write("twice.jsonl", heartRate + "\n" + heartRate + "\n")
        let directory = fixture.path("fhir-twice")
        let outcome = try FHIRExport.run(inputPath: fixture.path("twice.jsonl"), trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1,
                                         destination: .bulkData(directory: directory))
        #expect(outcome.counts.observations == 1)
        #expect(outcome.counts.repeated == 1)
        #expect(outcome.totals.counts[.valid] == 2)
    }
}
