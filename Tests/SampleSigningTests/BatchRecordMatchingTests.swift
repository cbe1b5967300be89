import CMS
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// The batch verifier checks most samples by re-encoding only value and dates against the
/// previous sample's record (docs/BATCH.md, "Speed"). Whatever else differs from sample to sample
/// must still be found, with the same verdicts as per-sample signatures give.
@Suite("Batch verification of samples that differ from the one before")
struct BatchRecordMatchingTests {
    static func heartRate(_ value: String, second: Int, device: Device? = Fixtures.fullDevice,
                          metadata: Metadata = Fixtures.deviceMetadata) throws -> Sample {
        try Fixtures.heartRate(value, at: "2026-11-21T08:00:\(String(format: "%02d", second))Z", device: device, metadata: metadata)
    }

    /// The verdict per-sample signing gives `stored` when `original` was signed.
    static func perSampleVerdict(signed original: Sample, stored: Sample) throws -> SampleVerdict {
        try Fixtures.verifier().verify(try Fixtures.storing(signatureOf: try Fixtures.signed(original), on: stored))
    }

    @Test("a device name stored in another Unicode normalization after matching samples gets the per-sample verdict")
    func otherNormalizationOfDeviceName() throws {
        var device = Fixtures.fullDevice
        device.name = "Caf\u{E9} Strap"
        let originals = try (0..<4).map { try Self.heartRate(String(70 + $0), second: $0 * 5, device: device) }
        var stored = try BatchFixtures.batchSigned(originals, count: 4)
        var decomposed = device
        decomposed.name = "Cafe\u{301} Strap"
        guard case .quantity(var q) = stored[2] else { throw Failure("not a quantity") }
        q.device = decomposed
        stored[2] = .quantity(q)
        let (verdicts, _) = try BatchFixtures.verify(stored)
        var perSampleStored = originals[2]
        if case .quantity(var p) = perSampleStored { p.device = decomposed; perSampleStored = .quantity(p) }
        let expected = try Self.perSampleVerdict(signed: originals[2], stored: perSampleStored)
        #expect(verdicts[2].kind == expected.kind)
        #expect(verdicts[2].mismatches == expected.mismatches)
        #expect(verdicts[1].kind == .valid && verdicts[3].kind == .valid)
    }

    @Test("unsigned metadata that changes from sample to sample, numbers included, leaves every sample valid")
    func changingUnsignedMetadata() throws {
        let samples = try (0..<6).map { i in
            var metadata = Fixtures.deviceMetadata
            metadata.append(key: "HKMetadataKeyHeartRateMotionContext", value: .number(Decimal(i % 3)))
            if i % 2 == 0 { metadata.append(key: "AppNote", value: .string("note \(i)")) }
            return try Self.heartRate(String(60 + i), second: i * 5, metadata: metadata)
        }
        let (verdicts, _) = try BatchFixtures.verify(try BatchFixtures.batchSigned(samples, count: 6))
        #expect(verdicts.allSatisfy { $0.kind == .valid }, "\(verdicts.map(\.reason))")
    }

    @Test("samples of two devices in turn in one batch all verify, and an altered signed metadata value is named")
    func alternatingDevicesAndSignedMetadata() throws {
        var other = Fixtures.fullDevice
        other.model = "BP-300"
        let samples = try (0..<6).map { i in
            try Self.heartRate(String(60 + i), second: i * 5, device: i % 2 == 0 ? Fixtures.fullDevice : other)
        }
        var stored = try BatchFixtures.batchSigned(samples, count: 6)
        let (verdicts, _) = try BatchFixtures.verify(stored)
        #expect(verdicts.allSatisfy { $0.kind == .valid }, "\(verdicts.map(\.reason))")

        guard case .quantity(var q) = stored[4] else { throw Failure("not a quantity") }
        var metadata = q.metadata
        metadata["HKTimeZone"] = .string("Europe/Paris")
        q.metadata = metadata
        stored[4] = .quantity(q)
        let (altered, _) = try BatchFixtures.verify(stored)
        #expect(altered[4].kind == .contentMismatch)
        #expect(altered[4].mismatches.map(\.field) == ["metadata.HKTimeZone"], "\(altered[4].reason)")
        #expect(altered.enumerated().allSatisfy { $0.offset == 4 || $0.element.kind == .valid })
    }

    @Test("after many matching samples, an altered unit, type or end date is still content-mismatch")
    func alterationsAfterMatches() throws {
        let originals = try (0..<8).map { try Self.heartRate(String(60 + $0), second: $0 * 5) }
        let signed = try BatchFixtures.batchSigned(originals, count: 8)
        let changes: [(String, (inout QuantitySample) throws -> Void)] = [
            ("value", { $0.quantity = try Fixtures.quantity("99", "count/min") }),
            ("endDate", { $0.endDate = try Fixtures.date("2026-11-21T08:01:00Z") }),
            ("device.model", { $0.device?.model = "HR-10" }),
        ]
        for (field, change) in changes {
            var stored = signed
            guard case .quantity(var q) = stored[6] else { throw Failure("not a quantity") }
            try change(&q)
            stored[6] = .quantity(q)
            let (verdicts, _) = try BatchFixtures.verify(stored)
            #expect(verdicts[6].kind == .contentMismatch, "\(field)")
            #expect(verdicts[6].mismatches.map(\.field).contains(field), "\(field): \(verdicts[6].reason)")
            #expect(verdicts.enumerated().allSatisfy { $0.offset == 6 || $0.element.kind == .valid }, "\(field)")
        }
    }
}

/// A batch member whose stored sample rebuilds its signed record octet for octet is decided
/// without decoding the record; the device it stores is then the signed one, and reports must
/// not label it unsigned context.
@Suite("Batch members equal to their record")
struct BatchMemberSignedDeviceTests {
    @Test("a batch member equal to its signed record vouches for its stored device")
    func equalMemberVouchesForItsDevice() throws {
        let samples = try BatchFixtures.batchSigned(try BatchFixtures.heartRateDay(count: 3, interval: 5), count: 3)
        let (verdicts, _) = try BatchFixtures.verify(samples)
        #expect(verdicts.map(\.kind) == [.valid, .valid, .valid])
        for (verdict, sample) in zip(verdicts, samples) {
            #expect(verdict.signedDevice(stored: sample.device) == sample.device)
            #expect(!verdict.storedDeviceIsUnsigned(sample.device))
        }
    }
}
