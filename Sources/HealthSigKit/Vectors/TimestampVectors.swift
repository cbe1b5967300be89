import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `timestamps.json`: RFC 3161 tokens over signatures (docs/TRUST.md, "Trusted time"), as
/// `verify --tsa-trust` reads them, and what the readings of a revoked device become with them.
///
/// A test holds `signature` (hex: the DER of the stamped signature, a per-sample
/// `HKDigitalSignature` or a batch's `HealthSigBatchSignature`, as `storedUnder` says), `token`
/// (hex: the token's bytes), `tsaTrust` (the PEM certificates given with `--tsa-trust`), and
/// `timestamp`: `trusted` (with `genTime`, RFC 3339) or the problem code. Then `trust` (the CA,
/// PEM), `crl` (hex) and `certificate` (the signer's, PEM) and `readings`: for each reading
/// through that certificate (one, or a batch's members) its `readingTime`, its `verdict` (`valid`
/// or `revoked`) with the token's genTime as trusted time when the token holds, and
/// `deviceClockAhead` (the reading is dated after a trusted genTime).
package struct TimestampVectors: VectorFamily {
    package let family = "timestamps"

    package init() {}

    package func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome {
        guard let signature = test.string("signature").flatMap(VectorHex.decode),
              let token = test.string("token").flatMap(VectorHex.decode),
              let tsaTexts = test["tsaTrust"]?.stringArray,
              let crlBytes = test.string("crl").flatMap(VectorHex.decode),
              let trustPEM = test.string("trust"), let certificatePEM = test.string("certificate"),
              let readings = test["readings"]?.arrayValue else {
            return .disagree("a test needs signature, token and crl (hex), tsaTrust, trust, certificate and readings")
        }
        let authorities: [Certificate], authority: Certificate, certificate: Certificate
        do {
            authorities = try tsaTexts.map { try Certificate(pem: $0) }
            authority = try Certificate(pem: trustPEM)
            certificate = try Certificate(pem: certificatePEM)
        } catch {
            return .disagree("a certificate does not load: \(error)")
        }
        var outcome = VectorOutcome()
        // As `verify` reads the token stored beside the signature: its base64 text.
        let timestamp = SignatureTimestamp.check(tokenText: Data(token).base64EncodedString(), signatureDER: signature,
                                                 authorities: authorities)
        outcome.compare("timestamp", expected: test.string("timestamp") ?? "(missing)", got: timestamp.problemCode ?? "trusted")
        if let trustedTime = timestamp.trustedTime {
            outcome.compare("genTime", expected: test.string("genTime") ?? "(missing)", got: Revocation.timeText(trustedTime))
        }
        let trust = TrustSet(certificates: [authority])
        var (set, _) = RevocationSet.build([(source: "crl", bytes: crlBytes)], trust: trust)
        if set.isEmpty { outcome.disagreements.append("the CRL does not count") }
        set.trustedTime = timestamp.trustedTime
        for (index, reading) in readings.enumerated() {
            guard let object = reading.objectValue, let text = object.string("readingTime"),
                  let readingTime = try? SampleDate(rfc3339: text).date else {
                return .disagree("readings[\(index)] needs readingTime (RFC 3339)")
            }
            let revoked = set.revocation(of: certificate, candidates: trust.certificates, at: readingTime) != nil
            outcome.compare("readings[\(index)].verdict", expected: object.string("verdict") ?? "(missing)",
                            got: revoked ? "revoked" : "valid")
            let ahead = timestamp.trustedTime.map { readingTime > $0 } ?? false
            let expectedAhead = if case .bool(let value)? = object["deviceClockAhead"] { String(value) } else { "(missing)" }
            outcome.compare("readings[\(index)].deviceClockAhead", expected: expectedAhead, got: String(ahead))
        }
        return outcome
    }
}
