import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// The default profile's ContentInfo written in one pass is, byte for byte, what the general
/// path (SignedData and SignerInfo values through `ContentInfo.encode`) writes, for content and
/// signature lengths on both sides of every length-form boundary.
@Suite("SignedData direct encoding")
struct SignedDataDirectEncodingTests {
    static let contentLengths = [0, 1, 100, 101, 102, 110, 111, 112, 127, 128, 200, 230, 255, 256, 300, 65_400, 65_536, 70_000]

    @Test(arguments: contentLengths)
    func directEncodingEqualsTheGeneralEncoding(contentLength: Int) {
        let keyIdentifier = (0..<20).map { UInt8($0 * 7 & 0xFF) }
        let content = (0..<contentLength).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for signatureLength in [8, 70, 71, 72, 200] {
            let signature = (0..<signatureLength).map { UInt8(truncatingIfNeeded: $0 &+ 3) }
            let general = ContentInfo.encode(signedData: SignedData(
                digestAlgorithms: [.sha256],
                encapContentInfo: EncapsulatedContentInfo(eContentType: .idData, eContent: content),
                certificates: nil,
                signerInfos: [SignerInfo(sid: .subjectKeyIdentifier(keyIdentifier), signature: signature)]))
            let direct = SignedDataDirectEncoding.contentInfo(content: content, keyIdentifier: keyIdentifier,
                                                              signature: signature)
            #expect(direct == general, "content \(contentLength) bytes, signature \(signatureLength) bytes")
        }
    }

    @Test func defaultBuilderOutputParsesAndVerifiesWithItsContent() throws {
        let key = try P256PrivateKey.generate()
        let content = Array("a record".utf8)
        let der = try SignedDataBuilder().sign(content, using: key)
        let signedData = try SignedData(derNode: try ContentInfo(derNode: DER.parse(der)).content.node)
        #expect(signedData.encapContentInfo.eContent == content)
        #expect(signedData.signerInfos.first?.sid == .subjectKeyIdentifier(key.publicKey.keyIdentifier))
        #expect(CMSVerifier.verify(der, trust: TrustSet(publicKeys: [key.publicKey])).isValid)
    }

    /// The builder notes whether its options are the profile's defaults when they change, not
    /// for every signature: an option set after creation must still leave the direct encoding,
    /// and setting it back must return to it.
    @Test func optionsChangedAfterCreationDecideTheEncoding() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Fixtures.selfSigned(key)
        let content = Array("a record".utf8)
        func signedData(_ builder: SignedDataBuilder) throws -> SignedData {
            let der = try builder.sign(content, using: key)
            let detached = builder.detachesContent ? content : nil
            let trust = TrustSet(publicKeys: [key.publicKey], certificates: [certificate])
            #expect(CMSVerifier.verify(der, trust: trust, detachedContent: detached).isValid)
            return try SignedData(derNode: try ContentInfo(derNode: DER.parse(der)).content.node)
        }

        var builder = SignedDataBuilder()
        builder.includesSignedAttributes = true
        #expect(try signedData(builder).signerInfos.first?.signedAttrs != nil)
        builder.eContentType = "1.2.840.113549.1.9.16.1.4"
        #expect(try signedData(builder).encapContentInfo.eContentType == "1.2.840.113549.1.9.16.1.4")
        builder.eContentType = .idData
        builder.includesSignedAttributes = false
        builder.detachesContent = true
        #expect(try signedData(builder).encapContentInfo.eContent == nil)
        builder.detachesContent = false
        builder.signerCertificate = certificate
        builder.signerIdentification = .issuerAndSerialNumber
        guard case .issuerAndSerialNumber? = try signedData(builder).signerInfos.first?.sid else {
            Issue.record("issuerAndSerialNumber set after creation was not used")
            return
        }
        builder.signerIdentification = .subjectKeyIdentifier
        builder.embedsSignerCertificate = true
        #expect(try signedData(builder).certificates?.count == 1)

        // Back to the defaults: the direct encoding's bytes again.
        builder.embedsSignerCertificate = false
        builder.signerCertificate = nil
        let der = try builder.sign(content, using: key)
        let parsed = try SignedData(derNode: try ContentInfo(derNode: DER.parse(der)).content.node)
        let ownSignature = try #require(parsed.signerInfos.first?.signature)
        #expect(der == SignedDataDirectEncoding.contentInfo(content: content, keyIdentifier: key.publicKey.keyIdentifier,
                                                           signature: ownSignature))
    }
}

