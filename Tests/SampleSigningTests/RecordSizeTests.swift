import CMS
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Signature sizes per sample kind (docs/FORMAT.md, "Sizes"): printed as
/// `SIZE kind=<k> record=<n> cms=<n> base64=<n>` for docs/FORMAT.md, with the profile's budget of
/// 1 KB asserted for a fully described blood-pressure correlation.
///
/// Every kind carries the same fully described device (all eight fields) and the signed
/// `HKDeviceSerialNumber` and `HKTimeZone` metadata, the largest realistic record of that kind.
/// An ECDSA-Sig-Value is 70 to 72 bytes depending on the leading bits of r and s, so each kind is
/// signed `signings` times and the largest CMS seen is reported (the record never varies).
@Suite("Record sizes")
struct RecordSizeTests {
    static let signings = 32

    struct Size {
        let record: Int
        let cms: Int
        let base64: Int
    }

    static func kinds() throws -> [(String, Sample)] {
        let device = Fixtures.fullDevice
        let metadata = Fixtures.deviceMetadata
        return [
            ("heart-rate", try Fixtures.heartRate(device: device, metadata: metadata)),
            ("blood-pressure", try Fixtures.bloodPressure(device: device, metadata: metadata)),
            ("body-temperature", try Fixtures.quantity(.bodyTemperature, "36.6", "degC", device: device, metadata: metadata)),
            ("blood-glucose", try Fixtures.quantity(.bloodGlucose, "5.5", "mmol<180.15588000005408>/L", device: device,
                                                    metadata: metadata)),
            ("body-mass", try Fixtures.quantity(.bodyMass, "72.5", "kg", device: device, metadata: metadata)),
            ("oxygen-saturation", try Fixtures.quantity(.oxygenSaturation, "0.97", "%", device: device, metadata: metadata)),
            ("sleep", try Fixtures.sleep(value: 3, device: device, metadata: metadata)),
            ("workout", try Fixtures.fullyDescribedWorkout()),
        ]
    }

    /// The largest sizes over `signings` signatures of `sample`, each checked to verify.
    static func measure(_ sample: Sample) throws -> Size {
        let signer = SampleSigner()
        let key = try Fixtures.deviceKey()
        let record = try signer.recordBytes(for: sample)
        var cms = 0
        var base64 = 0
        for _ in 0..<signings {
            let der = try signer.signatureDER(for: sample, using: key)
            let text = Data(der).base64EncodedString()
            #expect(try Fixtures.verifier().verify(Fixtures.storing(signature: text, on: sample)).kind == .valid)
            cms = max(cms, der.count)
            base64 = max(base64, text.count)
        }
        return Size(record: record.count, cms: cms, base64: base64)
    }

    @Test("blood pressure with every device field and signed metadata fits in 1024 base64 characters")
    func bloodPressureBudget() throws {
        let sample = try Fixtures.bloodPressure(device: Fixtures.fullDevice, metadata: Fixtures.deviceMetadata)
        guard case .correlation(let k) = sample else { throw Failure("not a correlation") }
        #expect(k.device?.fields.count == Device.fieldNames.count)
        let size = try Self.measure(sample)
        #expect(size.base64 <= 1024, "base64 signature is \(size.base64) characters")
        // base64 is 4 characters per 3 bytes, padded.
        #expect(size.base64 == (size.cms + 2) / 3 * 4)
    }

    /// A workout carries far more fields than a reading: with the eight-field device of the other
    /// rows, three totals and twelve events it is about 1.1 KB, still "on the order of 1 KB".
    @Test("workout with every device field, three totals and a dozen events fits in 1200 base64 characters")
    func workoutBudget() throws {
        let sample = try Fixtures.fullyDescribedWorkout()
        guard case .workout(let w) = sample else { throw Failure("not a workout") }
        #expect(w.device?.fields.count == Device.fieldNames.count)
        #expect(w.events.count == 12)
        #expect(w.totals.count == 3)
        let size = try Self.measure(sample)
        #expect(size.base64 <= 1200, "base64 signature is \(size.base64) characters")
    }

    @Test("sizes per sample kind (SIZE lines for docs/FORMAT.md)")
    func sizesPerKind() throws {
        var lines: [String] = []
        for (kind, sample) in try Self.kinds() {
            let size = try Self.measure(sample)
            // Fixed overhead of the CMS around the record: ContentInfo, SignedData, one SignerInfo.
            #expect(size.cms > size.record)
            #expect(size.cms - size.record < 200)
            #expect(size.base64 <= (kind == "workout" ? 1200 : 1024), "\(kind): \(size.base64) base64 characters")
            lines.append("SIZE kind=\(kind) record=\(size.record) cms=\(size.cms) base64=\(size.base64)")
        }
        #expect(lines.count == 8)
        print(lines.joined(separator: "\n"))
    }
}
