import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// Every certificate a signer is trusted through must be valid at the verification time, whether
/// the certificate is trusted directly or embedded and chained: the same certificate cannot give
/// one verdict in the trust set and another in the SignedData. Certificates are made by the real
/// `openssl ca` with fixed validity periods.
@Suite("Certificate validity at the verification time")
struct CertificateTimeTests {
    /// 2026-11-20T00:00:00Z to 2026-11-22T00:00:00Z: the period every certificate here has.
    static let notBefore = "20261120000000Z"
    static let notAfter = "20261122000000Z"
    static let inside = Date(timeIntervalSince1970: 1_795_132_800 + 86_400)   // 2026-11-21T00:00:00Z
    static let before = Date(timeIntervalSince1970: 1_795_132_800 - 3_600)     // 2026-11-19T23:00:00Z
    static let after = Date(timeIntervalSince1970: 1_795_132_800 + 2 * 86_400 + 1)

    /// A key and a certificate for it with the fixed period, issued by `issuer` (key and
    /// certificate file names) or self-signed.
    static func dated(_ name: String, in workspace: Workspace, ca: Bool = false,
                      issuer: (key: String, certificate: String)? = nil) throws -> (key: P256PrivateKey, certificate: Certificate, files: (key: String, certificate: String)) {
        let config = """
            [ca]
            default_ca = dated
            [dated]
            database = \(name)-index.txt
            new_certs_dir = .
            serial = \(name)-serial
            default_md = sha256
            policy = any
            unique_subject = no
            email_in_dn = no
            [any]
            commonName = supplied
            [leaf]
            subjectKeyIdentifier = hash
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            [authority]
            subjectKeyIdentifier = hash
            basicConstraints = critical, CA:TRUE
            keyUsage = critical, keyCertSign
            [req]
            distinguished_name = dn
            prompt = no
            [dn]

            """
        try workspace.write("\(name).cnf", text: config)
        try workspace.write("\(name)-index.txt", text: "")
        try workspace.write("\(name)-serial", text: "01\n")
        let keyFile = "\(name)-key.pem", certificateFile = "\(name)-cert.pem"
        try OpenSSLCommand.succeed(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", keyFile],
                                   in: workspace)
        try OpenSSLCommand.succeed(["req", "-new", "-config", "\(name).cnf", "-key", keyFile, "-subj", "/CN=\(name)",
                                    "-out", "\(name).csr"], in: workspace)
        var arguments = ["ca", "-batch", "-notext", "-config", "\(name).cnf", "-in", "\(name).csr",
                         "-startdate", notBefore, "-enddate", notAfter, "-extensions", ca ? "authority" : "leaf",
                         "-out", certificateFile]
        if let issuer {
            arguments += ["-cert", issuer.certificate, "-keyfile", issuer.key]
        } else {
            arguments += ["-selfsign", "-keyfile", keyFile]
        }
        try OpenSSLCommand.succeed(arguments, in: workspace)
        return (try P256PrivateKey(pem: try workspace.readText(keyFile)),
                try Certificate(pem: try workspace.readText(certificateFile)), (keyFile, certificateFile))
    }

    let content = Array("heart rate 72 count/min".utf8)

    @Test("a directly trusted certificate is valid inside its period, expired after, not yet valid before")
    func directlyTrusted() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let device = try Self.dated("device", in: workspace)
        let der = try SignedDataBuilder().sign(content, using: device.key)
        let trust = TrustSet(certificates: [device.certificate])
        #expect(CMSVerifier.verify(der, trust: trust, at: Self.inside).isValid)
        let expired = CMSVerifier.verify(der, trust: trust, at: Self.after)
        #expect(expired.name == "untrusted-signer")
        #expect(expired.reason.contains("certificate has expired"), "\(expired.reason)")
        #expect(expired.reason.contains("2026-11-22T00:00:01Z"), "\(expired.reason)")
        let early = CMSVerifier.verify(der, trust: trust, at: Self.before)
        #expect(early.name == "untrusted-signer")
        #expect(early.reason.contains("certificate is not yet valid"), "\(early.reason)")
    }

    @Test("the same certificate embedded and chained to a trusted CA gives the same verdicts")
    func embeddedAndChained() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let authority = try Self.dated("authority", in: workspace, ca: true)
        let device = try Self.dated("device", in: workspace, issuer: authority.files)
        let der = try SignedDataBuilder(signerCertificate: device.certificate, embedsSignerCertificate: true)
            .sign(content, using: device.key)
        let trust = TrustSet(certificates: [authority.certificate])
        #expect(CMSVerifier.verify(der, trust: trust, at: Self.inside).isValid)
        #expect(CMSVerifier.verify(der, trust: trust, at: Self.after).reason.contains("certificate has expired"))
        // Trusted directly instead: the same answer at the same times.
        let direct = TrustSet(certificates: [device.certificate])
        #expect(CMSVerifier.verify(der, trust: direct, at: Self.inside).isValid)
        #expect(CMSVerifier.verify(der, trust: direct, at: Self.after).reason.contains("certificate has expired"))
    }

    @Test("a bare trusted key has no validity period, also when an out-of-date certificate holds the same key")
    func bareKeyHasNoPeriod() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let device = try Self.dated("device", in: workspace)
        let der = try SignedDataBuilder().sign(content, using: device.key)
        #expect(CMSVerifier.verify(der, trust: TrustSet(publicKeys: [device.key.publicKey]), at: Self.after).isValid)
        let both = TrustSet(publicKeys: [device.key.publicKey], certificates: [device.certificate])
        let verdict = CMSVerifier.verify(der, trust: both, at: Self.after)
        #expect(verdict.isValid)
        #expect(verdict.summary?.certificateSubject == nil)
    }

    @Test("the time stated by the content is asked for only when a certificate is checked")
    func contentTime() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let device = try Self.dated("device", in: workspace)
        let der = try SignedDataBuilder().sign(content, using: device.key)
        let trust = TrustSet(certificates: [device.certificate])
        let inside = CMSVerifier.verify(der, trust: trust, certificateTime: .statedByContent { _ in Self.inside })
        #expect(inside.isValid)
        let after = CMSVerifier.verify(der, trust: trust, certificateTime: .statedByContent { stated in
            stated == Array("heart rate 72 count/min".utf8) ? Self.after : nil
        })
        #expect(after.reason.contains("certificate has expired"))
    }
}
