import CMS
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// docs/BATCH.md, step 6: a batch's item that is not a valid sample is judged against its record
/// as a per-sample-signed one is (docs/VERIFY.md), and counts as present in its batch.
@Suite("Batch members that are not valid samples")
struct BatchInvalidMemberTests {
    @Test("a member stored with unit kg on heart rate is content-mismatch, stored-sample-invalid, naming unit; the batch counts it present")
    func invalidMemberAgainstItsRecord() throws {
        let samples = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 3, interval: 5), count: 3)
        let reference = try #require(BatchFixtures.text(samples[0], BatchReference.metadataKey))
        var metadata = Fixtures.deviceMetadata
        metadata.append(key: BatchReference.metadataKey, value: .string(reference))
        let fields = StoredSampleFields(type: "HKQuantityTypeIdentifierHeartRate", startDate: "2026-11-21T00:00:00Z",
                                        endDate: "2026-11-21T00:00:00Z", value: "55", unit: "kg", device: Fixtures.fullDevice,
                                        metadata: metadata)
        var verifier = BatchSampleVerifier<Int>(verifier: try Fixtures.verifier())
        var outcomes = verifier.addInvalid(fields, invalidField: "unit", problem: "kg is not a unit of heart rate", tag: 0)
        #expect(outcomes.isEmpty)
        outcomes += verifier.add(samples[1], tag: 1)
        outcomes += verifier.add(samples[2], tag: 2)
        outcomes += verifier.finish()
        let verdicts = outcomes.sorted { $0.tag < $1.tag }.map(\.verdict)
        #expect(verdicts.map(\.kind) == [.contentMismatch, .valid, .valid])
        #expect(verdicts[0].reasonCode == "stored-sample-invalid")
        #expect(verdicts[0].mismatches.map(\.field) == ["unit"])
        #expect(verifier.statuses.map(\.present) == [3])
        #expect(verifier.statuses.map(\.absent) == [0])
    }
}
