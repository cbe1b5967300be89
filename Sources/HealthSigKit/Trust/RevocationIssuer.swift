import CryptoBackend
import Foundation
import HealthSamples

/// `healthsig revoke`: a vendor CA adds a device certificate to its CRL (docs/TRUST.md).
public enum RevocationIssuer {
    /// The reasons `revoke --reason` takes, by their command-line names.
    public enum Reason: String, CaseIterable, Sendable {
        case keyCompromise = "key-compromise"
        case superseded
        case cessationOfOperation = "cessation-of-operation"
        case affiliationChanged = "affiliation-changed"
        case unspecified

        /// The CRLReason written (RFC 5280 §5.3.1).
        public var crlReason: RevocationReason {
            switch self {
            case .keyCompromise: .keyCompromise
            case .superseded: .superseded
            case .cessationOfOperation: .cessationOfOperation
            case .affiliationChanged: .affiliationChanged
            case .unspecified: .unspecified
            }
        }
    }

    /// What `revoke` wrote.
    public struct Outcome: Sendable {
        /// The new CRL.
        public let crl: CertificateRevocationList
        /// Whether the CRL file existed before (its entries were kept).
        public let extendedExisting: Bool
    }

    /// Adds `certificatePath`'s certificate to the CRL at `crlPath` (created when absent), issued
    /// by the CA `ca` (`CA.cert.pem` and `CA.key.pem`, as `keygen --issuer` takes it), and writes
    /// the CRL atomically as PEM.
    ///
    /// `ca` may instead be a `pkcs11:` URI naming the CA key in a token, reached with `token`;
    /// the CA certificate is then `caCertificatePath`.
    public static func revoke(ca: String, passphrase: KeyFiles.PassphraseSource, certificatePath: String,
                              reason: Reason, compromisedAt: Date?, crlPath: String, nextUpdateDays: Int,
                              now: Date = Date(), caCertificatePath: String? = nil,
                              token: TokenAccess? = nil) throws(ToolError) -> Outcome {
        var files = KeyFiles.issuerFiles(ca)
        if PKCS11URI.isPKCS11URI(ca) {
            guard let caCertificatePath else {
                throw .usage("--ca \(ca) is a key in a PKCS#11 token: give the CA certificate with --ca-cert")
            }
            files = (caCertificatePath, ca)
        } else if caCertificatePath != nil {
            throw .usage("--ca-cert is for a CA key in a token (--ca pkcs11:...); --ca \(ca) names CA.cert.pem itself")
        }
        let authority = try KeyFiles.loadCertificate(files.certificatePath)
        let key = try KeyFiles.loadKey(files.keyPath, token: token, option: "--ca", passphrase: passphrase)
        let certificate = try KeyFiles.loadCertificate(certificatePath)
        var previous: CertificateRevocationList?
        var info = stat()
        if lstat(crlPath, &info) == 0 {
            let bytes = try FileAccess.readBytes(crlPath)
            do {
                previous = try CertificateRevocationList(fileBytes: bytes)
            } catch {
                throw .keyMaterial(path: crlPath, reason: "\(error)")
            }
        }
        let crl: CertificateRevocationList
        do {
            crl = try CertificateRevocationList.issue(authority: authority, authorityKey: key, revoking: certificate,
                                                      reason: reason.crlReason, compromisedAt: compromisedAt,
                                                      nextUpdateDays: nextUpdateDays, previous: previous, now: now)
        } catch {
            throw .usage("cannot revoke \(certificatePath): \(error)")
        }
        try OutputFiles.write(Array(crl.pemString.utf8), to: crlPath,
                              protecting: [files.certificatePath, files.keyPath, certificatePath] + passphrase.filePaths
                                  + (token?.filePaths ?? []))
        return Outcome(crl: crl, extendedExisting: previous != nil)
    }

    /// `revoke --compromised-at`: an RFC 3339 date-time not after `now`.
    public static func parseCompromiseTime(_ text: String, now: Date = Date()) throws(ToolError) -> Date {
        let date: Date
        do {
            date = try SampleDate(rfc3339: text).date
        } catch {
            throw .usage("--compromised-at takes an RFC 3339 date-time such as 2026-11-21T08:00:00Z, not \(text): \(error)")
        }
        guard date <= now else {
            throw .usage("--compromised-at \(text) is in the future; the compromise time cannot be after the revocation (now)")
        }
        return date
    }
}
