import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// The signer profile (docs/VERIFY.md, "Signer certificates"): a certificate vouches for a
/// signer of readings only if it is no CA, its keyUsage (when present) has digitalSignature and
/// its extendedKeyUsage (when present) has emailProtection. Each case is set beside the real
/// `openssl cms -verify` (purpose smimesign), which refuses the same certificates with
/// "unsuitable certificate purpose" except where the document says it differs.
@Suite("signer certificates: purpose")
struct SignerCertificatePurposeTests {
    /// A vendor CA made by openssl, and leaves it issues with the given extensions.
    final class Fleet {
        let workspace: Workspace
        let caKey: P256PrivateKey
        let ca: Certificate

        init() throws {
            workspace = try Workspace()
            try OpenSSLCommand.succeed(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                        "-keyout", "ca.key", "-out", "ca.pem", "-subj", "/CN=Acme CA", "-days", "30",
                                        "-addext", "basicConstraints=critical,CA:TRUE",
                                        "-addext", "keyUsage=critical,keyCertSign,cRLSign"], in: workspace)
            caKey = try P256PrivateKey(pem: try workspace.readText("ca.key"))
            ca = try Certificate(pem: try workspace.readText("ca.pem"))
        }

        deinit { workspace.remove() }

        /// A leaf `CN=name` issued by the CA with `extensions` (openssl x509 -extfile lines).
        func leaf(_ name: String, _ extensions: [String]) throws -> (key: P256PrivateKey, certificate: Certificate) {
            try OpenSSLCommand.succeed(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                        "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"], in: workspace)
            try workspace.write("\(name).ext", text: extensions.joined(separator: "\n") + "\n")
            try OpenSSLCommand.succeed(["x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                                        "-CAcreateserial", "-days", "10", "-extfile", "\(name).ext", "-out", "\(name).pem"],
                                       in: workspace)
            return (try P256PrivateKey(pem: try workspace.readText("\(name).key")),
                    try Certificate(pem: try workspace.readText("\(name).pem")))
        }

        /// `openssl cms -verify` of `der` against the CA: whether it succeeded, and its error text.
        func openssl(_ der: [UInt8]) throws -> (accepted: Bool, stderr: String) {
            try workspace.write("signature.der", der)
            let outcome = try OpenSSLCommand.run(["cms", "-verify", "-binary", "-inform", "DER", "-in", "signature.der",
                                                  "-CAfile", "ca.pem", "-out", "content.out"], in: workspace)
            return (outcome.status == 0, outcome.stderr)
        }
    }

    static let content = Array("a reading".utf8)

    @Test("a leaf whose purpose forbids signing is untrusted-signer naming the rule, embedded or trusted itself; openssl cms -verify refuses it too",
          arguments: [
              ("keycertsign-only", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,keyCertSign"],
               "its keyUsage (keyCertSign) lacks digitalSignature (signer certificate rule: keyUsage)"),
              ("serverauth-only", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,digitalSignature",
                                   "extendedKeyUsage=serverAuth"],
               "its extendedKeyUsage (serverAuth) does not include emailProtection, the purpose of a CMS signer "
                   + "(signer certificate rule: extendedKeyUsage)"),
              ("any-and-private-eku", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,digitalSignature",
                                       "extendedKeyUsage=anyExtendedKeyUsage,1.3.6.1.4.1.99999.1"],
               "its extendedKeyUsage (anyExtendedKeyUsage, 1.3.6.1.4.1.99999.1) does not include emailProtection, "
                   + "the purpose of a CMS signer (signer certificate rule: extendedKeyUsage)"),
          ])
    func refusedPurpose(name: String, extensions: [String], rule: String) throws {
        let fleet = try Fleet()
        let leaf = try fleet.leaf(name, extensions)
        let der = try SignedDataBuilder(signerCertificate: leaf.certificate, embedsSignerCertificate: true)
            .sign(Self.content, using: leaf.key)
        let sid = SignerIdentifier.subjectKeyIdentifier(leaf.certificate.subjectKeyIdentifier ?? leaf.key.publicKey.keyIdentifier)
        let embedded = CMSVerifier.verify(der, trust: TrustSet(certificates: [fleet.ca]))
        #expect(embedded == .untrustedSigner(reason: "the embedded certificate CN=\(name) for \(sid) "
                                                 + "may not vouch for a signer of readings: \(rule)"))
        let trusted = CMSVerifier.verify(der, trust: TrustSet(certificates: [leaf.certificate]))
        #expect(trusted == .untrustedSigner(reason: "the trusted certificate CN=\(name) may not vouch for a signer of readings: \(rule)"))
        let openssl = try fleet.openssl(der)
        #expect(!openssl.accepted && openssl.stderr.contains("unsuitable certificate purpose"), "\(openssl.stderr)")
    }

    @Test("the vendor CA's own certificate and key as the signer are untrusted-signer (basicConstraints); openssl refuses them too")
    func certificateAuthorityAsSigner() throws {
        let fleet = try Fleet()
        let der = try SignedDataBuilder(signerCertificate: fleet.ca, embedsSignerCertificate: true)
            .sign(Self.content, using: fleet.caKey)
        let verdict = CMSVerifier.verify(der, trust: TrustSet(certificates: [fleet.ca]))
        #expect(verdict == .untrustedSigner(reason: "the trusted certificate CN=Acme CA may not vouch for a signer of readings: "
                                                + "it is a CA certificate (basicConstraints cA TRUE): a CA certifies device keys, "
                                                + "it does not sign readings (signer certificate rule: basicConstraints)"))
        let openssl = try fleet.openssl(der)
        #expect(!openssl.accepted && openssl.stderr.contains("unsuitable certificate purpose"), "\(openssl.stderr)")
        // The same key trusted bare has no certificate to restrict it.
        let bare = CMSVerifier.verify(der, trust: TrustSet(publicKeys: [fleet.caKey.publicKey], certificates: [fleet.ca]))
        #expect(bare.isValid && bare.summary?.certificateSubject == nil, "\(bare)")
    }

    @Test("signer certificates the profile accepts verify here and in openssl cms -verify", arguments: [
        ("digital-signature", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,digitalSignature"]),
        ("email-protection", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,digitalSignature",
                              "extendedKeyUsage=serverAuth,emailProtection"]),
        ("no-extensions", ["subjectKeyIdentifier=hash"]),
    ])
    func acceptedPurpose(name: String, extensions: [String]) throws {
        let fleet = try Fleet()
        let leaf = try fleet.leaf(name, extensions)
        let der = try SignedDataBuilder(signerCertificate: leaf.certificate, embedsSignerCertificate: true)
            .sign(Self.content, using: leaf.key)
        let verdict = CMSVerifier.verify(der, trust: TrustSet(certificates: [fleet.ca]))
        #expect(verdict.isValid && verdict.summary?.certificateSubject == "CN=\(name)", "\(verdict)")
        let openssl = try fleet.openssl(der)
        #expect(openssl.accepted, "\(openssl.stderr)")
    }

    @Test("stricter than openssl, as documented: a cA TRUE signer or keyUsage nonRepudiation alone is refused here, accepted by openssl",
          arguments: [
              ("ca-with-digital-signature", ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,digitalSignature,keyCertSign"],
               "basicConstraints"),
              ("non-repudiation-only", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,nonRepudiation"], "keyUsage"),
          ])
    func documentedDifferences(name: String, extensions: [String], rule: String) throws {
        let fleet = try Fleet()
        let leaf = try fleet.leaf(name, extensions)
        let der = try SignedDataBuilder(signerCertificate: leaf.certificate, embedsSignerCertificate: true)
            .sign(Self.content, using: leaf.key)
        let verdict = CMSVerifier.verify(der, trust: TrustSet(certificates: [fleet.ca]))
        #expect(verdict.name == "untrusted-signer" && verdict.reason.hasSuffix("(signer certificate rule: \(rule))"), "\(verdict)")
        #expect(try fleet.openssl(der).accepted)
    }

    @Test("the purpose is checked before the time: a refused certificate is refused whatever the time")
    func purposeBeforeTime() throws {
        let fleet = try Fleet()
        let leaf = try fleet.leaf("keycertsign", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,keyCertSign"])
        let der = try SignedDataBuilder(signerCertificate: leaf.certificate).sign(Self.content, using: leaf.key)
        let verdict = CMSVerifier.verify(der, trust: TrustSet(certificates: [leaf.certificate]),
                                         at: Date(timeIntervalSince1970: 0))
        #expect(verdict == .untrustedSigner(reason: "the trusted certificate CN=keycertsign may not vouch for a signer of readings: "
                                                + "its keyUsage (keyCertSign) lacks digitalSignature (signer certificate rule: keyUsage)"))
    }
}
