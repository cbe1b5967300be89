import CryptoBackend
import Foundation

/// The time rule for a revoked certificate (docs/TRUST.md, "The revocation rule").
public enum RevocationRule: String, Sendable, Hashable {
    /// keyCompromise, unspecified (or no reason), a CA or AA compromise, any reason other than
    /// the three below, or an invalidityDate present: the key may have been stolen, and a stolen
    /// key can write any date, so only a trusted time before the compromise could save a
    /// reading: a time-stamp token's genTime before the compromise (``revokes(_:at:trustedTime:)``,
    /// `verify --tsa-trust`); without one every reading is revoked.
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
    /// `entry`. `trustedTime` is when the signature is proven to have existed (a verified RFC 3161
    /// token's genTime, ``TrustedTime``): under ``compromise`` only such a time before the
    /// compromise (the invalidityDate, else the revocationDate) keeps the reading; without one,
    /// every reading is revoked.
    public static func revokes(_ entry: CertificateRevocationList.Entry, at date: Date, trustedTime: Date? = nil) -> Bool {
        switch of(entry) {
        case .compromise: trustedTime.map { $0 >= compromiseTime(of: entry) } ?? true
        case .revokedFromDate: date >= entry.revocationDate
        }
    }

    /// When the key is taken to have been compromised: the invalidityDate, else the revocationDate.
    public static func compromiseTime(of entry: CertificateRevocationList.Entry) -> Date {
        entry.invalidityDate ?? entry.revocationDate
    }
}
