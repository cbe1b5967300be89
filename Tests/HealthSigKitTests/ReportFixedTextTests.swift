import SampleSigning
import Testing
@testable import HealthSigKit

/// The valid verdict's reason and code, which a JSON report line writes from bytes prepared
/// once, are exactly what writing the strings themselves gives.
@Suite struct ReportFixedTextTests {
    /// A valid verdict's reason, whether it is the verifier's own text or an equal string
    /// made elsewhere, gives the line the general writing gives; any other reason is written
    /// as it is.
    @Test(arguments: [SampleVerdict.fieldsMatchReason, String("signature valid and stored fields match ".dropLast()),
                      "signature valid", "signature valid and stored fields match!"])
    func validReasonIsWrittenAsTheGeneralWritingWritesIt(_ reason: String) {
        let verdict = SampleVerdict(kind: .valid, reasonCode: "ok", reason: reason)
        let entry = VerificationEntry(position: 1, line: 1, type: "HKQuantityTypeIdentifierHeartRate",
                                      startDate: "2026-11-01T00:00:00Z", verdict: verdict)
        var line = ReportBytes()
        ReportJSON.append(DecidedSample(entry: entry, sample: nil, storedForm: .json, exportItem: nil), into: &line)
        var expected = ReportBytes()
        ReportJSON.string(reason, into: &expected)
        let text = String(decoding: line.array, as: UTF8.self)
        #expect(text.contains(#""reason":"# + String(decoding: expected.array, as: UTF8.self) + #","reasonCode":"ok","#))
    }
}
