import CMS
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `batch.json`: batch-signed samples (docs/BATCH.md). A test holds `samples` (JSON sample
/// objects in input order), `storedForm` (`json`), `verdicts` (one `{verdict, fields}` per
/// sample, in input order) and `batches` (one `{id, count, present, absent, signature,
/// complete}` per batch the input refers to, sorted by id).
package struct BatchVectors: VectorFamily {
    package let family = "batch"

    package init() {}

    package func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome {
        let trust: TrustSet
        do {
            trust = try VectorTrust.trustSet(of: group)
        } catch {
            return .disagree("group key does not load: \(error)")
        }
        let missing = ["samples", "storedForm", "verdicts", "batches"].filter { test[$0] == nil }
        guard missing.isEmpty else { return .disagree("the test lacks " + missing.joined(separator: ", ")) }
        guard let storedForm = test.string("storedForm").flatMap(StoredForm.init(rawValue:)) else {
            return .disagree("storedForm \(test.string("storedForm") ?? "(not a string)") is not json or healthExport")
        }
        guard let stored = test["samples"]?.arrayValue, let expected = test["verdicts"]?.arrayValue,
              let expectedBatches = test["batches"]?.arrayValue else {
            return .disagree("samples, verdicts and batches must be arrays")
        }
        guard stored.count == expected.count else {
            return .disagree("\(stored.count) samples but \(expected.count) verdicts")
        }
        // The whole input through one verifier, as `healthsig verify` streams it.
        var verifier = BatchSampleVerifier<Int>(verifier: SampleVerifier(trust: trust))
        var got: [Int: SampleVerdict] = [:]
        for (index, json) in stored.enumerated() {
            let outcomes: [BatchSampleVerifier<Int>.Outcome]
            do {
                outcomes = verifier.add(try JSONSampleDecoder.decodeStored(json), storedForm: storedForm, tag: index)
            } catch where error.storedFields != nil {
                // As `healthsig verify` judges a batch's item that is not a valid sample.
                guard let fields = error.storedFields else { continue }
                outcomes = verifier.addInvalid(fields, invalidField: error.field, problem: ProblemText.inputReasonWithField(error),
                                               storedForm: storedForm, tag: index)
            } catch {
                return .disagree("samples[\(index)] does not decode: \(error)")
            }
            for outcome in outcomes { got[outcome.tag] = outcome.verdict }
        }
        for outcome in verifier.finish() { got[outcome.tag] = outcome.verdict }

        var outcome = VectorOutcome()
        for (index, item) in expected.enumerated() {
            guard let verdict = got[index] else {
                outcome.disagreements.append("samples[\(index)]: no verdict")
                continue
            }
            let expectedFields = (item.objectValue?["fields"]?.stringArray ?? []).sorted()
            let gotFields = verdict.mismatches.map(\.field).sorted()
            let before = outcome.disagreements.count
            outcome.compare("samples[\(index)]", expected: item.objectValue?.string("verdict") ?? "(missing)", got: verdict.kind.rawValue)
            outcome.compare("samples[\(index)] fields", expected: "[" + expectedFields.joined(separator: ", ") + "]",
                            got: "[" + gotFields.joined(separator: ", ") + "]")
            if outcome.disagreements.count > before { outcome.disagreements[before] += " (\(verdict.reasonCode): \(verdict.reason))" }
        }
        let statuses = verifier.statuses.sorted { $0.identifier < $1.identifier }.map(Self.json)
        // Compared as JSON values (member order and number spelling do not matter).
        if statuses.count != expectedBatches.count || !zip(statuses, expectedBatches).allSatisfy({ VectorSampleJSON.equal($0, $1) }) {
            outcome.disagreements.append("batches: expected " + expectedBatches.map { JSONWriter.string($0) }.joined(separator: ", ")
                                         + ", got " + statuses.map { JSONWriter.string($0) }.joined(separator: ", "))
        }
        return outcome
    }

    /// A batch status in the file's form; `complete` is what `--require-complete` asks: every
    /// sample present and the signature valid.
    static func json(_ status: BatchStatus) -> JSONValue {
        .obj([
            ("id", .text(status.identifier)),
            ("count", status.count.map { .int($0) } ?? .null),
            ("present", .int(status.present)),
            ("absent", status.absent.map { .int($0) } ?? .null),
            ("signature", .text(status.signature.rawValue)),
            ("complete", .bool(status.signature == .valid && status.absent == 0)),
        ])
    }
}
