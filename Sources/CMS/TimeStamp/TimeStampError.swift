/// Why a time-stamp token proves nothing (docs/TRUST.md, "Trusted time"). Each case has a
/// stable machine `code` for reports and vectors.
public enum TimeStampError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a TimeStampToken: bad DER, not a SignedData of id-ct-TSTInfo, a TSTInfo rule broken,
    /// no signer certificate, no ESS signing-certificate attribute. The text says which.
    case malformed(String)
    /// The signer certificate breaks RFC 3161 2.3 (its extendedKeyUsage, cA, keyUsage).
    case notATimeStampingCertificate(subject: String, problem: String)
    /// The TSA certificate does not chain, at genTime, to a certificate given with `--tsa-trust`.
    case untrustedAuthority(subject: String, reason: String)
    /// The SignedData does not verify (CMS verdict) or its ESS attribute names another certificate.
    case badSignature(String)
    /// The token is about other bytes: its messageImprint is not SHA-256 of the signature.
    case imprintMismatch(String)

    /// `timestamp-malformed`, `timestamp-not-tsa-certificate`, `timestamp-untrusted-tsa`,
    /// `timestamp-bad-signature` or `timestamp-imprint-mismatch`.
    public var code: String {
        switch self {
        case .malformed: "timestamp-malformed"
        case .notATimeStampingCertificate: "timestamp-not-tsa-certificate"
        case .untrustedAuthority: "timestamp-untrusted-tsa"
        case .badSignature: "timestamp-bad-signature"
        case .imprintMismatch: "timestamp-imprint-mismatch"
        }
    }

    /// A sentence for reports.
    public var description: String {
        switch self {
        case .malformed(let reason): "the timestamp token is malformed: \(reason)"
        case .notATimeStampingCertificate(let subject, let problem):
            "the timestamp token's signer \(subject) is not a time-stamp authority: \(problem)"
        case .untrustedAuthority(let subject, let reason):
            "the timestamp token's authority \(subject) is not trusted (--tsa-trust): \(reason)"
        case .badSignature(let reason): "the timestamp token's signature does not verify: \(reason)"
        case .imprintMismatch(let reason): "the timestamp token is not about this signature: \(reason)"
        }
    }
}
