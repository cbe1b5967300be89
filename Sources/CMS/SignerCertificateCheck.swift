import CryptoBackend
import Foundation

/// The rules a certificate must pass to vouch for a signer (docs/VERIFY.md, "Signer
/// certificates" and "Certificate time"): the signer profile (not a CA, keyUsage with
/// digitalSignature, extendedKeyUsage with emailProtection when present), then OpenSSL's path
/// validation at the given time. Every place that trusts a signer through a certificate checks
/// it here, whatever signature it came with (a sample's own or a batch's), so the rules are
/// stated once.
public enum SignerCertificateCheck {
    /// Why a certificate does not vouch for a signer.
    public enum Failure: Error, Sendable, Equatable {
        /// The certificate breaks the signer profile (its purpose forbids signing readings).
        case purpose(subject: String, problem: Certificate.SigningPurposeProblem)
        /// Path validation failed (OpenSSL's error); `outsidePeriod` is the certificate on the
        /// chain whose validity period does not hold the time, when that is the reason.
        case chain(CryptoError, outsidePeriod: ValidityPeriod?)
    }

    /// A certificate's validity period, for messages that say what to do about it.
    public struct ValidityPeriod: Sendable, Equatable {
        public let subject: String
        public let notBefore: Date
        public let notAfter: Date
    }

    /// Checks `certificate` as the signer's: its purpose, then its chain to one of
    /// `trustedRoots` at `date` (for a certificate trusted itself, pass it as the only root).
    /// `nil` when it vouches for the signer.
    public static func check(_ certificate: Certificate, intermediates: [Certificate] = [],
                             trustedRoots: [Certificate], at date: Date) -> Failure? {
        if let problem = certificate.signingPurposeProblem {
            return .purpose(subject: certificate.subject, problem: problem)
        }
        // Perf: ≈ 925,000 instructions a sample of fleet verify (24 %: device certificate embedded,
        // vendor CA trusted), callgrind as scripts/count-instructions counts, 500 readings.
        return SignerChainCache.chainFailure(certificate, intermediates: intermediates, trustedRoots: trustedRoots,
                                             at: date) {
            chainFailure(certificate, intermediates: intermediates, trustedRoots: trustedRoots, at: date)
        }
    }

    /// ``check(_:intermediates:trustedRoots:at:)`` with the chain validated every time, none
    /// remembered: the reference the chain cache is tested against.
    @_spi(FastPathReference)
    public static func checkWithoutChainCache(_ certificate: Certificate, intermediates: [Certificate] = [],
                                              trustedRoots: [Certificate], at date: Date) -> Failure? {
        if let problem = certificate.signingPurposeProblem {
            return .purpose(subject: certificate.subject, problem: problem)
        }
        return chainFailure(certificate, intermediates: intermediates, trustedRoots: trustedRoots, at: date)
    }

    private static func chainFailure(_ certificate: Certificate, intermediates: [Certificate],
                                     trustedRoots: [Certificate], at date: Date) -> Failure? {
        guard case .failure(let error) = Certificate.verifyChain(leaf: certificate, intermediates: intermediates,
                                                                trustedRoots: trustedRoots, at: date) else {
            return nil
        }
        return .chain(error, outsidePeriod: outsidePeriod(error, at: date, chain: [certificate] + intermediates + trustedRoots))
    }

    /// The certificate whose period excludes `date`, when OpenSSL refused for that reason: the
    /// one OpenSSL names, else the first on the chain (leaf first). OpenSSL compares whole
    /// seconds, so the date is taken down to its second as it was.
    private static func outsidePeriod(_ error: CryptoError, at date: Date, chain: [Certificate]) -> ValidityPeriod? {
        guard case .chainVerificationFailed(let reason, _) = error,
              reason.hasPrefix("certificate is not yet valid") || reason.hasPrefix("certificate has expired") else {
            return nil
        }
        let second = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        let outside = chain.filter { second < $0.notBefore || second > $0.notAfter }
        guard let certificate = outside.first(where: { reason.contains("(subject \"\($0.subject)\")") }) ?? outside.first else {
            return nil
        }
        return ValidityPeriod(subject: certificate.subject, notBefore: certificate.notBefore, notAfter: certificate.notAfter)
    }
}
