import CMS
import HealthSamples
@testable import HealthSigKit
import SampleIO
import SampleSigning
import Testing

/// Each item of `verify`'s input carries the stored form its reader named, from the reader to
/// the verifier and the batch stage; nothing downstream guesses it from other properties.
@Suite("The stored form travels with each item")
struct StoredFormCarriedTests {
    private let verifier = SampleVerifier(trust: TrustSet())

    private static let heartRateLine = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#

    private static func decided(_ event: PipelineEvent?) -> DecidedSample? {
        guard case .decided(let decided)? = event else { return nil }
        return decided
    }

    @Test func jsonLinesAndArrayElementsAreDecidedInTheJSONForm() throws {
        let line = JSONSampleLine(bytes: Array(Self.heartRateLine.utf8), line: 1, position: 1)
        let fromLine = try #require(Self.decided(VerificationWork.jsonLine(line).decide(verifier)))
        #expect(fromLine.storedForm == .json)
        let element = JSONSampleItem.read(line.decoded())
        let fromElement = try #require(Self.decided(VerificationWork.stored(line.decoded(), form: element.form).decide(verifier)))
        #expect(fromElement.storedForm == .json)
    }

    @Test func storedItemIsDecidedInTheFormItsReaderNamed() throws {
        // Any reader that hands out stored samples goes through the same work item; the form
        // comes with it, not from the kind of item.
        let line = JSONSampleLine(bytes: Array(Self.heartRateLine.utf8), line: 1, position: 1)
        let decided = try #require(Self.decided(
            VerificationWork.stored(line.decoded(), form: .healthExport).decide(verifier)))
        #expect(decided.storedForm == .healthExport)
        #expect(decided.entry.verdict.kind == .unsigned)
        let refused = SampleInputError(line: 2, field: "", reason: .lineTooLong(limit: 8))
        guard case .unreadable(let at, _)? = VerificationWork.stored(.failure(refused), form: .healthExport).decide(verifier)
        else { Issue.record("an item without stored fields is unreadable"); return }
        #expect(at == 2)
    }

    @Test func exportItemsAreDecidedInTheHealthExportFormWhatTheyMapTo() throws {
        let body = """
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-11-21 09:00:00 +0100" endDate="2026-11-21 09:00:00 +0100" value="72"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-11-21 09:00:01 +0100" endDate="2026-11-21 09:00:00 +0100" value="73"/>

        """
        let reader = ExportSampleReader(source: MemoryChunkSource(VerifyRunTests.export(body)))
        var forms: [StoredForm] = []
        var outcomes: [String] = []
        while let outcome = try reader.next() {
            let kind = switch outcome {
            case .sample: "sample"
            case .invalid: "invalid"
            case .unsupported: "unsupported"
            }
            outcomes.append(kind)
            let decided = try #require(Self.decided(VerificationWork.export(outcome).decide(verifier)))
            forms.append(decided.storedForm)
        }
        #expect(outcomes == ["sample", "invalid"])
        #expect(forms == [.healthExport, .healthExport])
    }

    @Test func batchStageIsGivenTheFormTheItemCarriesNotOneInferredFromIt() throws {
        // An item of the export.xml form that, like a future input form, has no export.xml element.
        let entry = VerificationEntry(position: 1, line: 1, type: "HKQuantityTypeIdentifierHeartRate",
                                      startDate: "2026-11-21T08:00:00Z", verdict: SampleVerdict(
                                          kind: .unsigned, reasonCode: "no-signature", reason: "unsigned"))
        let decided = DecidedSample(entry: entry, sample: nil, storedForm: .healthExport, exportItem: nil)
        let input = try #require(VerificationPipeline.batchInput(.decided(decided)))
        #expect(input.form == .healthExport)
        #expect(VerificationPipeline.batchInput(.unreadable(line: 3, reason: "not JSON")) == nil)
    }
}
