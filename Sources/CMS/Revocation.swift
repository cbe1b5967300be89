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

/// The time rule for a revoked certificate (docs/TRUST.md, "The revocation rule").
public enum RevocationRule: String, Sendable, Hashable {
    /// keyCompromise, unspecified (or no reason), a CA or AA compromise, any reason other than
    /// the three below, or an invalidityDate present: the key may have been stolen, and a stolen
    /// key can write any date, so only a trusted time before the compromise could save a
    /// reading. healthsig has no trusted-time source yet, so every reading is revoked.
    case compromise
    /// superseded, cessationOfOperation, affiliationChanged without an invalidityDate: the key
    /// was not stolen, so readings dated before the revocation date stay valid.
    case revokedFromDate = "from-revocation-date"

    /// The rule of a CRL entry.
    public static func of(_ entry: CertificateRevocationList.Entry) -> RevocationRule {
        guard entry.invalidityDate == nil else { return .compromise }
        switch entry.reason {
        case .superseded?, .cessationOfOperation?, .affiliationChanged?: return .revokedFromDate
        default: return .compromise
        }
    }

    /// Whether a reading checked at `date` (its signed time, or `verify --at`) is revoked by
    /// `entry`.
    public static func revokes(_ entry: CertificateRevocationList.Entry, at date: Date) -> Bool {
        switch of(entry) {
        case .compromise: true
        case .revokedFromDate: date >= entry.revocationDate
        }
    }
}

extension Revocation {
    /// `2026-11-21T08:00:00Z`: RFC 3339 in UTC, whole seconds, as reports write these times.
    public static func timeText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
