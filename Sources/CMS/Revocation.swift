import CryptoBackend
import Foundation

/// Why a signer is `revoked` (docs/TRUST.md): the CRL entry of a certificate on its chain, and
/// which rule made it count at the time checked.
public struct Revocation: Sendable, Hashable {
    /// The certificate the entry revokes: the signer's own, or a CA above it.
    public let subject: String
    /// The CA that issued the CRL.
    public let crlIssuer: String
    /// The entry's reasonCode; `nil` when absent (read as unspecified).
    public let reason: RevocationReason?
    /// The entry's revocationDate.
    public let revokedAt: Date
    /// The entry's invalidityDate (when the key is known or suspected to have been compromised).
    public let compromisedAt: Date?
    /// Whether the revoked certificate is a CA above the signer's certificate.
    public let isAuthority: Bool
    /// The rule that applied.
    public let rule: RevocationRule

    /// Creates a revocation.
    public init(subject: String, crlIssuer: String, reason: RevocationReason?, revokedAt: Date, compromisedAt: Date?,
                isAuthority: Bool, rule: RevocationRule) {
        self.subject = subject
        self.crlIssuer = crlIssuer
        self.reason = reason
        self.revokedAt = revokedAt
        self.compromisedAt = compromisedAt
        self.isAuthority = isAuthority
        self.rule = rule
    }

    /// The reason's RFC 5280 name; `unspecified` when the entry has none.
    public var reasonName: String { (reason ?? .unspecified).description }
}

extension Revocation {
    /// `2026-11-21T08:00:00Z`: RFC 3339 in UTC, whole seconds, as reports write these times.
    public static func timeText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
