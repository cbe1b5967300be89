import CMS
import HealthSamples
import SampleSigning
import Testing
@testable import HealthSigKit

/// The valid and the no-signature verdicts' reasons and codes, which a JSON report line writes
/// from bytes prepared once, are exactly what writing the strings themselves gives.
@Suite struct ReportFixedTextTests {
    /// The JSON report line of a heart-rate sample with `verdict`, and its reason as the general
    /// string writing writes it.
    private static func reportLine(_ verdict: SampleVerdict) -> (line: String, reason: String) {
        let entry = VerificationEntry(position: 1, line: 1, type: "HKQuantityTypeIdentifierHeartRate",
                                      startDate: "2026-11-01T00:00:00Z", verdict: verdict)
        var line = ReportBytes()
        ReportJSON.append(DecidedSample(entry: entry, sample: nil, storedForm: .json, exportItem: nil), into: &line)
        var reason = ReportBytes()
        ReportJSON.string(verdict.reason, into: &reason)
        return (String(decoding: line.array, as: UTF8.self), String(decoding: reason.array, as: UTF8.self))
    }

    /// A valid verdict's reason, whether it is the verifier's own text or an equal string
    /// made elsewhere, gives the line the general writing gives; any other reason is written
    /// as it is.
    @Test(arguments: [SampleVerdict.fieldsMatchReason, String("signature valid and stored fields match ".dropLast()),
                      "signature valid", "signature valid and stored fields match!"])
    func validReasonIsWrittenAsTheGeneralWritingWritesIt(_ reason: String) {
        let (text, expected) = Self.reportLine(SampleVerdict(kind: .valid, reasonCode: "ok", reason: reason))
        #expect(text.contains(#""reason":"# + expected + #","reasonCode":"ok","#))
    }

    /// An unsigned verdict's reason, the verifier's own text, an equal string made elsewhere or
    /// another reason under the same code, gives the line the general writing gives.
    @Test(arguments: [SampleVerdict.noSignatureReason, String("the sample has no HKDigitalSignature metadata ".dropLast()),
                      "the sample has no HKDigitalSignature metadata (and is not a valid sample: startDate: missing)",
                      "the sample has no HKDigitalSignature", "the \"sample\" has\nno signature"])
    func noSignatureReasonIsWrittenAsTheGeneralWritingWritesIt(_ reason: String) {
        let (text, expected) = Self.reportLine(SampleVerdict(kind: .unsigned, reasonCode: "no-signature", reason: reason))
        #expect(text.contains(#","reason":"# + expected + #","reasonCode":"no-signature","#))
    }

    /// The verifier gives a sample without a signature the reason the report writes once.
    @Test func sampleWithoutSignatureGetsTheNoSignatureReason() throws {
        let type = try #require(QuantityType.named("HKQuantityTypeIdentifierHeartRate"))
        let unit = try HealthUnit("count/min")
        let start = try SampleDate(rfc3339: "2026-11-01T00:00:00Z")
        let sample = Sample.quantity(QuantitySample(type: type, quantity: Quantity(value: 72, unit: unit), startDate: start))
        let verdict = SampleVerifier(trust: TrustSet(publicKeys: [])).verify(sample)
        #expect(verdict.kind == .unsigned)
        #expect(verdict.reasonCode == "no-signature")
        #expect(verdict.reason == SampleVerdict.noSignatureReason)
    }
}
