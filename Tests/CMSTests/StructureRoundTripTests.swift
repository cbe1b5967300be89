import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// Each RFC 5652 structure: parse ∘ serialize is the identity on DER, and hand-written byte
/// vectors decode as expected.
@Suite("CMS structures")
struct StructureRoundTripTests {
    /// Parses `bytes` as `T`, serializes it again, and requires the identical bytes.
    private func assertRoundTrips<T: DERParseable & DERSerializable>(_ type: T.Type, _ bytes: [UInt8],
                                                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try T(derNode: DER.parse(bytes))
        #expect(DER.encode(value) == bytes, sourceLocation: sourceLocation)
    }

    @Test func cmsVersionIsOpenToUnknownValues() throws {
        let seven = try CMSVersion(derNode: DER.parse([0x02, 0x01, 0x07]))
        #expect(seven.rawValue == 7)
        #expect(seven != .v5)
        #expect(DER.encode(CMSVersion.v3) == [0x02, 0x01, 0x03])
        let negative = try CMSVersion(derNode: DER.parse([0x02, 0x01, 0xFF]))
        #expect(negative.rawValue == -1)
        #expect(throws: DERError(.integerOverflow, at: 0, "")) {
            try CMSVersion(derNode: DER.parse([0x02, 0x09, 0x01, 0, 0, 0, 0, 0, 0, 0, 0]))
        }
    }

    @Test func algorithmIdentifierKeepsAbsentAndNullApart() throws {
        let absent = hexBytes("300b0609608648016503040201")
        let null = hexBytes("300d06096086480165030402010500")
        #expect(DER.encode(AlgorithmIdentifier.sha256) == absent)
        let parsedNull = try AlgorithmIdentifier(derNode: DER.parse(null))
        #expect(parsedNull.parametersAreNull && !parsedNull.parametersAbsent)
        let parsedAbsent = try AlgorithmIdentifier(derNode: DER.parse(absent))
        #expect(parsedAbsent.parametersAbsent && !parsedAbsent.parametersAreNull)
        try assertRoundTrips(AlgorithmIdentifier.self, null)
        // ecdsa-with-SHA256 with parameters absent, as RFC 5758 3.2 requires.
        #expect(DER.encode(AlgorithmIdentifier.ecdsaWithSHA256) == hexBytes("300a06082a8648ce3d040302"))
    }

    @Test func signerIdentifierChoiceUsesImplicitContextTag() throws {
        let keyIdentifier: [UInt8] = Array(1...20)
        let encoded = DER.encode(SignerIdentifier.subjectKeyIdentifier(keyIdentifier))
        #expect(encoded == [0x80, 0x14] + keyIdentifier)
        #expect(try SignerIdentifier(derNode: DER.parse(encoded)) == .subjectKeyIdentifier(keyIdentifier))
        // The constructed form of [0] is not the OCTET STRING alternative.
        #expect(throws: DERError(.unexpectedTag, at: 0, "")) {
            try SignerIdentifier(derNode: DER.parse([0xA0, 0x03, 0x04, 0x01, 0x00]))
        }
        // A bare OCTET STRING is neither alternative.
        #expect(throws: DERError(.unexpectedTag, at: 0, "")) {
            try SignerIdentifier(derNode: DER.parse([0x04, 0x01, 0x00]))
        }
    }

    @Test func issuerAndSerialNumberFromCertificateRepeatsItsBytes() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let value = try IssuerAndSerialNumber(certificate: certificate)
        #expect(Array(value.issuer.node.encodedBytes) == certificate.issuerNameDER)
        #expect(value.serialNumber.bytes == certificate.serialNumberBytes)
        try assertRoundTrips(IssuerAndSerialNumber.self, DER.encode(value))
        let sid = SignerIdentifier.issuerAndSerialNumber(value)
        #expect(sid.requiredSignerInfoVersion == .v1)
        #expect(try SignerIdentifier(derNode: DER.parse(DER.encode(sid))) == sid)
    }

    @Test func signedAttributesAreSortedAndSignedAsUniversalSet() throws {
        let content: [UInt8] = Array("signed attributes".utf8)
        let utc = DER.encode(try UTCTime(year: 2025, month: 3, day: 1, hour: 12, minute: 30, second: 0))
        // Given out of DER order: signing-time (…09 05) sorts after content-type (…09 03) only
        // by the later octets, and message-digest's longer SET sorts by length octet.
        let attributes = try Handmade.standardAttributes(content: content, signingTime: utc).reversed()
        let signedAttrs = SignedAttributes(Array(attributes))
        let encodings = signedAttrs.attributes.map { DER.encode($0) }
        #expect(encodings == encodings.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(signedAttrs.encodedBytes.first == 0xA0)
        let signed = signedAttrs.signedBytes
        #expect(signed.first == 0x31)
        #expect(signed.dropFirst().elementsEqual(signedAttrs.encodedBytes.dropFirst()))
        // Parsing keeps the received element, so re-tagging uses the exact bytes.
        let parsed = try SignedAttributes(derNode: DER.parse(Array(signedAttrs.encodedBytes)))
        #expect(parsed.signedBytes == signed)
        #expect(parsed.contentType == .idData)
        #expect(parsed.messageDigest == Digest.sha256(content))
        #expect(parsed.signingTime == Date(timeIntervalSince1970: 1_740_832_200))
    }

    @Test func emptySignedAttributesAreRefused() throws {
        #expect(throws: DERError(.invalidValue, at: 0, "")) {
            try SignedAttributes(derNode: DER.parse([0xA0, 0x00]))
        }
    }

    @Test func attributeValuesMustBeInSetOrder() throws {
        // attrType id-data (any OID would do), values { 04 01 02, 04 01 01 }: out of order.
        let attribute: [UInt8] = [0x30, 0x13, 0x06, 0x09] + hexBytes("2a864886f70d010701")
            + [0x31, 0x06, 0x04, 0x01, 0x02, 0x04, 0x01, 0x01]
        #expect(throws: DERError(.unsortedSet, at: 0, "")) {
            try Attribute(derNode: DER.parse(attribute))
        }
        let sorted: [UInt8] = [0x30, 0x13, 0x06, 0x09] + hexBytes("2a864886f70d010701")
            + [0x31, 0x06, 0x04, 0x01, 0x01, 0x04, 0x01, 0x02]
        try assertRoundTrips(Attribute.self, sorted)
    }

    @Test func contentInfoRequiresItsExplicitContent() throws {
        let onlyType: [UInt8] = [0x30, 0x0B, 0x06, 0x09] + hexBytes("2a864886f70d010702")
        #expect(throws: DERError(.missingField, at: 0, "")) {
            try ContentInfo(derNode: DER.parse(onlyType))
        }
        let twoInside: [UInt8] = [0x30, 0x11, 0x06, 0x09] + hexBytes("2a864886f70d010702") + [0xA0, 0x04, 0x05, 0x00, 0x05, 0x00]
        #expect(throws: DERError(.invalidValue, at: 0, "")) {
            try ContentInfo(derNode: DER.parse(twoInside))
        }
    }

    @Test func encapsulatedContentRoundTripsAttachedAndDetached() throws {
        let attached = EncapsulatedContentInfo(eContent: [1, 2, 3])
        #expect(DER.encode(attached) == [0x30, 0x12, 0x06, 0x09] + hexBytes("2a864886f70d010701")
            + [0xA0, 0x05, 0x04, 0x03, 1, 2, 3])
        try assertRoundTrips(EncapsulatedContentInfo.self, DER.encode(attached))
        let detached = EncapsulatedContentInfo(eContent: nil)
        try assertRoundTrips(EncapsulatedContentInfo.self, DER.encode(detached))
        #expect(try EncapsulatedContentInfo(derNode: DER.parse(DER.encode(detached))).eContent == nil)
    }

    @Test func builderOutputRoundTripsThroughEveryStructure() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let builders = [
            SignedDataBuilder(),
            SignedDataBuilder(signerIdentification: .issuerAndSerialNumber, signerCertificate: certificate,
                              embedsSignerCertificate: true, includesSignedAttributes: true,
                              signingTime: Date(timeIntervalSince1970: 1_700_000_000)),
            SignedDataBuilder(detachesContent: true),
        ]
        for builder in builders {
            let der = try builder.sign(Fixtures.content300, using: key)
            try assertRoundTrips(ContentInfo.self, der)
            let contentInfo = try ContentInfo(derNode: DER.parse(der))
            try assertRoundTrips(SignedData.self, Array(contentInfo.content.node.encodedBytes))
            let signedData = try SignedData(derNode: contentInfo.content.node)
            for signerInfo in signedData.signerInfos {
                try assertRoundTrips(SignerInfo.self, DER.encode(signerInfo))
            }
        }
    }

    @Test func unsignedAttributesAreKeptAndWrittenSorted() throws {
        let key = try Fixtures.key()
        let note = Attribute(attrType: "1.2.3.4", attrValues: [try DERAny(encoded: [0x05, 0x00])])
        let other = Attribute(attrType: "1.2.3", attrValues: [try DERAny(encoded: [0x05, 0x00])])
        let signedData = try Handmade.signedData(content: [1, 2, 3], key: key) { signedData in
            signedData.signerInfos[0].unsignedAttrs = [note, other]
        }
        let encoded = DER.encode(signedData.signerInfos[0])
        let parsed = try SignerInfo(derNode: DER.parse(encoded))
        #expect(parsed.unsignedAttrs == [other, note])
        // Unsigned attributes are outside the signature: verification still succeeds.
        let verdict = CMSVerifier.verify(ContentInfo.encode(signedData: signedData),
                                         trust: TrustSet(publicKeys: [key.publicKey]))
        #expect(verdict.isValid)
    }

    @Test func ecdsaSignatureValueConvertsRawRS() throws {
        // r has its top bit set (needs a 0x00 sign octet); s has leading zero octets (trimmed).
        let r = [UInt8](repeating: 0x80, count: 32)
        let s = [UInt8](repeating: 0, count: 31) + [0x05]
        let value = try ECDSASignatureValue(rawRS: r + s)
        #expect(value.derEncoded == [0x30, 0x26, 0x02, 0x21, 0x00] + r + [0x02, 0x01, 0x05])
        #expect(value.rawRS == r + s)
        #expect(try ECDSASignatureValue(derEncoded: value.derEncoded) == value)
        expectBuilderError("invalidSignatureEncoding") {
            _ = try ECDSASignatureValue(rawRS: [UInt8](repeating: 1, count: 63))
        }
        // A non-minimal INTEGER (BER) is not DER.
        #expect(throws: DERError(.nonMinimalInteger, at: 0, "")) {
            try ECDSASignatureValue(derEncoded: [0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01])
        }
    }

    @Test func signatureFromKeyConvertsToRawAndBack() throws {
        let key = try Fixtures.key()
        let digest = Digest.sha256([1, 2, 3])
        let der = try key.signature(forDigest: digest)
        let raw = try #require(try ECDSASignatureValue(derEncoded: der).rawRS)
        #expect(raw.count == 64)
        #expect(try ECDSASignatureValue(rawRS: raw).derEncoded == der)
    }
}
