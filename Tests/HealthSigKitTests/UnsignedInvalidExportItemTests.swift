import Foundation
@testable import HealthSigKit
import SampleSigning
import Testing

/// An unsigned export.xml record of a supported type that is not a valid sample
/// (here: an unparseable device string, an end before the start) is still an unsigned sample.
/// It used to be dropped without a trace, so `--require-signed` passed on such an export.
@Suite("Unsigned export items that are not valid samples")
struct UnsignedInvalidExportItemTests {
    @Test func unsignedInvalidRecordsAreCountedAndListed() throws {
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("unsigned-invalid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = try KeyFiles.generate(directory: directory, name: "device", certificateSubject: nil, days: 1)
        let body = """
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" device="not an HKDevice string" unit="count/min" startDate="2026-11-21 09:00:00 +0100" endDate="2026-11-21 09:00:00 +0100" value="72"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-11-21 09:00:01 +0100" endDate="2026-11-21 09:00:00 +0100" value="73"/>

        """
        let path = (directory as NSString).appendingPathComponent("export.xml")
        try Data(VerifyRunTests.export(body).utf8).write(to: URL(fileURLWithPath: path))
        let report = try VerificationRun(path, trust: TrustLoader.load([key.publicKeyPath]))
        #expect(report.counts[.unsigned, default: 0] == 2)
        #expect(report.unsignedSamples.map(\.position) == [1, 2])
        #expect(report.unsignedSamples.first?.type == "HKQuantityTypeIdentifierHeartRate")
        #expect(report.entries.isEmpty)
        #expect(report.passes(requireSigned: false))
        #expect(!report.passes(requireSigned: true))
    }
}
