import Foundation
import HealthSamples
import Testing
@testable import SampleSigning

/// A sample's signed time, read without decoding the signed record when that record is the
/// sample's own (rebuilt octet for octet), must be what decoding it gives
/// (`SampleVerifier.signedTime`, the reference).
@Suite struct OwnRecordSignedTimeTests {
    @Test func theDecodedEndDateOfEverySamplesOwnRecordIsTheSamplesEndDate() throws {
        let samples = try RecordWriterEquivalenceTests.samples()
        #expect(samples.count > 150)
        for sample in samples {
            let record = try RecordBuilder.encodedRecord(for: sample)
            #expect(SampleVerifier.signedTime(record) == sample.endDate.date, "\(sample.endDate)")
        }
    }
}
