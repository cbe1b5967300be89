import CryptoBackend
import Foundation

/// The CRLs a verifier counts (docs/TRUST.md): each signed by a CA certificate of the trust set
/// that may sign CRLs, and strict DER. The set is built from CRL bytes already read (CMS does no
/// I/O); a CRL that does not count is returned as a ``Refusal`` and never consulted.
public struct RevocationSet: Sendable {
    /// A CRL that counts, with the trusted CA that signed it and where it came from.
    public struct TrustedCRL: Sendable {
        public let crl: CertificateRevocationList
        public let signer: Certificate
        public let source: String
    }

    /// A CRL that does not count, and why.
    public struct Refusal: Sendable, Equatable, CustomStringConvertible {
        /// Where it came from (its file).
        public let source: String
        /// Why it is ignored.
        public let reason: String

        /// Creates a refusal.
        public init(source: String, reason: String) {
            self.source = source
            self.reason = reason
        }

        public var description: String { "ignoring the CRL \(source): \(reason)" }
    }

    /// The CRLs that count, in the order given.
    public private(set) var crls: [TrustedCRL] = []
    /// Entries by the revoked certificate's issuer Name (DER) and serial number.
    private var entries: [[UInt8]: [(entry: CertificateRevocationList.Entry, signer: Certificate, crlIssuer: String)]] = [:]

    /// When the signature being checked is proven to have existed (a verified RFC 3161 token's
    /// genTime): under the compromise rule a time before the compromise keeps it
    /// (``RevocationRule/revokes(_:at:trustedTime:)``). Set on a copy for one signature.
    public var trustedTime: Date?

    /// An empty set: nothing is revoked.
    public init() {}

    /// Whether no CRL counts.
    public var isEmpty: Bool { crls.isEmpty }

    /// The set of the CRLs among `sources` that count against `trust`, and the refusals of the
    /// others: bytes that are not one strict-DER CRL, a CRL no certificate of `trust` signed, or
    /// signed by a certificate that may not sign CRLs.
    public static func build(_ sources: [(source: String, bytes: [UInt8])], trust: TrustSet) -> (RevocationSet, [Refusal]) {
        var set = RevocationSet()
        var refusals: [Refusal] = []
        for (source, bytes) in sources {
            let crl: CertificateRevocationList
            do {
                crl = try CertificateRevocationList(fileBytes: bytes)
            } catch {
                refusals.append(Refusal(source: source, reason: "\(error)"))
                continue
            }
            let named = trust.certificates.filter { $0.subjectNameDER == crl.issuerNameDER }
            guard let signer = named.first(where: { crl.isSigned(by: $0) }) else {
                refusals.append(Refusal(source: source, reason: named.isEmpty
                    ? "its issuer \(crl.issuer) is not a certificate of the trust set"
                    : "its signature does not verify under the trusted certificate \(crl.issuer)"))
                continue
            }
            if let problem = signer.crlSigningProblem {
                refusals.append(Refusal(source: source, reason: "its issuer \(signer.subject) may not sign CRLs: \(problem)"))
                continue
            }
            set.add(TrustedCRL(crl: crl, signer: signer, source: source))
        }
        return (set, refusals)
    }

    private mutating func add(_ trusted: TrustedCRL) {
        crls.append(trusted)
        for entry in trusted.crl.entries {
            entries[Self.key(issuer: trusted.crl.issuerNameDER, serial: entry.serialNumberBytes), default: []]
                .append((entry, trusted.signer, trusted.crl.issuer))
        }
    }

    /// Every revocationDate listed: the instants at which a verdict can change with the
    /// reading's time (the batch verifier splits certificate periods there).
    public var revocationDates: [Date] {
        crls.flatMap { $0.crl.entries.map(\.revocationDate) }
    }

    /// The CRLs whose nextUpdate is before `now`: they still revoke what they list, but newer
    /// revocations may be missing.
    public func stale(at now: Date) -> [TrustedCRL] {
        crls.filter { ($0.crl.nextUpdate ?? .distantFuture) < now }
    }

    /// The revocation that makes a signature trusted through `certificate` revoked at `date`,
    /// if any: an entry for the certificate itself, or for a CA above it on a chain through
    /// `candidates` (the trust set's certificates and those embedded in the SignedData), whose
    /// rule (``RevocationRule``) revokes at `date`. Each link of that chain is checked with the
    /// issuer's signature, and an entry counts only for a certificate its CRL's signer issued.
    public func revocation(of certificate: Certificate, candidates: [Certificate], at date: Date) -> Revocation? {
        guard !entries.isEmpty else { return nil }
        return search(certificate, path: [certificate], candidates: candidates, at: date)
    }

    /// Depth-first up the issuer names; signatures are checked only along a path that reaches
    /// an entry, so a chain with nothing revoked costs dictionary lookups only.
    private func search(_ certificate: Certificate, path: [Certificate], candidates: [Certificate], at date: Date) -> Revocation? {
        if let listed = entries[Self.key(issuer: certificate.issuerNameDER, serial: certificate.serialNumberBytes)] {
            for (entry, signer, crlIssuer) in listed where RevocationRule.revokes(entry, at: date, trustedTime: trustedTime) && certificate.isIssued(by: signer) {
                guard zip(path, path.dropFirst()).allSatisfy({ $0.isIssued(by: $1) }) else { continue }
                return Revocation(subject: certificate.subject, crlIssuer: crlIssuer, reason: entry.reason,
                                  revokedAt: entry.revocationDate, compromisedAt: entry.invalidityDate,
                                  isAuthority: path.count > 1, rule: RevocationRule.of(entry))
            }
        }
        guard !certificate.isSelfIssued, path.count < 8 else { return nil }
        for parent in candidates where parent.subjectNameDER == certificate.issuerNameDER && !path.contains(parent) {
            if let found = search(parent, path: path + [parent], candidates: candidates, at: date) { return found }
        }
        return nil
    }

    private static func key(issuer: [UInt8], serial: [UInt8]) -> [UInt8] {
        // The Name is DER (self-delimiting), so issuer followed by serial is unambiguous.
        issuer + serial
    }
}
