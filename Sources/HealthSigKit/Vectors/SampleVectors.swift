import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `samples.json`: stored samples carrying a signature, and the verdict `healthsig verify` gives
/// (docs/VERIFY.md). A test holds `stored` (a JSON sample object) or `storedXML` (an export.xml
/// `Record`/`Correlation` element), `storedForm` (`json` or `healthExport`: which comparison
/// rules apply), `verdict` and `fields` (sorted paths of the fields reported as altered; empty
/// unless the verdict is `content-mismatch`).
package struct SampleVectors: VectorFamily {
    package let family = "samples"

    package init() {}

    package func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome {
        let trust: TrustSet
        do {
            trust = try VectorTrust.trustSet(of: group)
        } catch {
            return .disagree("group key does not load: \(error)")
        }
        let stored: StoredInput
        let form: StoredForm
        do {
            if let json = test["stored"] {
                // As `verify` reads a JSON sample: a signed object that is not a valid sample is
                // still judged against its signature.
                do {
                    stored = .sample(try JSONSampleDecoder.decodeStored(json))
                } catch where error.storedFields != nil {
                    stored = .invalid(error)
                } catch {
                    throw VectorInputError("the sample object does not decode: \(error)")
                }
                form = .json
            } else if let xml = test.string("storedXML") {
                stored = try Self.exportInput(xml)
                form = .healthExport
            } else {
                return .disagree("neither stored nor storedXML")
            }
        } catch {
            return .disagree("the stored sample cannot be read: \(error)")
        }
        // `storedForm` says which comparison rules apply (TestVectors/README.md): read, not guessed.
        guard let storedForm = test.string("storedForm").flatMap(StoredForm.init(rawValue:)) else {
            return .disagree("storedForm \(test.string("storedForm") ?? "(missing)") is not json or healthExport (input read as \(form.rawValue))")
        }
        let verifier = SampleVerifier(trust: trust)
        let verdict: SampleVerdict
        switch stored {
        case .sample(let sample):
            verdict = verifier.verify(sample, storedForm: storedForm)
        case .invalid(let error):
            // As `healthsig verify` judges such an item (docs/VERIFY.md).
            guard let fields = error.storedFields, fields.signatureText != nil else {
                return .disagree("the stored sample is not a valid sample and has no signature: \(error)")
            }
            verdict = InvalidStoredSampleVerdict.verdict(stored: fields, invalidField: error.field,
                                                         problem: ProblemText.inputReasonWithField(error),
                                                         storedForm: storedForm, verifier: verifier)
        }
        var outcome = VectorOutcome()
        outcome.compare(nil, expected: test.string("verdict") ?? "(missing)", got: verdict.kind.rawValue)
        let expectedFields = (test["fields"]?.stringArray ?? []).sorted()
        let gotFields = verdict.mismatches.map(\.field).sorted()
        outcome.compare("fields", expected: "[" + expectedFields.joined(separator: ", ") + "]",
                        got: "[" + gotFields.joined(separator: ", ") + "]")
        // A test that gives `unsignedContext` claims exactly those stored keys, in stored order
        // (docs/FORMAT.md, "Format versions").
        if let expected = test["unsignedContext"] {
            let sample: Sample? = if case .sample(let sample) = stored { sample } else { nil }
            outcome.compare("unsignedContext", expected: "[" + (expected.stringArray ?? []).joined(separator: ", ") + "]",
                            got: "[" + verdict.unsignedContext(of: sample).joined(separator: ", ") + "]")
        }
        if !outcome.disagreements.isEmpty { outcome.disagreements[0] += " (\(verdict.reasonCode): \(verdict.reason))" }
        return outcome
    }

    /// A stored sample as the checker reads it: a sample, or an item that is not a valid sample
    /// (judged as `healthsig verify` judges it, from the fields the reader hands over).
    enum StoredInput {
        case sample(Sample)
        case invalid(SampleInputError)
    }

    /// One export.xml `Record`, `Correlation` or `Workout` element, read by SampleIO's export reader inside
    /// a minimal `HealthData` document.
    static func exportInput(_ element: String) throws -> StoredInput {
        let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n" + element + "\n</HealthData>\n"
        let reader = ExportSampleReader(source: MemoryChunkSource(document))
        switch try reader.next() {
        case .sample(let stored)?: return .sample(stored.sample)
        case .unsupported(let item)?: throw VectorInputError("storedXML type \(item.type ?? "?") is not supported")
        case .invalid(_, let error)?: return .invalid(error)
        case nil: throw VectorInputError("storedXML holds no Record, Correlation or Workout")
        }
    }
}
