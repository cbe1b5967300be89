import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `records.json`: the signed record (docs/FORMAT.md) of one sample of each kind. A test holds
/// `sample` (a JSON sample object, the project's JSON Lines format), `recordDer` (hex, the
/// normative record), `signature` (base64 SignedData by the group's key carrying exactly
/// `recordDer`) and `decoded` (the record's fields as JSON); `result` is `valid`.
package struct RecordVectors: VectorFamily {
    package let family = "records"

    package init() {}

    package func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome {
        let trust: TrustSet
        do {
            trust = try VectorTrust.trustSet(of: group)
        } catch {
            return .disagree("group key does not load: \(error)")
        }
        // Every member is part of the claim (TestVectors/README.md): none may be left out and pass.
        let missing = ["sample", "recordDer", "signature", "decoded", "result"].filter { test[$0] == nil }
        guard missing.isEmpty else { return .disagree("the test lacks " + missing.joined(separator: ", ")) }
        var problems: [String] = []
        guard let hex = test.string("recordDer"), let record = VectorHex.decode(hex) else {
            return .disagree("recordDer is not hex")
        }
        // The record decodes strictly, to `decoded`.
        do {
            let decoded = try SignedRecord(derEncoded: record)
            let json = RecordDecodedJSON.json(decoded.dictionary)
            if let expected = test["decoded"], !VectorSampleJSON.equal(json, expected) {
                problems.append("decoded differs: got \(JSONWriter.string(json))")
            }
        } catch {
            problems.append("recordDer does not decode: \(error)")
        }
        // The record built from `sample` is exactly `recordDer`.
        if let sampleJSON = test["sample"] {
            do {
                // A `Version1Signer` test holds the record a format-version-1 signer built.
                let version1 = test["flags"]?.stringArray?.contains("Version1Signer") == true
                let built = try RecordBuilder.encodedRecord(for: try VectorSampleJSON.sample(sampleJSON),
                                                            selecting: version1 ? .version1Keys : .deviceKeys)
                if built != record { problems.append("the record built from sample differs: \(VectorHex.encode(built))") }
            } catch {
                problems.append("no record can be built from sample: \(error)")
            }
        }
        // The signature verifies and carries exactly `recordDer`.
        if let text = test.string("signature") {
            if let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) {
                let verdict = CMSVerifier.verify(Array(data), trust: trust)
                if let summary = verdict.summary {
                    if summary.content != record { problems.append("the signature carries another content than recordDer") }
                } else {
                    problems.append("signature: \(verdict)")
                }
            } else {
                problems.append("signature is not base64")
            }
        } else {
            problems.append("signature is not a string")
        }
        var outcome = VectorOutcome()
        let got = problems.isEmpty ? "valid" : "invalid"
        outcome.compare(nil, expected: test.string("result") ?? "(not a string)", got: got)
        if !outcome.disagreements.isEmpty { outcome.disagreements[0] += " (" + problems.joined(separator: "; ") + ")" }
        return outcome
    }
}
