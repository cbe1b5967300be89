import CryptoBackend
import Foundation
import HealthSigKit
import SampleIO

/// How `RevocationVectors` proposes its tests: CRLs issued with CryptoBackend's CRL issuer (as
/// `healthsig revoke` writes them) at fixed times, over TEST keys made for the run.
extension RevocationVectors: VectorFamilyGenerator {
    var header: [String] {
        [
            "CRLs (RFC 5280 §5) beside a trusted CA, as verify reads them with --crl or from a trust directory (docs/TRUST.md).",
            "A CRL counts only when it is strict DER and signed by the trusted CA; anything else is ignored. A counted CRL whose nextUpdate is before checkedAt is stale, and still revokes.",
            "The time rule, with no trusted time (no timestamp): keyCompromise, unspecified (no reasonCode) or an invalidityDate revoke every reading, whatever its own date;",
            "superseded, cessationOfOperation and affiliationChanged revoke readings dated at or after the revocationDate and leave earlier ones valid.",
            "All key material here is made for this suite: TEST keys, never trust them.",
        ]
    }

    var notes: [String: String] {
        [
            "ValidCRL": "A CRL signed by the trusted CA, within its nextUpdate: counted.",
            "WrongSigner": "A CRL naming the trusted CA as issuer but signed by another key: ignored.",
            "UnknownIssuer": "A CRL of a CA that is not trusted: ignored.",
            "NotDER": "A CRL whose encoding breaks a DER rule (a length in more octets than needed, X.690 10.1): ignored.",
            "StaleCRL": "A CRL whose nextUpdate is before checkedAt: counted, stale, and it still revokes.",
            "PEM": "The CRL file is PEM (X509 CRL) rather than DER.",
            "KeyCompromise": "reasonCode keyCompromise: no reading through the certificate is trusted without a trusted time.",
            "Unspecified": "No reasonCode (unspecified): treated as a compromise.",
            "InvalidityDate": "The entry carries an invalidityDate (RFC 5280 §5.3.2): treated as a compromise, whatever the reason.",
            "RevokedFromDate": "superseded, cessationOfOperation or affiliationChanged without invalidityDate: readings before the revocationDate stay valid.",
            "ReadingBefore": "The reading is dated before the revocationDate (and before any invalidityDate).",
            "ReadingAfter": "The reading is dated after the revocationDate.",
        ]
    }

    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec] {
        let m = RevocationVectorMaterial()
        func crlTest(_ crl: @escaping () throws -> [UInt8], checkedAt: String = RevocationVectorMaterial.fresh,
                     counted: Bool, stale: Bool = false) -> () throws -> [(String, JSONValue)] {
            {
                var members: [(String, JSONValue)] = [
                    ("crl", .text(VectorHex.encode(try crl()))), ("trust", .text(try m.authority().certificate.pemString)),
                    ("checkedAt", .text(checkedAt)), ("result", .text(counted ? "counted" : "ignored")),
                ]
                if counted { members.append(("stale", .bool(stale))) }
                return members
            }
        }
        let crls: [VectorCase] = [
            VectorCase("CRL signed by the trusted CA, DER, before its nextUpdate", flags: ["ValidCRL"],
                       build: crlTest({ try m.crl(.superseded).derEncoded }, counted: true)),
            VectorCase("CRL signed by the trusted CA, PEM, before its nextUpdate", flags: ["ValidCRL", "PEM"],
                       build: crlTest({ Array(try m.crl(.superseded).pemString.utf8) }, counted: true)),
            VectorCase("CRL past its nextUpdate: counted and stale", flags: ["StaleCRL"],
                       build: crlTest({ try m.crl(.superseded).derEncoded }, checkedAt: RevocationVectorMaterial.afterNextUpdate,
                                      counted: true, stale: true)),
            VectorCase("CRL naming the trusted CA but signed by another key with the same name", flags: ["WrongSigner"],
                       build: crlTest({ try m.impostorCRL().derEncoded }, counted: false)),
            VectorCase("CRL of a CA that is not trusted", flags: ["UnknownIssuer"],
                       build: crlTest({ try m.otherCRL().derEncoded }, counted: false)),
            VectorCase("CRL whose outer SEQUENCE length takes one more octet than needed", flags: ["NotDER"],
                       build: crlTest({ try m.nonMinimalLength(try m.crl(.superseded).derEncoded) }, counted: false)),
        ]
        var readings: [VectorCase] = []
        let reasons: [(name: String, reason: RevocationReason, compromised: Bool, flags: [String], revokesBefore: Bool)] = [
            ("keyCompromise", .keyCompromise, false, ["KeyCompromise"], true),
            ("keyCompromise with invalidityDate", .keyCompromise, true, ["KeyCompromise", "InvalidityDate"], true),
            ("unspecified", .unspecified, false, ["Unspecified"], true),
            ("superseded", .superseded, false, ["RevokedFromDate"], false),
            ("cessationOfOperation", .cessationOfOperation, false, ["RevokedFromDate"], false),
            ("affiliationChanged", .affiliationChanged, false, ["RevokedFromDate"], false),
            ("superseded with invalidityDate", .superseded, true, ["InvalidityDate"], true),
        ]
        for entry in reasons {
            for (when, time, flag) in [("before", RevocationVectorMaterial.readingBefore, "ReadingBefore"),
                                       ("after", RevocationVectorMaterial.readingAfter, "ReadingAfter")] {
                let revoked = when == "after" || entry.revokesBefore
                readings.append(VectorCase("\(entry.name): reading \(when) the revocation", flags: entry.flags + [flag],
                                           build: {
                    try crlTest({ try m.crl(entry.reason, compromised: entry.compromised).derEncoded }, counted: true)()
                        + [("certificate", .text(try m.device().pemString)), ("readingTime", .text(time)),
                           ("verdict", .text(revoked ? "revoked" : "valid"))]
                }))
            }
        }
        readings.append(VectorCase("superseded, in a stale CRL: a reading after the revocation is still revoked",
                                   flags: ["StaleCRL", "RevokedFromDate", "ReadingAfter"], build: {
            try crlTest({ try m.crl(.superseded).derEncoded }, checkedAt: RevocationVectorMaterial.afterNextUpdate,
                        counted: true, stale: true)()
                + [("certificate", .text(try m.device().pemString)), ("readingTime", .text(RevocationVectorMaterial.readingAfter)),
                   ("verdict", .text("revoked"))]
        }))
        return [
            VectorGroupSpec(name: "crls", members: { [] }, cases: crls),
            VectorGroupSpec(name: "readings", members: { [] }, cases: readings),
        ]
    }
}

/// The CAs, the device certificate and the CRLs of one generation run, made once and shared by
/// its tests, at fixed times so that the expected results do not depend on the day of the run.
final class RevocationVectorMaterial {
    static let caStart = "2026-01-01T00:00:00Z"
    static let caSubject = "O=healthsig test vectors,CN=TEST revocation CA - never trust"
    /// The CRL's thisUpdate and every entry's revocationDate.
    static let revokedAt = "2026-06-01T00:00:00Z"
    /// The invalidityDate of entries that carry one (before the revocation).
    static let compromisedAt = "2026-05-01T00:00:00Z"
    static let readingBefore = "2026-04-15T08:00:00Z"
    static let readingAfter = "2026-06-10T08:00:00Z"
    /// Before the CRLs' nextUpdate (30 days after thisUpdate) and after it.
    static let fresh = "2026-06-15T00:00:00Z"
    static let afterNextUpdate = "2026-08-01T00:00:00Z"

    private var authorityMaterial: (certificate: Certificate, key: P256PrivateKey)?
    private var deviceCertificate: Certificate?
    private var crls: [String: CertificateRevocationList] = [:]

    private static func date(_ text: String) throws -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw VectorGenerationError.testKeys("bad fixed time \(text)")
        }
        return date
    }

    func authority() throws -> (certificate: Certificate, key: P256PrivateKey) {
        if let authorityMaterial { return authorityMaterial }
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.certificateAuthority(privateKey: key, subject: Self.caSubject,
                                                               days: 3650, notBefore: try Self.date(Self.caStart))
        authorityMaterial = (certificate, key)
        return (certificate, key)
    }

    func device() throws -> Certificate {
        if let deviceCertificate { return deviceCertificate }
        let ca = try authority()
        let certificate = try Certificate.issued(for: try P256PrivateKey.generate().publicKey,
                                                 subject: "O=healthsig test vectors,CN=TEST revoked device - never trust",
                                                 days: 3000, notBefore: try Self.date(Self.caStart), issuer: ca.certificate, issuerKey: ca.key)
        deviceCertificate = certificate
        return certificate
    }

    /// A CRL of the trusted CA revoking the device for `reason`, with an invalidityDate when `compromised`.
    func crl(_ reason: RevocationReason, compromised: Bool = false) throws -> CertificateRevocationList {
        let name = "\(reason.rawValue)-\(compromised)"
        if let known = crls[name] { return known }
        let ca = try authority()
        let crl = try CertificateRevocationList.issue(authority: ca.certificate, authorityKey: ca.key, revoking: try device(),
                                                      reason: reason, compromisedAt: compromised ? try Self.date(Self.compromisedAt) : nil,
                                                      nextUpdateDays: 30, previous: nil, now: try Self.date(Self.revokedAt))
        crls[name] = crl
        return crl
    }

    /// A CRL under the trusted CA's name, signed by another key (revoking a certificate that key issued).
    func impostorCRL() throws -> CertificateRevocationList {
        try crl(byNewCA: Self.caSubject)
    }

    /// A CRL of a CA that is not trusted.
    func otherCRL() throws -> CertificateRevocationList {
        try crl(byNewCA: "O=healthsig test vectors,CN=TEST other CA - never trust")
    }

    private func crl(byNewCA subject: String) throws -> CertificateRevocationList {
        let key = try P256PrivateKey.generate()
        let ca = try Certificate.certificateAuthority(privateKey: key, subject: subject, days: 3650, notBefore: try Self.date(Self.caStart))
        let device = try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "O=healthsig test vectors,CN=TEST device",
                                            days: 3000, notBefore: try Self.date(Self.caStart), issuer: ca, issuerKey: key)
        return try CertificateRevocationList.issue(authority: ca, authorityKey: key, revoking: device, reason: .superseded,
                                                   compromisedAt: nil, nextUpdateDays: 30, previous: nil, now: try Self.date(Self.revokedAt))
    }

    /// `der` with its outer length written in one more octet than DER allows.
    func nonMinimalLength(_ der: [UInt8]) throws -> [UInt8] {
        guard der.count > 4, der[0] == 0x30, der[1] & 0x80 != 0 else {
            throw VectorGenerationError.testKeys("a CRL shorter than 128 octets")
        }
        let octets = Int(der[1] & 0x7F)
        return [0x30, UInt8(0x80 | (octets + 1)), 0x00] + der[2...]
    }
}
