import CMS
import DER
import HealthSamples
import Testing
@testable import SampleSigning

/// Each thread writes the records it signs into one reused writer (`ThreadRecordWriter`); every
/// signature must still carry exactly its own sample's record.
@Suite struct ThreadRecordWriterTests {
    /// The record a SignedData carries.
    static func signedRecord(_ sample: Sample) throws -> [UInt8] {
        let der = try SampleSigner().signatureDER(for: sample, using: try Fixtures.deviceKey())
        return try #require(try CMSSignedDataView(derEncoded: der).content)
    }

    @Test func samplesSignedOneAfterAnotherEachCarryTheirOwnRecord() throws {
        let long = try Fixtures.bloodPressure()
        let short = try Fixtures.heartRate()
        for sample in [long, short, long, short] {
            #expect(try Self.signedRecord(sample) == (try RecordBuilder.encodedRecord(for: sample)))
        }
    }

    @Test func aValueDifferingInOneByteFromThePreviousRecordIsSignedAsWritten() throws {
        let first = try Fixtures.heartRate("72")
        let second = try Fixtures.heartRate("73")
        let firstRecord = try Self.signedRecord(first)
        let secondRecord = try Self.signedRecord(second)
        #expect(firstRecord != secondRecord)
        #expect(secondRecord == (try RecordBuilder.encodedRecord(for: second)))
    }

    @Test func aWriterGrownPastTheRetainedCapacityIsNotKept() {
        ThreadRecordWriter.with { writer in
            writer.append(DEROctetString([UInt8](repeating: 7, count: ThreadRecordWriter.retainedCapacity + 1)))
        }
        #expect(!ThreadRecordWriter.currentThreadKeepsOversizedWriter)
    }

    @Test func aNestedUseGetsAnEmptyWriterOfItsOwn() {
        ThreadRecordWriter.with { outer in
            outer.append(DEROctetString([1, 2, 3]))
            let before = outer.bytes
            let inner = ThreadRecordWriter.with { inner in
                inner.append(DEROctetString([9]))
                return inner.bytes
            }
            #expect(inner == [0x04, 0x01, 0x09])
            #expect(outer.bytes == before)
        }
    }
}
