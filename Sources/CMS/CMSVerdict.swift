/// The outcome of `CMSVerifier.verify`: valid, or exactly one reason it is not.
///
/// Each case has a stable machine `name` (for JSON output and exit codes) and a human `reason`.
public enum CMSVerdict: Sendable, Equatable, CustomStringConvertible {
    /// The signature verifies under a trusted key and every profile check passed.
    case valid(CMSSignerInfoSummary)
    /// No trusted key or certificate matches the signer identifier, or an embedded certificate
    /// does not chain to a trusted one. The reason names the sid in hex.
    case untrustedSigner(reason: String)
    /// The signer is trusted but the signature, the message-digest attribute or the supplied
    /// content does not match.
    case badSignature(reason: String)
    /// Not DER, not a SignedData, or breaks an RFC 5652 rule. `code` is a `DERError.Code` raw
    /// value for encoding errors or a `CMSMalformedCode` raw value for CMS rules; `offset` is the
    /// byte position in the input when known.
    case malformed(reason: String, code: String, offset: Int?)
    /// A digest or signature algorithm outside the profile (SHA-256, ecdsa-with-SHA256), or
    /// parameters the profile does not allow.
    case unsupportedAlgorithm(reason: String)

    /// `valid`, `untrusted-signer`, `bad-signature`, `malformed` or `unsupported-algorithm`.
    public var name: String {
        switch self {
        case .valid: return "valid"
        case .untrustedSigner: return "untrusted-signer"
        case .badSignature: return "bad-signature"
        case .malformed: return "malformed"
        case .unsupportedAlgorithm: return "unsupported-algorithm"
        }
    }

    /// A human explanation; for `valid`, who signed.
    public var reason: String {
        switch self {
        case .valid(let summary):
            return "signed by key \(summary.keyIdentifierHex)"
                + (summary.certificateSubject.map { " (\($0))" } ?? "")
        case .untrustedSigner(let reason), .badSignature(let reason), .unsupportedAlgorithm(let reason):
            return reason
        case .malformed(let reason, let code, let offset):
            return "\(reason) [\(code)\(offset.map { " at offset \($0)" } ?? "")]"
        }
    }

    /// Whether the verdict is `valid`.
    public var isValid: Bool {
        if case .valid = self { return true }
        return false
    }

    /// The summary of a valid signature, else `nil`.
    public var summary: CMSSignerInfoSummary? {
        if case .valid(let summary) = self { return summary }
        return nil
    }

    /// `name: reason`.
    public var description: String { "\(name): \(reason)" }
}
