import CMS
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Batch-signed samples of every kind verify, one ECDSA signature per batch, with the signature
/// on the batch's last sample (docs/BATCH.md).
@Suite("Batch round trips")
struct BatchRoundTripTests {
    @Test("every sample kind verifies valid in one batch, and the batch counts none absent")
    func everyKindInOneBatch() throws {
        let samples = try BatchFixtures.everyKind()
        let signed = try BatchFixtures.batchSigned(samples, count: 720)
        #expect(signed.count == samples.count)
        #expect(signed.filter(BatchFixtures.isCarrier).count == 1)
        #expect(BatchFixtures.isCarrier(try #require(signed.last)))
        let (verdicts, statuses) = try BatchFixtures.verify(signed)
        #expect(verdicts.map(\.kind) == Array(repeating: .valid, count: samples.count), "\(verdicts.map(\.reason))")
        #expect(statuses == [BatchStatus(identifier: BatchReference.identifierText([UInt8](repeating: 0xB0, count: 11) + [1]),
                                         count: samples.count, present: samples.count, signature: .valid)])
    }

    @Test("every sample kind verifies from export.xml's stored form too")
    func everyKindAsExportXML() throws {
        let signed = try BatchFixtures.batchSigned(try BatchFixtures.everyKind(), count: 3)
        let (verdicts, _) = try BatchFixtures.verify(signed, form: .healthExport)
        #expect(verdicts.allSatisfy { $0.kind == .valid }, "\(verdicts.map(\.reason))")
    }

    @Test("batches close at N samples: 10 samples in batches of 4 are batches of 4, 4 and 2 with one carrier each")
    func closesByCount() throws {
        let day = try BatchFixtures.heartRateDay(count: 10, interval: 5)
        let signed = try BatchFixtures.batchSigned(day, count: 4)
        #expect(signed.enumerated().filter { BatchFixtures.isCarrier($0.element) }.map(\.offset) == [3, 7, 9])
        let references = signed.compactMap { BatchFixtures.text($0, BatchReference.metadataKey) }
            .compactMap(BatchReference.init(text:)).map(\.index)
        #expect(references == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1])
        let (verdicts, statuses) = try BatchFixtures.verify(signed)
        #expect(verdicts.allSatisfy { $0.kind == .valid })
        #expect(statuses.map(\.count) == [4, 4, 2])
    }

    @Test("batches close after S seconds of sample time: samples 5 s apart in 30 s batches hold 6 each")
    func closesBySampleTime() throws {
        let day = try BatchFixtures.heartRateDay(count: 14, interval: 5)
        let signed = try BatchFixtures.batchSigned(day, count: 4_096, seconds: 30)
        #expect(signed.enumerated().filter { BatchFixtures.isCarrier($0.element) }.map(\.offset) == [5, 11, 13])
        let (verdicts, statuses) = try BatchFixtures.verify(signed)
        #expect(verdicts.allSatisfy { $0.kind == .valid })
        #expect(statuses.map(\.count) == [6, 6, 2])
    }

    @Test("the device-side signer holds back at most one sample")
    func lagsByOneSample() throws {
        var signer = BatchSampleSigner(key: try Fixtures.deviceKey(), maximumCount: 720)
        let day = try BatchFixtures.heartRateDay(count: 3, interval: 5)
        #expect(try signer.add(day[0]).isEmpty)
        #expect(try signer.add(day[1]).count == 1)
        #expect(try signer.add(day[2]).count == 1)
        let last = try signer.finish()
        #expect(last.count == 1 && BatchFixtures.isCarrier(last[0]))
        #expect(try signer.finish().isEmpty)
    }

    @Test("members after their carrier verify from the cached manifest, and signatures of interleaved batches resolve their own members")
    func orderDoesNotMatter() throws {
        let day = try BatchFixtures.heartRateDay(count: 8, interval: 5)
        let signed = try BatchFixtures.batchSigned(day, count: 4)
        let shuffled = [signed[7], signed[0], signed[5], signed[3], signed[1], signed[4], signed[2], signed[6]]
        let (verdicts, statuses) = try BatchFixtures.verify(shuffled)
        #expect(verdicts.allSatisfy { $0.kind == .valid })
        #expect(statuses.map(\.absent) == [0, 0])
    }

    @Test("a per-sample HKDigitalSignature and an unsigned sample beside a batch keep their own verdicts")
    func mixedWithPerSample() throws {
        let perSample = try Fixtures.signed(try Fixtures.heartRate())
        let unsigned = try Fixtures.heartRate("80")
        let batch = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 2, interval: 5), count: 2)
        let (verdicts, _) = try BatchFixtures.verify([perSample, unsigned] + batch)
        #expect(verdicts.map(\.kind) == [.valid, .unsigned, .valid, .valid])
        #expect(verdicts[1].reasonCode == "no-signature")
    }
}

/// The device-side signer refuses an invalid sample without losing or disturbing the batch.
@Suite("Batch signer and invalid samples")
struct BatchSignerInvalidSampleTests {
    @Test("an invalid sample is refused with its field; the held sample and the batch go on")
    func invalidSampleRefused() throws {
        var signer = BatchSampleSigner(key: try Fixtures.deviceKey(), maximumCount: 3)
        let day = try BatchFixtures.heartRateDay(count: 3, interval: 5)
        var out = try signer.add(day[0])
        let invalid = try Fixtures.heartRate("72", at: "2026-11-21T09:00:00Z")
        guard case .quantity(var q) = invalid else { throw Failure("not a quantity") }
        q.endDate = try SampleDate(epochSeconds: q.startDate.epochSeconds - 60)  // ends before it starts
        #expect(throws: SampleSigningError.self) { try signer.add(.quantity(q)) }
        out += try signer.add(day[1])
        out += try signer.add(day[2])
        out += try signer.finish()
        #expect(out.count == 3)
        let (verdicts, statuses) = try BatchFixtures.verify(out)
        #expect(verdicts.allSatisfy { $0.kind == .valid })
        #expect(statuses.map(\.count) == [3])
    }
}
