import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// How signers are found: trust-set lookups and embedded certificates that chain to a trusted
/// root (OpenSSL path validation).
@Suite("Trust")
struct TrustTests {
    @Test func certificateIsFoundByExtensionKeyIdentifierAndIssuerSerial() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let trust = TrustSet(certificates: [certificate])
        let ski = try #require(certificate.subjectKeyIdentifier)
        #expect(trust.signer(forKeyIdentifier: ski)?.certificate == certificate)
        #expect(trust.signer(forKeyIdentifier: key.publicKey.keyIdentifier)?.publicKey == key.publicKey)
        #expect(trust.signer(for: .issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: certificate)))?.certificate
            == certificate)
        #expect(trust.signer(forKeyIdentifier: [1, 2, 3]) == nil)
        #expect(trust.contains(certificateDER: certificate.derEncoded))
    }

    @Test func certificateWithForeignSKIIsFoundBothWays() throws {
        // openssl writes a subjectKeyIdentifier that is not the method-1 hash when told to.
        let workspace = try Workspace()
        defer { workspace.remove() }
        try OpenSSLCommand.succeed(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "k.pem"],
                                   in: workspace)
        try OpenSSLCommand.succeed(["req", "-new", "-x509", "-key", "k.pem", "-subj", "/CN=Odd SKI", "-days", "5",
                                    "-addext", "subjectKeyIdentifier=0102030405", "-addext", "basicConstraints=critical,CA:FALSE",
                                    "-out", "c.pem"], in: workspace)
        let certificate = try Certificate(pem: try workspace.readText("c.pem"))
        let key = try P256PrivateKey(pem: try workspace.readText("k.pem"))
        #expect(certificate.subjectKeyIdentifier == [1, 2, 3, 4, 5])
        let trust = TrustSet(certificates: [certificate])
        #expect(trust.signer(forKeyIdentifier: [1, 2, 3, 4, 5]) != nil)
        #expect(trust.signer(forKeyIdentifier: key.publicKey.keyIdentifier) != nil)
        // Our builder uses the certificate's SKI value in the sid; a bare-key trust set cannot
        // find it by sid, but a certificate trust set can.
        let der = try SignedDataBuilder(signerCertificate: certificate).sign([1], using: key)
        #expect(try CMSSignedDataView(derEncoded: der).signerInfos.first?.sid == .subjectKeyIdentifier([1, 2, 3, 4, 5]))
        #expect(CMSVerifier.verify(der, trust: trust).isValid)
        #expect(CMSVerifier.verify(der, trust: TrustSet(publicKeys: [key.publicKey])).name == "untrusted-signer")
    }

    @Test("a certificate whose SKI extension claims a trusted bare key's identifier does not displace that key")
    func collidingSKIExtension() throws {
        let trustedKey = try Fixtures.key()
        let workspace = try Workspace()
        defer { workspace.remove() }
        try OpenSSLCommand.succeed(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "k.pem"],
                                   in: workspace)
        try OpenSSLCommand.succeed(["req", "-new", "-x509", "-key", "k.pem", "-subj", "/CN=Claims another key", "-days", "5",
                                    "-addext", "subjectKeyIdentifier=" + Hex.encode(trustedKey.publicKey.keyIdentifier),
                                    "-out", "c.pem"], in: workspace)
        let claimant = try Certificate(pem: try workspace.readText("c.pem"))
        #expect(claimant.subjectKeyIdentifier == trustedKey.publicKey.keyIdentifier)
        let der = try SignedDataBuilder().sign(Array("reading".utf8), using: trustedKey)
        for trust in [TrustSet(publicKeys: [trustedKey.publicKey], certificates: [claimant]),
                      TrustSet(pemItems: [.certificate(claimant), .publicKey(trustedKey.publicKey)])] {
            #expect(trust.signer(forKeyIdentifier: trustedKey.publicKey.keyIdentifier)?.publicKey == trustedKey.publicKey)
            #expect(CMSVerifier.verify(der, trust: trust).isValid)
        }
    }

    @Test func trustSetFromPEMBundle() throws {
        let key = try Fixtures.key()
        let other = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(other)
        let bundle = "# device keys\n" + key.publicKey.pemString + certificate.pemString
        let trust = TrustSet(pemItems: try PEMBundle.parse(bundle))
        #expect(trust.publicKeys == [key.publicKey])
        #expect(trust.certificates == [certificate])
        #expect(CMSVerifier.verify(try SignedDataBuilder().sign([1], using: key), trust: trust).isValid)
        #expect(CMSVerifier.verify(try SignedDataBuilder().sign([1], using: other), trust: trust).isValid)
        #expect(TrustSet().isEmpty && !trust.isEmpty)
        let fromText = try TrustSet(pemBundle: bundle)
        #expect(fromText.publicKeys == trust.publicKeys && fromText.certificates == trust.certificates)
        // A private key in a trust bundle is refused, not loaded.
        #expect(throws: CryptoError.self) { try TrustSet(pemBundle: try key.pkcs8PEM()) }
    }

    /// A CA and a device certificate it issued, made by the openssl CLI.
    struct Chain {
        let caCertificate: Certificate
        let deviceKey: P256PrivateKey
        let deviceCertificate: Certificate

        static func make(in workspace: Workspace, caName: String = "Test CA") throws -> Chain {
            try OpenSSLCommand.succeed(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                        "-keyout", "ca-key.pem", "-out", "ca.pem", "-subj", "/CN=\(caName)", "-days", "30",
                                        "-addext", "basicConstraints=critical,CA:TRUE",
                                        "-addext", "keyUsage=critical,keyCertSign"], in: workspace)
            try OpenSSLCommand.succeed(["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                        "-keyout", "device-key.pem", "-out", "device.csr", "-subj", "/CN=BP Cuff 0042/O=Acme"],
                                       in: workspace)
            try workspace.write("ext.cnf", text: """
                subjectKeyIdentifier=hash
                authorityKeyIdentifier=keyid
                basicConstraints=CA:FALSE
                keyUsage=critical,digitalSignature

                """)
            try OpenSSLCommand.succeed(["x509", "-req", "-in", "device.csr", "-CA", "ca.pem", "-CAkey", "ca-key.pem",
                                        "-set_serial", "4242", "-days", "10", "-extfile", "ext.cnf", "-out", "device.pem"],
                                       in: workspace)
            return Chain(caCertificate: try Certificate(pem: try workspace.readText("ca.pem")),
                         deviceKey: try P256PrivateKey(pem: try workspace.readText("device-key.pem")),
                         deviceCertificate: try Certificate(pem: try workspace.readText("device.pem")))
        }
    }

    @Test func embeddedCertificateThatChainsToATrustedRootIsTrusted() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let chain = try Chain.make(in: workspace)
        for identification in [SignedDataBuilder.SignerIdentification.subjectKeyIdentifier, .issuerAndSerialNumber] {
            let der = try SignedDataBuilder(signerIdentification: identification, signerCertificate: chain.deviceCertificate,
                                            embedsSignerCertificate: true).sign([1, 2, 3], using: chain.deviceKey)
            let verdict = CMSVerifier.verify(der, trust: TrustSet(certificates: [chain.caCertificate]))
            let summary = try #require(verdict.summary, "\(verdict)")
            #expect(summary.trustedViaEmbeddedCertificate)
            #expect(summary.certificateSubject == chain.deviceCertificate.subject)
            #expect(summary.keyIdentifier == chain.deviceKey.publicKey.keyIdentifier)

            // Path validation happens at `at`: after the device certificate expired it fails.
            let later = Date().addingTimeInterval(100 * 86_400)
            let expired = CMSVerifier.verify(der, trust: TrustSet(certificates: [chain.caCertificate]), at: later)
            #expect(expired.name == "untrusted-signer", "\(expired)")
            #expect(expired.reason.contains("does not chain"))
        }
    }

    @Test func chainToAnotherRootIsNotTrusted() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let chain = try Chain.make(in: workspace)
        let otherWorkspace = try Workspace()
        defer { otherWorkspace.remove() }
        let otherChain = try Chain.make(in: otherWorkspace, caName: "Test CA")  // same name, other key
        let der = try SignedDataBuilder(signerCertificate: chain.deviceCertificate, embedsSignerCertificate: true)
            .sign([1], using: chain.deviceKey)
        let verdict = CMSVerifier.verify(der, trust: TrustSet(certificates: [otherChain.caCertificate]))
        #expect(verdict.name == "untrusted-signer", "\(verdict)")
        // Not embedded: the root alone cannot vouch for a key it never saw.
        let bare = try SignedDataBuilder(signerCertificate: chain.deviceCertificate).sign([1], using: chain.deviceKey)
        #expect(CMSVerifier.verify(bare, trust: TrustSet(certificates: [chain.caCertificate])).name == "untrusted-signer")
        // Trusting the device certificate itself works without the root.
        #expect(CMSVerifier.verify(bare, trust: TrustSet(certificates: [chain.deviceCertificate])).isValid)
    }
}
