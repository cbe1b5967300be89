import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// What `SignedDataBuilder` writes for the default profile and for each option, and what it
/// refuses.
@Suite("SignedData builder")
struct BuilderTests {
    @Test func defaultProfileHasExactlyTheProfileShape() throws {
        let key = try Fixtures.key()
        let der = try SignedDataBuilder().sign(Fixtures.content300, using: key)
        let view = try CMSSignedDataView(derEncoded: der)
        #expect(view.contentInfo.contentType == .idSignedData)
        #expect(view.version == .v3)
        #expect(view.requiredVersion == .v3)
        #expect(view.digestAlgorithms == [AlgorithmIdentifier(algorithm: .idSHA256, parameters: nil)])
        #expect(view.eContentType == .idData)
        #expect(view.content == Fixtures.content300)
        #expect(view.signedData.certificates == nil)
        #expect(view.signedData.crls == nil)
        #expect(view.signerInfos.count == 1)
        let signer = try #require(view.signerInfos.first)
        #expect(signer.version == .v3)
        #expect(signer.sid == .subjectKeyIdentifier(key.publicKey.keyIdentifier))
        #expect(signer.digestAlgorithm.algorithm == .idSHA256 && signer.digestAlgorithm.parametersAbsent)
        #expect(signer.signatureAlgorithm.algorithm == .ecdsaWithSHA256 && signer.signatureAlgorithm.parametersAbsent)
        #expect(signer.signedAttrs == nil)
        #expect(signer.unsignedAttrs == nil)
        #expect(signer.rawSignature?.count == 64)
        // The signature is over SHA-256 of the content octets.
        #expect(key.publicKey.isValidSignature(signer.signature, forDigest: Digest.sha256(Fixtures.content300)))
        #expect(CMSVerifier.verify(der, trust: TrustSet(publicKeys: [key.publicKey])).isValid)
    }

    @Test func defaultProfileOutputIsSmall() throws {
        let key = try Fixtures.key()
        let der = try SignedDataBuilder().sign(Fixtures.content300, using: key)
        print("default-profile SignedData for 300 bytes of content: \(der.count) bytes of DER")
        #expect(der.count <= 500)
    }

    @Test func issuerAndSerialNumberGivesVersionOneForIdData() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let builder = SignedDataBuilder(signerIdentification: .issuerAndSerialNumber, signerCertificate: certificate)
        let view = try CMSSignedDataView(derEncoded: try builder.sign([1, 2, 3], using: key))
        #expect(view.version == .v1)
        let signer = try #require(view.signerInfos.first)
        #expect(signer.version == .v1)
        #expect(signer.sid == .issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: certificate)))
        #expect(view.signedData.certificates == nil)
        #expect(CMSVerifier.verify(try builder.sign([1, 2, 3], using: key),
                                   trust: TrustSet(certificates: [certificate])).isValid)
    }

    @Test func otherContentTypeGivesVersionThreeEvenWithIssuerAndSerial() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let recordType: DERObjectIdentifier = "1.3.6.1.4.1.99999.1"
        let builder = SignedDataBuilder(eContentType: recordType, signerIdentification: .issuerAndSerialNumber,
                                        signerCertificate: certificate, includesSignedAttributes: true)
        let der = try builder.sign([9, 9], using: key)
        let view = try CMSSignedDataView(derEncoded: der)
        #expect(view.version == .v3)
        #expect(view.signerInfos.first?.version == .v1)
        #expect(view.signerInfos.first?.signedAttrs?.contentType == recordType)
        let verdict = CMSVerifier.verify(der, trust: TrustSet(certificates: [certificate]))
        #expect(verdict.summary?.contentType == recordType)
    }

    @Test func signedAttributesCoverContentTypeDigestAndTime() throws {
        let key = try Fixtures.key()
        let time = Date(timeIntervalSince1970: 1_740_832_200.75)  // 2025-03-01T12:30:00.75Z
        let builder = SignedDataBuilder(includesSignedAttributes: true, signingTime: time)
        let content: [UInt8] = Array("reading".utf8)
        let der = try builder.sign(content, using: key)
        let signer = try #require(try CMSSignedDataView(derEncoded: der).signerInfos.first)
        let signedAttrs = try #require(signer.signedAttrs)
        #expect(signedAttrs.attributes.map(\.attrType) == [.idContentType, .idSigningTime, .idMessageDigest])
        #expect(signedAttrs.contentType == .idData)
        #expect(signedAttrs.messageDigest == Digest.sha256(content))
        // Fractions of a second are dropped; 2025 is written as UTCTime (RFC 5652 11.3).
        #expect(signer.signingTime == Date(timeIntervalSince1970: 1_740_832_200))
        let timeValue = try #require(signedAttrs.attributes(ofType: .idSigningTime).first?.attrValues.first)
        #expect(Array(timeValue.node.encodedBytes) == [0x17, 0x0D] + Array("250301123000Z".utf8))
        // The signature is over the attributes as a universal SET, not over the content.
        #expect(key.publicKey.isValidSignature(signer.signature, forDigest: Digest.sha256(signedAttrs.signedBytes)))
        #expect(!key.publicKey.isValidSignature(signer.signature, forDigest: Digest.sha256(content)))
        #expect(try builder.digestToSign(for: content, publicKey: key.publicKey) == Digest.sha256(signedAttrs.signedBytes))
    }

    @Test(arguments: [
        (-631_152_001.0, 0x18 as UInt8),  // 1949-12-31T23:59:59Z: GeneralizedTime
        (-631_152_000.0, 0x17 as UInt8),  // 1950-01-01T00:00:00Z: UTCTime
        (2_524_607_999.0, 0x17 as UInt8),  // 2049-12-31T23:59:59Z: UTCTime
        (2_524_608_000.0, 0x18 as UInt8),  // 2050-01-01T00:00:00Z: GeneralizedTime
    ])
    func signingTimeTypeFollowsRFC5652(seconds: Double, expectedTag: UInt8) throws {
        let encoded = try SignedDataBuilder.encodeSigningTime(Date(timeIntervalSince1970: seconds))
        #expect(encoded.first == expectedTag)
        let key = try Fixtures.key()
        let der = try SignedDataBuilder(includesSignedAttributes: true, signingTime: Date(timeIntervalSince1970: seconds))
            .sign([1], using: key)
        let verdict = CMSVerifier.verify(der, trust: TrustSet(publicKeys: [key.publicKey]))
        #expect(verdict.summary?.signingTime == Date(timeIntervalSince1970: seconds))
    }

    @Test func embeddedCertificateIsWrittenAsReceived() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let der = try SignedDataBuilder(signerCertificate: certificate, embedsSignerCertificate: true).sign([7], using: key)
        let view = try CMSSignedDataView(derEncoded: der)
        #expect(view.certificates == [certificate.derEncoded])
        // Only X.509 certificates: still version 3 because of the SKI signer, not because of certs.
        #expect(view.version == .v3)
        // A certificate with a subjectKeyIdentifier extension lends it to the sid.
        #expect(view.signerInfos.first?.sid == .subjectKeyIdentifier(try #require(certificate.subjectKeyIdentifier)))
    }

    @Test func detachedContentIsLeftOut() throws {
        let key = try Fixtures.key()
        let der = try SignedDataBuilder(detachesContent: true).sign([1, 2, 3], using: key)
        let view = try CMSSignedDataView(derEncoded: der)
        #expect(view.content == nil)
        let trust = TrustSet(publicKeys: [key.publicKey])
        let verdict = CMSVerifier.verify(der, trust: trust, detachedContent: [1, 2, 3])
        #expect(verdict.summary?.contentWasDetached == true)
        #expect(verdict.summary?.content == [1, 2, 3])
    }

    // MARK: - External signatures

    @Test func assemblesRawAndDERSignaturesMadeElsewhere() throws {
        let device = try Fixtures.key()
        let builder = SignedDataBuilder()
        let content: [UInt8] = Array("from a secure element".utf8)
        let digest = try builder.digestToSign(for: content, publicKey: device.publicKey)
        #expect(digest == Digest.sha256(content))
        let derSignature = try device.signature(forDigest: digest)
        let raw = try #require(try ECDSASignatureValue(derEncoded: derSignature).rawRS)

        let fromRaw = try builder.assemble(content, signature: .rawRS(raw), publicKey: device.publicKey)
        let fromDER = try builder.assemble(content, signature: .der(derSignature), publicKey: device.publicKey)
        #expect(fromRaw == fromDER)
        #expect(fromRaw == ContentInfo.encode(signedData: try Handmade.signedData(content: content, key: device) {
            $0.signerInfos[0].signature = derSignature
        }))
        #expect(CMSVerifier.verify(fromRaw, trust: TrustSet(publicKeys: [device.publicKey])).isValid)
    }

    @Test func assembleTakesTheKeyFromTheCertificate() throws {
        let device = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(device)
        let builder = SignedDataBuilder(signerIdentification: .issuerAndSerialNumber, signerCertificate: certificate,
                                        includesSignedAttributes: true, signingTime: Date(timeIntervalSince1970: 1_750_000_000))
        let digest = try builder.digestToSign(for: [5, 6])
        let der = try builder.assemble([5, 6], signature: .der(try device.signature(forDigest: digest)))
        #expect(CMSVerifier.verify(der, trust: TrustSet(certificates: [certificate])).isValid)
    }

    @Test func assembleRefusesSignaturesThatDoNotVerify() throws {
        let device = try Fixtures.key()
        let other = try Fixtures.key()
        let builder = SignedDataBuilder()
        let content: [UInt8] = [1, 2, 3]
        let digest = Digest.sha256(content)
        var raw = try #require(try ECDSASignatureValue(derEncoded: try device.signature(forDigest: digest)).rawRS)
        expectBuilderError("signatureDoesNotVerify") {
            _ = try builder.assemble(content, signature: .rawRS(raw), publicKey: other.publicKey)
        }
        raw[40] ^= 0x01
        expectBuilderError("signatureDoesNotVerify") {
            _ = try builder.assemble(content, signature: .rawRS(raw), publicKey: device.publicKey)
        }
        expectBuilderError("invalidSignatureEncoding") {
            _ = try builder.assemble(content, signature: .rawRS(Array(raw.prefix(63))), publicKey: device.publicKey)
        }
        expectBuilderError("invalidSignatureEncoding") {
            _ = try builder.assemble(content, signature: .der(raw), publicKey: device.publicKey)
        }
        // A BER signature (non-minimal length octets) is refused even though it would decode.
        let der = try device.signature(forDigest: digest)
        let ber: [UInt8] = [0x30, 0x81] + der.dropFirst()
        expectBuilderError("invalidSignatureEncoding") {
            _ = try builder.assemble(content, signature: .der(ber), publicKey: device.publicKey)
        }
        expectBuilderError("certificateRequired") {
            _ = try builder.assemble(content, signature: .der(der))
        }
    }

    // MARK: - Refusals

    @Test func refusesInconsistentOptions() throws {
        let key = try Fixtures.key()
        let otherCertificate = try Fixtures.selfSigned(try Fixtures.key())
        expectBuilderError("certificateRequired") {
            _ = try SignedDataBuilder(signerIdentification: .issuerAndSerialNumber).sign([1], using: key)
        }
        expectBuilderError("certificateRequired") {
            _ = try SignedDataBuilder(embedsSignerCertificate: true).sign([1], using: key)
        }
        expectBuilderError("certificateKeyMismatch") {
            _ = try SignedDataBuilder(signerCertificate: otherCertificate).sign([1], using: key)
        }
        expectBuilderError("signedAttributesRequired") {
            _ = try SignedDataBuilder(eContentType: "1.2.3.4").sign([1], using: key)
        }
    }

    /// A provider standing in for a secure element that misbehaves in a chosen way.
    struct FaultyProvider: CMSSignatureProvider {
        enum Fault { case throwsError, returnsGarbage, signsOtherDigest }
        let key: P256PrivateKey
        let fault: Fault
        var publicKey: P256PublicKey { key.publicKey }
        func signature(forDigest digest: [UInt8]) throws -> [UInt8] {
            switch fault {
            case .throwsError: throw TestSetupError("secure element unavailable")
            case .returnsGarbage: return [0x30, 0x00]
            case .signsOtherDigest: return try key.signature(forDigest: Digest.sha256([0xFF]))
            }
        }
    }

    @Test func checksWhatTheProviderReturns() throws {
        let key = try Fixtures.key()
        expectBuilderError("signingFailed") {
            _ = try SignedDataBuilder().sign([1], using: FaultyProvider(key: key, fault: .throwsError))
        }
        expectBuilderError("invalidSignatureEncoding") {
            _ = try SignedDataBuilder().sign([1], using: FaultyProvider(key: key, fault: .returnsGarbage))
        }
        expectBuilderError("signatureDoesNotVerify") {
            _ = try SignedDataBuilder().sign([1], using: FaultyProvider(key: key, fault: .signsOtherDigest))
        }
    }
}
