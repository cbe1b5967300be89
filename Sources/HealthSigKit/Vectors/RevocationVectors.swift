import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleIO

/// `revocation.json`: CRLs given to a verifier beside a trusted CA (docs/TRUST.md), and what a
/// reading signed through a listed certificate becomes.
///
/// A test holds `crl` (the CRL file's bytes in hex: DER, or PEM text), `trust` (the trusted CA
/// certificate, PEM) and `checkedAt` (RFC 3339, the time the check is made); `result` is `counted`
/// (with `stale`: its nextUpdate is before `checkedAt`) or `ignored`. A test with `certificate`
/// (the signer's certificate, PEM) and `readingTime` (RFC 3339) also gives `verdict`: `revoked`
/// or `valid` for a reading of that time with no trusted time (no timestamp).
package struct RevocationVectors: VectorFamily {
    package let family = "revocation"

    package init() {}

    package func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome {
        guard let crlHex = test.string("crl"), let crlBytes = VectorHex.decode(crlHex),
              let trustPEM = test.string("trust"), let checkedText = test.string("checkedAt"),
              let checkedAt = try? SampleDate(rfc3339: checkedText).date else {
            return .disagree("a test needs crl (hex), trust (PEM) and checkedAt (RFC 3339)")
        }
        let authority: Certificate
        do {
            authority = try Certificate(pem: trustPEM)
        } catch {
            return .disagree("trust is not a certificate: \(error)")
        }
        let trust = TrustSet(certificates: [authority])
        let (set, _) = RevocationSet.build([(source: "crl", bytes: crlBytes)], trust: trust)
        var outcome = VectorOutcome()
        outcome.compare("result", expected: test.string("result") ?? "(missing)", got: set.isEmpty ? "ignored" : "counted")
        if !set.isEmpty, case .bool(let expected)? = test["stale"] {
            let stale = !set.stale(at: checkedAt).isEmpty
            outcome.compare("stale", expected: String(expected), got: String(stale))
        }
        if let certificateText = test.string("certificate") {
            guard let readingText = test.string("readingTime"), let readingTime = try? SampleDate(rfc3339: readingText).date,
                  let certificate = try? Certificate(pem: certificateText) else {
                return .disagree("certificate needs readingTime (RFC 3339) and must be a certificate")
            }
            let revocation = set.revocation(of: certificate, candidates: trust.certificates, at: readingTime)
            outcome.compare("verdict", expected: test.string("verdict") ?? "(missing)", got: revocation == nil ? "valid" : "revoked")
        }
        return outcome
    }
}
