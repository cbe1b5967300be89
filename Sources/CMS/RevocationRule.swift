import CryptoBackend
import Foundation

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
