import CryptoBackend
import Foundation
import Testing
@_spi(FastPathReference) @testable import CMS

/// The chain cache against its reference: `SignerCertificateCheck.check` (remembering chain
/// verdicts per thread) and `checkWithoutChainCache` (validating every time) give the same
/// verdict for valid, expired, not yet valid, wrong-purpose and unchained certificates, at the
/// seconds around every period bound, asked in an order that fills the cache first.
@Suite("signer chain cache")
struct SignerChainCacheTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let day: TimeInterval = 86_400

    @Test func cachedChecksGiveTheReferenceVerdictAtEverySecondAroundEachPeriod() throws {
        let caKey = try P256PrivateKey.generate()
        let ca = try Certificate.certificateAuthority(privateKey: caKey, subject: "CN=Vendor CA", days: 3650, notBefore: Self.start)
        let otherKey = try P256PrivateKey.generate()
        let other = try Certificate.certificateAuthority(privateKey: otherKey, subject: "CN=Other CA", days: 3650,
                                                         notBefore: Self.start)
        func device(_ name: String, from offsetDays: Double, days: Int, issuer: Certificate = ca,
                    issuerKey: P256PrivateKey = caKey) throws -> Certificate {
            try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "CN=\(name)", days: days,
                                   notBefore: Self.start + offsetDays * Self.day, issuer: issuer, issuerKey: issuerKey)
        }
        let valid = try device("Valid", from: 1, days: 365)
        let expired = try device("Expired", from: 1, days: 2)
        let notYetValid = try device("Later", from: 300, days: 30)
        let unchained = try device("Unchained", from: 1, days: 365, issuer: other, issuerKey: otherKey)
        let selfSigned = try Certificate.selfSigned(privateKey: try P256PrivateKey.generate(), subject: "CN=Alone",
                                                    days: 365, notBefore: Self.start + Self.day)
        let cases: [(leaf: Certificate, intermediates: [Certificate], roots: [Certificate])] = [
            (valid, [], [ca]), (expired, [], [ca]), (notYetValid, [], [ca]), (unchained, [], [ca]),
            (ca, [], [ca]), (valid, [ca], [other]), (valid, [], [other, ca]), (unchained, [other], [ca]),
            (selfSigned, [], [selfSigned]), (valid, [], [valid]), (expired, [], [expired]),
        ]
        var instants: [Date] = [Self.start - 1, Self.start + 0.5, Self.start + 10 * Self.day + 0.999]
        for certificate in [ca, other, valid, expired, notYetValid, unchained, selfSigned] {
            for bound in [certificate.notBefore, certificate.notAfter] {
                instants += [bound - 1, bound - 0.25, bound, bound + 0.75, bound + 1]
            }
        }
        var differences: [String] = []
        // Twice over, the second pass on a filled cache, and each case again right after
        // another case's verdict was remembered at the same instant.
        for pass in 0..<2 {
            for date in instants {
                for (index, check) in cases.enumerated() {
                    let reference = SignerCertificateCheck.checkWithoutChainCache(
                        check.leaf, intermediates: check.intermediates, trustedRoots: check.roots, at: date)
                    let cached = SignerCertificateCheck.check(check.leaf, intermediates: check.intermediates,
                                                              trustedRoots: check.roots, at: date)
                    if cached != reference {
                        differences.append("pass \(pass), case \(index) at \(date.timeIntervalSince1970): "
                                           + "\(String(describing: cached)) vs \(String(describing: reference))")
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test func aValidChainIsRememberedOnlyForTheSecondsEveryCertificateCovers() throws {
        let caKey = try P256PrivateKey.generate()
        let ca = try Certificate.certificateAuthority(privateKey: caKey, subject: "CN=Vendor CA", days: 100, notBefore: Self.start)
        let leaf = try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "CN=Device", days: 365,
                                          notBefore: Self.start + Self.day, issuer: ca, issuerKey: caKey)
        // Valid inside both periods, then expired once the CA's ends though the leaf's goes on.
        #expect(SignerCertificateCheck.check(leaf, trustedRoots: [ca], at: Self.start + 2 * Self.day) == nil)
        guard case .chain(let error, let period)? = SignerCertificateCheck.check(leaf, trustedRoots: [ca],
                                                                               at: ca.notAfter + 1) else {
            Issue.record("a chain whose CA has expired was accepted")
            return
        }
        #expect(period == SignerCertificateCheck.ValidityPeriod(subject: ca.subject, notBefore: ca.notBefore, notAfter: ca.notAfter))
        #expect("\(error)".contains("certificate has expired"))
        // OpenSSL counts the notAfter second itself as expired; the second before is valid.
        #expect(SignerCertificateCheck.check(leaf, trustedRoots: [ca], at: ca.notAfter - 1) == nil)
        #expect(SignerCertificateCheck.check(leaf, trustedRoots: [ca], at: ca.notAfter)
                == SignerCertificateCheck.checkWithoutChainCache(leaf, trustedRoots: [ca], at: ca.notAfter))
    }
}

/// The embedded-certificate memo against its reference, `Certificate(derEncoded:)`.
@Suite("embedded certificate memo")
struct EmbeddedCertificateMemoTests {
    @Test func rememberedCertificatesAreTheOnesParsingTheSameBytesGives() throws {
        let caKey = try P256PrivateKey.generate()
        let ca = try Certificate.certificateAuthority(privateKey: caKey, subject: "CN=Vendor CA", days: 3650)
        let devices = try (0..<(EmbeddedCertificateMemo.capacity + 3)).map { index in
            try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "CN=Device \(index)", days: 365,
                                   issuer: ca, issuerKey: caKey)
        }
        // Every device twice over (more devices than the memo holds), then the first again.
        for der in (devices + devices + [devices[0], ca]).map(\.derEncoded) {
            let remembered = try EmbeddedCertificateMemo.certificate(der[...])
            let parsed = try Certificate(derEncoded: der)
            #expect(remembered == parsed)
            #expect(remembered.subject == parsed.subject && remembered.publicKey == parsed.publicKey)
            #expect(remembered.notBefore == parsed.notBefore && remembered.notAfter == parsed.notAfter)
            #expect(remembered.signingPurposeProblem == parsed.signingPurposeProblem)
        }
    }

    @Test func bytesThatAreNotACertificateAreRefusedEvenAfterTheirCertificateWasRemembered() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Device", days: 365)
        _ = try EmbeddedCertificateMemo.certificate(certificate.derEncoded[...])
        var changed = certificate.derEncoded
        changed[changed.count - 1] ^= 0x01
        let reference = Result { try Certificate(derEncoded: changed) }
        let remembered = Result { try EmbeddedCertificateMemo.certificate(changed[...]) }
        switch (remembered, reference) {
        case (.success(let memo), .success(let parsed)):
            #expect(memo == parsed && memo.derEncoded == changed && memo != certificate)
        case (.failure(let memo), .failure(let parsed)):
            #expect("\(memo)" == "\(parsed)")
        default:
            Issue.record("memo \(remembered) but reference \(reference)")
        }
        var truncated = certificate.derEncoded
        truncated.removeLast()
        #expect(throws: CryptoError.self) { try EmbeddedCertificateMemo.certificate(truncated[...]) }
    }
}
