import CryptoBackend
import Foundation
import OwnedMemory

/// The chain verdicts this thread reached last, so a fleet's readings (one device certificate
/// and its vendor CA, thousands of times) are path-validated once per chain rather than once per
/// reading: that validation checks the certificate's own ECDSA signature, as costly as the
/// reading's.
///
/// Why a remembered verdict is today's verdict: OpenSSL's path validation depends on the time
/// only through each certificate's validity period (no CRLs are given to it; revocation is
/// judged apart, by ``RevocationSet``). An entry is kept only when, at the second validated,
/// every certificate given (leaf, intermediates and roots) was inside its period, and it
/// answers only for a second at which every one still is (the intersection of the periods, its
/// notAfter seconds excluded, as OpenSSL counts them expired):
/// OpenSSL then sees the same certificates, each valid, and builds and judges the same chain.
/// Any other time, or any certificate with a fractional-second period, goes to the reference,
/// ``SignerCertificateCheck/checkWithoutChainCache(_:intermediates:trustedRoots:at:)``.
/// Entries are matched on the exact DER bytes of every certificate given, in order.
struct SignerChainCache {
    private struct Entry {
        let leaf: [UInt8]
        let intermediates: [[UInt8]]
        let roots: [[UInt8]]
        /// The latest notBefore and earliest notAfter of the certificates given: OpenSSL takes a
        /// certificate as expired at its notAfter second itself, so `until` is excluded.
        let from: Date
        let until: Date
        let failure: SignerCertificateCheck.Failure?
    }

    /// A few distinct chains per thread cover a fleet's input (one device at a time, a handful
    /// of vendor CAs); the oldest entry is dropped past this.
    static let capacity = 16

    private var entries: [Entry] = []

    /// The verdict for the chain at `second` (a whole second), when one is remembered.
    private func verdict(_ leaf: Certificate, _ intermediates: [Certificate], _ roots: [Certificate],
                         at second: Date) -> SignerCertificateCheck.Failure?? {
        for entry in entries.reversed()
        where entry.leaf == leaf.derEncoded && second >= entry.from && second < entry.until
            && Self.same(entry.intermediates, intermediates) && Self.same(entry.roots, roots) {
            return .some(entry.failure)
        }
        return nil
    }

    private static func same(_ bytes: [[UInt8]], _ certificates: [Certificate]) -> Bool {
        bytes.count == certificates.count && zip(bytes, certificates).allSatisfy { $0 == $1.derEncoded }
    }

    private mutating func remember(_ leaf: Certificate, _ intermediates: [Certificate], _ roots: [Certificate],
                                   window: (from: Date, until: Date), failure: SignerCertificateCheck.Failure?) {
        if entries.count >= Self.capacity { entries.removeFirst() }
        entries.append(Entry(leaf: leaf.derEncoded, intermediates: intermediates.map(\.derEncoded),
                             roots: roots.map(\.derEncoded), from: window.from, until: window.until, failure: failure))
    }

    /// The seconds at which every certificate given is inside its period (OpenSSL: from notBefore, before notAfter), when `second` is one
    /// of them and every bound is a whole second; `nil` otherwise (the verdict is not kept).
    private static func window(_ leaf: Certificate, _ intermediates: [Certificate], _ roots: [Certificate],
                               containing second: Date) -> (from: Date, until: Date)? {
        var from = leaf.notBefore
        var until = leaf.notAfter
        for certificate in [leaf] + intermediates + roots {
            guard isWholeSecond(certificate.notBefore), isWholeSecond(certificate.notAfter) else { return nil }
            from = max(from, certificate.notBefore)
            until = min(until, certificate.notAfter)
        }
        guard second >= from, second < until else { return nil }
        return (from, until)
    }

    private static func isWholeSecond(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite && seconds.rounded(.down) == seconds
    }

    /// The path validation of `leaf` at `date`: remembered, or made by `validate` and remembered
    /// when its window allows.
    static func chainFailure(_ leaf: Certificate, intermediates: [Certificate], trustedRoots: [Certificate],
                             at date: Date,
                             validate: () -> SignerCertificateCheck.Failure?) -> SignerCertificateCheck.Failure? {
        let seconds = date.timeIntervalSince1970
        // Outside this range the reference refuses the time itself; it answers for it.
        guard seconds.isFinite, abs(seconds) < 1e12 else { return validate() }
        let second = Date(timeIntervalSince1970: seconds.rounded(.down))
        if let known = current.with({ $0.verdict(leaf, intermediates, trustedRoots, at: second) }) {
            return known
        }
        let failure = validate()
        if let window = window(leaf, intermediates, trustedRoots, containing: second) {
            current.with { $0.remember(leaf, intermediates, trustedRoots, window: window, failure: failure) }
        }
        return failure
    }

    /// This thread's cache, made on first use and released when the thread ends.
    private static let current = ThreadLocal { SignerChainCache() }
}
