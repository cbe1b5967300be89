import CryptoBackend
import Foundation
import HealthSamples

/// A signer's rule: a reading is signed with a certificate only if its signed time lies inside
/// the certificate's validity. A verifier checks the certificate at the reading's signed time,
/// its end date (docs/VERIFY.md, "Certificate time"), so a reading outside the period would be
/// signed only to verify `untrusted-signer` — most often because the certificate was made after
/// the readings were taken.
public struct CertificatePeriodCheck: Sendable {
    /// The certificate's subject, for messages.
    public let subject: String
    public let notBefore: Date
    public let notAfter: Date

    /// The check for `certificate`'s period.
    public init(certificate: Certificate) {
        subject = certificate.subject
        notBefore = certificate.notBefore
        notAfter = certificate.notAfter
    }

    /// Why `sample` falls outside the period, or `nil`. The end date is taken down to its
    /// second, as the verifier's OpenSSL path validation takes it, so both judge alike.
    public func problem(for sample: Sample) -> OutsideCertificatePeriod? {
        let signedTime = sample.endDate.date
        let second = Date(timeIntervalSince1970: signedTime.timeIntervalSince1970.rounded(.down))
        guard second < notBefore || second > notAfter else { return nil }
        return OutsideCertificatePeriod(signedTime: signedTime, subject: subject, notBefore: notBefore, notAfter: notAfter)
    }
}

/// A reading dated outside its signer certificate's validity (``CertificatePeriodCheck``).
public struct OutsideCertificatePeriod: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reading's signed time (its end date).
    public let signedTime: Date
    public let subject: String
    public let notBefore: Date
    public let notAfter: Date

    /// `the reading is dated 2026-11-21T08:00:00Z (its end date), outside the validity of the
    /// certificate CN=… (2026-11-29T03:00:00Z to 2036-11-27T03:00:00Z): …`.
    public var description: String {
        "the reading is dated \(Self.text(signedTime)) (its end date), outside the validity of the certificate \(subject) "
            + "(\(Self.text(notBefore)) to \(Self.text(notAfter))), so a verifier would find it untrusted-signer; "
            + "issue the certificate with keygen --not-before on or before the first reading, "
            + "or sign it anyway with --allow-outside-validity"
    }

    /// RFC 3339 in UTC; a fraction of a second is shown, since a reading may end within the
    /// certificate's first or last second.
    private static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
            ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
