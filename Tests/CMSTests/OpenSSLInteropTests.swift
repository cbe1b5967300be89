import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// Interoperability with the real `openssl cms` (OpenSSL 3.0), in both directions.
@Suite("openssl cms interop")
struct OpenSSLInteropTests {
    /// A builder variant and how openssl must be told about the signer to verify it.
    struct Variant: CustomTestStringConvertible, Sendable {
        let name: String
        let signerIdentification: SignedDataBuilder.SignerIdentification
        let embedsCertificate: Bool
        let signedAttributes: Bool
        let contentType: DERObjectIdentifier

        var testDescription: String { name }

        static let all: [Variant] = [
            Variant(name: "default profile (ski, no certs, no attributes)", signerIdentification: .subjectKeyIdentifier,
                    embedsCertificate: false, signedAttributes: false, contentType: .idData),
            Variant(name: "issuer and serial number", signerIdentification: .issuerAndSerialNumber,
                    embedsCertificate: false, signedAttributes: false, contentType: .idData),
            Variant(name: "signed attributes", signerIdentification: .subjectKeyIdentifier,
                    embedsCertificate: false, signedAttributes: true, contentType: .idData),
            Variant(name: "embedded certificate", signerIdentification: .subjectKeyIdentifier,
                    embedsCertificate: true, signedAttributes: false, contentType: .idData),
            Variant(name: "issuer-serial + attributes + certificate", signerIdentification: .issuerAndSerialNumber,
                    embedsCertificate: true, signedAttributes: true, contentType: .idData),
            Variant(name: "other content type with attributes", signerIdentification: .subjectKeyIdentifier,
                    embedsCertificate: false, signedAttributes: true, contentType: "1.3.6.1.4.1.99999.7"),
        ]
    }

    @Test(arguments: Variant.all)
    func opensslVerifiesWhatWeBuild(_ variant: Variant) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let signer = try OpenSSLSigner.make(in: workspace)
        let content = Fixtures.content300
        let builder = SignedDataBuilder(
            eContentType: variant.contentType, signerIdentification: variant.signerIdentification,
            signerCertificate: signer.certificate, embedsSignerCertificate: variant.embedsCertificate,
            includesSignedAttributes: variant.signedAttributes,
            signingTime: variant.signedAttributes ? Date(timeIntervalSince1970: 1_750_000_000) : nil)
        try workspace.write("ours.der", try builder.sign(content, using: signer.key))

        // Without embedded certificates openssl needs the signer certificate from -certfile;
        // -noverify skips path validation of that (self-signed) certificate. With the
        // certificate embedded, openssl does full path validation against -CAfile.
        var arguments = ["cms", "-verify", "-inform", "DER", "-in", "ours.der", "-binary", "-out", "content.out"]
        if variant.embedsCertificate {
            arguments += ["-CAfile", signer.certificatePath]
        } else {
            arguments += ["-noverify", "-certfile", signer.certificatePath]
        }
        let outcome = try OpenSSLCommand.run(arguments, in: workspace)
        #expect(outcome.status == 0, "openssl: \(outcome.stderr)")
        #expect(outcome.stderr.contains("Verification successful"))
        #expect(try workspace.read("content.out") == content)

        // And openssl refuses it after a one-byte change of the content.
        let tampered = try #require(replacing(content, with: [content[0] ^ 0x01] + content.dropFirst(),
                                              in: try workspace.read("ours.der")))
        try workspace.write("tampered.der", tampered)
        arguments[5] = "tampered.der"
        #expect(try OpenSSLCommand.run(arguments, in: workspace).status != 0)
    }

    @Test func opensslVerifiesDetachedSignatures() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let signer = try OpenSSLSigner.make(in: workspace)
        let content: [UInt8] = Array("detached reading".utf8)
        try workspace.write("content.bin", content)
        try workspace.write("ours.der", try SignedDataBuilder(detachesContent: true).sign(content, using: signer.key))
        let outcome = try OpenSSLCommand.run(["cms", "-verify", "-inform", "DER", "-in", "ours.der", "-binary",
                                              "-content", "content.bin", "-noverify", "-certfile", signer.certificatePath,
                                              "-out", "content.out"], in: workspace)
        #expect(outcome.status == 0, "openssl: \(outcome.stderr)")
        #expect(try workspace.read("content.out") == content)
    }

    @Test func weVerifyOpenSSLProfileSignatures() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let signer = try OpenSSLSigner.make(in: workspace)
        let content = Fixtures.content300
        try workspace.write("content.bin", content)
        try OpenSSLCommand.succeed(["cms", "-sign", "-in", "content.bin", "-signer", signer.certificatePath,
                                    "-inkey", signer.keyPath, "-noattr", "-nocerts", "-keyid", "-md", "sha256",
                                    "-binary", "-nodetach", "-outform", "DER", "-out", "openssl.der"], in: workspace)
        let der = try workspace.read("openssl.der")

        // Same shape as our default profile: only the signature differs.
        let ours = try SignedDataBuilder(signerCertificate: signer.certificate).sign(content, using: signer.key)
        var theirs = try SignedData(derNode: try ContentInfo(derNode: DER.parse(der)).content.node)
        var mine = try SignedData(derNode: try ContentInfo(derNode: DER.parse(ours)).content.node)
        theirs.signerInfos[0].signature = []
        mine.signerInfos[0].signature = []
        #expect(DER.encode(theirs) == DER.encode(mine))

        for trust in [TrustSet(publicKeys: [signer.key.publicKey]), TrustSet(certificates: [signer.certificate])] {
            let verdict = CMSVerifier.verify(der, trust: trust)
            let summary = try #require(verdict.summary, "\(verdict)")
            #expect(summary.content == content)
            #expect(summary.contentType == .idData)
            #expect(summary.keyIdentifier == signer.key.publicKey.keyIdentifier)
            #expect(!summary.hasSignedAttributes)
        }
        let tampered = try #require(replacing(content, with: [content[0] ^ 0x01] + content.dropFirst(), in: der))
        let verdict = CMSVerifier.verify(tampered, trust: TrustSet(publicKeys: [signer.key.publicKey]))
        #expect(verdict.name == "bad-signature", "\(verdict)")
    }

    @Test func weVerifyOpenSSLDefaultSignatures() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let signer = try OpenSSLSigner.make(in: workspace)
        let content = Fixtures.content300
        try workspace.write("content.bin", content)
        // openssl's defaults: signed attributes (content-type, signing-time, message-digest,
        // SMIMECapabilities), the signer certificate embedded, sid = issuer and serial number.
        try OpenSSLCommand.succeed(["cms", "-sign", "-in", "content.bin", "-signer", signer.certificatePath,
                                    "-inkey", signer.keyPath, "-nodetach", "-binary", "-outform", "DER",
                                    "-out", "openssl.der"], in: workspace)
        let der = try workspace.read("openssl.der")
        let view = try CMSSignedDataView(derEncoded: der)
        #expect(view.version == .v1)
        #expect(view.certificates == [signer.certificate.derEncoded])
        let signerInfo = try #require(view.signerInfos.first)
        #expect(signerInfo.sid == .issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: signer.certificate)))
        #expect(signerInfo.signedAttrs?.attributes.count == 4)

        let byCertificate = CMSVerifier.verify(der, trust: TrustSet(certificates: [signer.certificate]))
        let summary = try #require(byCertificate.summary, "\(byCertificate)")
        #expect(summary.content == content)
        #expect(summary.hasSignedAttributes)
        #expect(summary.certificateSubject == signer.certificate.subject)
        let signingTime = try #require(summary.signingTime)
        #expect(abs(signingTime.timeIntervalSinceNow) < 600)

        // With only the bare key trusted, the embedded certificate maps the issuer-serial sid to
        // that key; its (unvouched) subject is not reported.
        let byKey = CMSVerifier.verify(der, trust: TrustSet(publicKeys: [signer.key.publicKey]))
        #expect(byKey.isValid, "\(byKey)")
        #expect(byKey.summary?.certificateSubject == nil)

        // One changed content byte: the message-digest attribute no longer matches.
        let tampered = try #require(replacing(content, with: [content[0] ^ 0x01] + content.dropFirst(), in: der))
        let verdict = CMSVerifier.verify(tampered, trust: TrustSet(certificates: [signer.certificate]))
        guard case .badSignature(let reason) = verdict else {
            Issue.record("expected bad-signature, got \(verdict)")
            return
        }
        #expect(reason.contains("message-digest"))
    }

    @Test func weVerifyOpenSSLSignaturesWithKeyIdentifierAndAttributes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let signer = try OpenSSLSigner.make(in: workspace)
        try workspace.write("content.bin", [1, 2, 3])
        try OpenSSLCommand.succeed(["cms", "-sign", "-in", "content.bin", "-signer", signer.certificatePath,
                                    "-inkey", signer.keyPath, "-keyid", "-nocerts", "-nodetach", "-binary",
                                    "-outform", "DER", "-out", "openssl.der"], in: workspace)
        let verdict = CMSVerifier.verify(try workspace.read("openssl.der"), trust: TrustSet(publicKeys: [signer.key.publicKey]))
        #expect(verdict.isValid, "\(verdict)")
        // A key that is not trusted: untrusted-signer naming the sid.
        let stranger = try Fixtures.key()
        let untrusted = CMSVerifier.verify(try workspace.read("openssl.der"), trust: TrustSet(publicKeys: [stranger.publicKey]))
        #expect(untrusted.name == "untrusted-signer")
        #expect(untrusted.reason.contains(hexString(signer.key.publicKey.keyIdentifier)))
    }

    @Test func weVerifyOpenSSLDetachedSignatures() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let signer = try OpenSSLSigner.make(in: workspace)
        let content: [UInt8] = Array("detached".utf8)
        try workspace.write("content.bin", content)
        try OpenSSLCommand.succeed(["cms", "-sign", "-in", "content.bin", "-signer", signer.certificatePath,
                                    "-inkey", signer.keyPath, "-binary", "-outform", "DER", "-out", "openssl.der"],
                                   in: workspace)
        let der = try workspace.read("openssl.der")
        let trust = TrustSet(certificates: [signer.certificate])
        #expect(CMSVerifier.verify(der, trust: trust).malformedCode == CMSMalformedCode.missingContent.rawValue)
        #expect(CMSVerifier.verify(der, trust: trust, detachedContent: content).isValid)
        #expect(CMSVerifier.verify(der, trust: trust, detachedContent: content + [0]).name == "bad-signature")
    }
}
