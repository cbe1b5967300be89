import DER
import SampleIO

/// `der.json`: DER encodings of every type the toolkit decodes, valid and invalid, one flag per
/// strictness rule. A test holds `type`, `der` (hex) and `result`: `valid` with `value` (the
/// canonical text of the decoded value) or `invalid` with `error` (the `DERError.Code` name).
package struct DERVectors: VectorFamily {
    package let family = "der"

    package init() {}

    package func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome {
        guard let typeName = test.string("type") ?? group.string("type"), let type = DERVectorType(typeName) else {
            return .disagree("unknown type \(test.string("type") ?? "(missing)")")
        }
        guard let hex = test.string("der"), let bytes = VectorHex.decode(hex) else {
            return .disagree("der is not hex")
        }
        let got: (result: String, detail: String)
        do {
            got = ("valid", try type.decode(bytes))
        } catch let error as DERError {
            got = ("invalid", error.code.rawValue)
        } catch {
            got = ("invalid", "\(error)")
        }
        var outcome = VectorOutcome()
        let expected = test.string("result") ?? "(missing)"
        outcome.compare(nil, expected: expected, got: got.result)
        if outcome.disagreements.isEmpty {
            if expected == "valid" {
                outcome.compare("value", expected: test.string("value") ?? "(missing)", got: got.detail)
            } else {
                outcome.compare("error", expected: test.string("error") ?? "(missing)", got: got.detail)
            }
        } else {
            outcome.disagreements[0] += " (\(got.detail))"
        }
        return outcome
    }
}
