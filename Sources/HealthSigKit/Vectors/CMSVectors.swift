import CMS
import CryptoBackend
import DER
import Foundation
import SampleIO

/// `cms.json`: SignedData encodings that must verify under the profile and each deviation that
/// must not, with the verdict a profile verifier gives. A test holds `signature` (base64 DER
/// ContentInfo), optionally `detachedContent` (hex), and `verdict`.
package struct CMSVectors: VectorFamily {
    package let family = "cms"

    package init() {}

    // MARK: - Check

    package func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome {
        let trust: TrustSet
        do {
            trust = try VectorTrust.trustSet(of: group)
        } catch {
            return .disagree("group key does not load: \(error)")
        }
        guard let text = test.string("signature") else { return .disagree("no signature") }
        let got: CMSVerdict
        if let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) {
            var detached: [UInt8]?
            if let hex = test.string("detachedContent") {
                guard let bytes = VectorHex.decode(hex) else { return .disagree("detachedContent is not hex") }
                detached = bytes
            }
            got = CMSVerifier.verify(Array(data), trust: trust, detachedContent: detached)
        } else {
            got = .malformed(reason: "signature is not base64", code: "not-base64", offset: nil)
        }
        var outcome = VectorOutcome()
        outcome.compare(nil, expected: test.string("verdict") ?? "(missing)", got: got.name)
        if !outcome.disagreements.isEmpty { outcome.disagreements[0] += " (\(got.reason))" }
        return outcome
    }
}
