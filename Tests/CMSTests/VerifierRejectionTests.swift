import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// Every verifier check provoked on purpose, each with its exact verdict. The inputs are signed
/// over whatever they contain (`Handmade`), so only the broken rule can be the cause.
@Suite("Verifier rejections")
struct VerifierRejectionTests {
    let key: P256PrivateKey
    let trust: TrustSet
    let content: [UInt8] = Array("systolic=120;diastolic=80".utf8)

    init() throws {
        key = try Fixtures.key()
        trust = TrustSet(publicKeys: [key.publicKey])
    }

    private func verify(_ der: [UInt8], detachedContent: [UInt8]? = nil) -> CMSVerdict {
        CMSVerifier.verify(der, trust: trust, detachedContent: detachedContent)
    }

    private func expectMalformed(_ verdict: CMSVerdict, _ code: CMSMalformedCode, reasonContains fragment: String = "",
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .malformed(let reason, let actual, _) = verdict else {
            Issue.record("expected malformed(\(code.rawValue)), got \(verdict)", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == code.rawValue, "\(reason)", sourceLocation: sourceLocation)
        #expect(fragment.isEmpty || reason.contains(fragment), "\(reason)", sourceLocation: sourceLocation)
    }

    private func expectDERMalformed(_ verdict: CMSVerdict, _ code: DERError.Code, offset: Int? = nil,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .malformed(let reason, let actual, let actualOffset) = verdict else {
            Issue.record("expected malformed(\(code.rawValue)), got \(verdict)", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == code.rawValue, "\(reason)", sourceLocation: sourceLocation)
        if let offset { #expect(actualOffset == offset, sourceLocation: sourceLocation) }
    }

    private func expectName(_ verdict: CMSVerdict, _ name: String, reasonContains fragment: String = "",
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(verdict.name == name, "\(verdict)", sourceLocation: sourceLocation)
        #expect(fragment.isEmpty || verdict.reason.contains(fragment), "\(verdict.reason)", sourceLocation: sourceLocation)
    }

    // MARK: - Baselines

    @Test func baselinesAreValid() throws {
        #expect(verify(try Handmade.der(content: content, key: key)).isValid)
        let attributes = try Handmade.standardAttributes(content: content)
        #expect(verify(try Handmade.der(content: content, key: key, attributes: attributes)).isValid)
    }

    // MARK: - Content type and versions

    @Test func contentTypeMustBeSignedData() throws {
        let signedData = try Handmade.signedData(content: content, key: key)
        let wrapped = ContentInfo(contentType: .idData, content: try DERAny(encoded: DER.encode(signedData)))
        expectMalformed(verify(DER.encode(wrapped)), .notSignedData, reasonContains: "id-signedData")
    }

    @Test(arguments: [0, 1, 2, 4, 5, 99])
    func signedDataVersionMustBeThreeForSKISigner(version: Int) throws {
        let der = try Handmade.der(content: content, key: key) { $0.version = CMSVersion(rawValue: version) }
        expectMalformed(verify(der), .invalidVersion, reasonContains: "requires v3")
    }

    @Test func signedDataVersionMustBeOneForIssuerSerialWithIdData() throws {
        let certificate = try Fixtures.selfSigned(key)
        let sid = SignerIdentifier.issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: certificate))
        let certificateTrust = TrustSet(certificates: [certificate])
        let good = try Handmade.der(content: content, key: key, sid: sid)
        #expect(CMSVerifier.verify(good, trust: certificateTrust).isValid)
        let bad = try Handmade.der(content: content, key: key, sid: sid) { $0.version = .v3 }
        expectMalformed(CMSVerifier.verify(bad, trust: certificateTrust), .invalidVersion, reasonContains: "requires v1")
    }

    @Test func signedDataVersionMustBeThreeForOtherContentType() throws {
        let certificate = try Fixtures.selfSigned(key)
        let sid = SignerIdentifier.issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: certificate))
        let type: DERObjectIdentifier = "1.2.3.4.5"
        let attributes = try Handmade.standardAttributes(content: content, contentType: type)
        let certificateTrust = TrustSet(certificates: [certificate])
        let good = try Handmade.der(content: content, key: key, sid: sid, eContentType: type, attributes: attributes)
        #expect(CMSVerifier.verify(good, trust: certificateTrust).isValid)
        let bad = try Handmade.der(content: content, key: key, sid: sid, eContentType: type, attributes: attributes) {
            $0.version = .v1
        }
        expectMalformed(CMSVerifier.verify(bad, trust: certificateTrust), .invalidVersion, reasonContains: "requires v3")
    }

    @Test("RFC 5652 5.1: other certificates or CRLs need v5, v2 attribute certificates v4, v1 ones v3", arguments: [
        ("certificates", "A3 00", 5), ("crls", "A1 00", 5), ("certificates", "A2 00", 4), ("certificates", "A1 00", 3),
    ])
    func signedDataVersionFollowsCertificateAndCRLChoices(field: String, element: String, required: Int) throws {
        let certificate = try Fixtures.selfSigned(key)
        let sid = SignerIdentifier.issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: certificate))
        let certificateTrust = TrustSet(certificates: [certificate])
        let entry = try DERAny(encoded: element.split(separator: " ").map { UInt8($0, radix: 16)! })
        // issuerAndSerialNumber with id-data would be v1 without the entry.
        for version in [1, 3, 4, 5] {
            let der = try Handmade.der(content: content, key: key, sid: sid) {
                if field == "certificates" { $0.certificates = [entry] } else { $0.crls = [entry] }
                $0.version = CMSVersion(rawValue: version)
            }
            let verdict = CMSVerifier.verify(der, trust: certificateTrust)
            if version == required {
                #expect(verdict.isValid, "v\(version): \(verdict)")
            } else {
                expectMalformed(verdict, .invalidVersion, reasonContains: "requires v\(required)")
            }
        }
    }

    @Test("certificates and crls entries must be one of their CHOICE alternatives (RFC 5652 10.2.1, 10.2.2)",
          arguments: [("certificates", "02 01 00"), ("certificates", "83 00"), ("certificates", "A4 00"),
                      ("crls", "04 00"), ("crls", "A0 00"), ("crls", "81 00")])
    func certificateAndCRLChoicesAreChecked(field: String, element: String) throws {
        let entry = try DERAny(encoded: element.split(separator: " ").map { UInt8($0, radix: 16)! })
        let der = try Handmade.der(content: content, key: key) {
            if field == "certificates" { $0.certificates = [entry] } else { $0.crls = [entry] }
        }
        expectDERMalformed(verify(der), .unexpectedTag)
    }

    @Test(arguments: [0, 1, 2, 4])
    func signerInfoVersionMustBeThreeWithSubjectKeyIdentifier(version: Int) throws {
        let der = try Handmade.der(content: content, key: key) { $0.signerInfos[0].version = CMSVersion(rawValue: version) }
        expectMalformed(verify(der), .signerVersionMismatch, reasonContains: "requires v3")
    }

    @Test(arguments: [0, 2, 3, 5])
    func signerInfoVersionMustBeOneWithIssuerAndSerialNumber(version: Int) throws {
        let certificate = try Fixtures.selfSigned(key)
        let sid = SignerIdentifier.issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: certificate))
        let der = try Handmade.der(content: content, key: key, sid: sid) {
            $0.signerInfos[0].version = CMSVersion(rawValue: version)
        }
        expectMalformed(CMSVerifier.verify(der, trust: TrustSet(certificates: [certificate])), .signerVersionMismatch,
                        reasonContains: "requires v1")
    }

    // MARK: - Signer count

    @Test func zeroSignersAreRefused() throws {
        let der = try Handmade.der(content: content, key: key) {
            $0.signerInfos = []
            $0.version = .v1
        }
        expectMalformed(verify(der), .signerCount, reasonContains: "expected exactly one SignerInfo, found 0")
    }

    @Test func twoSignersAreRefused() throws {
        let second = try Fixtures.key()
        let der = try Handmade.der(content: content, key: key) { signedData in
            signedData.signerInfos.append(SignerInfo(sid: .subjectKeyIdentifier(second.publicKey.keyIdentifier),
                                                     signature: try second.signature(forDigest: Digest.sha256(content))))
        }
        expectMalformed(verify(der), .signerCount, reasonContains: "expected exactly one SignerInfo, found 2")
    }

    // MARK: - Algorithms

    @Test(arguments: ["1.3.14.3.2.26", "2.16.840.1.101.3.4.2.2", "2.16.840.1.101.3.4.2.3"])
    func digestAlgorithmMustBeSHA256(oid: String) throws {
        let algorithm = AlgorithmIdentifier(algorithm: try DERObjectIdentifier(dotted: oid))
        let der = try Handmade.der(content: content, key: key) {
            $0.digestAlgorithms = [algorithm]
            $0.signerInfos[0].digestAlgorithm = algorithm
        }
        expectName(verify(der), "unsupported-algorithm", reasonContains: "not id-sha256")
    }

    @Test func sha256WithNullParametersIsAccepted() throws {
        let withNull = AlgorithmIdentifier(algorithm: .idSHA256, parameters: try DERAny(encoded: [0x05, 0x00]))
        let der = try Handmade.der(content: content, key: key) {
            $0.digestAlgorithms = [withNull]
            $0.signerInfos[0].digestAlgorithm = withNull
        }
        #expect(verify(der).isValid)
    }

    @Test func sha256WithOtherParametersIsRefused() throws {
        let odd = AlgorithmIdentifier(algorithm: .idSHA256, parameters: try DERAny(encoded: [0x02, 0x01, 0x00]))
        let der = try Handmade.der(content: content, key: key) {
            $0.digestAlgorithms = [odd]
            $0.signerInfos[0].digestAlgorithm = odd
        }
        expectName(verify(der), "unsupported-algorithm", reasonContains: "RFC 5754")
    }

    @Test func signatureAlgorithmParametersMustBeAbsent() throws {
        let withNull = AlgorithmIdentifier(algorithm: .ecdsaWithSHA256, parameters: try DERAny(encoded: [0x05, 0x00]))
        let der = try Handmade.der(content: content, key: key) { $0.signerInfos[0].signatureAlgorithm = withNull }
        expectName(verify(der), "unsupported-algorithm", reasonContains: "RFC 5758")
    }

    @Test(arguments: ["1.2.840.10045.4.3.3", "1.2.840.10045.2.1", "1.2.840.113549.1.1.11"])
    func signatureAlgorithmMustBeECDSAWithSHA256(oid: String) throws {
        let algorithm = AlgorithmIdentifier(algorithm: try DERObjectIdentifier(dotted: oid))
        let der = try Handmade.der(content: content, key: key) { $0.signerInfos[0].signatureAlgorithm = algorithm }
        expectName(verify(der), "unsupported-algorithm", reasonContains: "not ecdsa-with-SHA256")
    }

    @Test func digestAlgorithmMustBeListed() throws {
        let sha384 = AlgorithmIdentifier(algorithm: "2.16.840.1.101.3.4.2.2")
        expectMalformed(verify(try Handmade.der(content: content, key: key) { $0.digestAlgorithms = [sha384] }),
                        .digestAlgorithmNotListed)
        expectMalformed(verify(try Handmade.der(content: content, key: key) { $0.digestAlgorithms = [] }),
                        .digestAlgorithmNotListed)
        // Listed with NULL parameters while the SignerInfo omits them: the same algorithm.
        let withNull = AlgorithmIdentifier(algorithm: .idSHA256, parameters: try DERAny(encoded: [0x05, 0x00]))
        #expect(verify(try Handmade.der(content: content, key: key) { $0.digestAlgorithms = [withNull] }).isValid)
    }

    @Test(arguments: ["1.3.14.3.2.26", "2.16.840.1.101.3.4.2.2", "2.16.840.1.101.3.4.2.3"])
    func digestAlgorithmsListingAnotherAlgorithmAreRefused(oid: String) throws {
        let other = AlgorithmIdentifier(algorithm: try DERObjectIdentifier(dotted: oid))
        let der = try Handmade.der(content: content, key: key) { $0.digestAlgorithms = [.sha256, other] }
        expectName(verify(der), "unsupported-algorithm", reasonContains: "the profile lists only id-sha256")
    }

    @Test func digestAlgorithmsEntryWithOtherParametersIsRefused() throws {
        // The SignerInfo's own identifier is the profile's; only the listed one carries parameters.
        let odd = AlgorithmIdentifier(algorithm: .idSHA256, parameters: try DERAny(encoded: [0x04, 0x00]))
        let der = try Handmade.der(content: content, key: key) { $0.digestAlgorithms = [odd] }
        expectName(verify(der), "unsupported-algorithm", reasonContains: "digestAlgorithms[0]: id-sha256 parameters")
    }

    @Test func digestAlgorithmsListingSHA256TwiceAreMalformed() throws {
        let withNull = AlgorithmIdentifier(algorithm: .idSHA256, parameters: try DERAny(encoded: [0x05, 0x00]))
        let der = try Handmade.der(content: content, key: key) { $0.digestAlgorithms = [.sha256, withNull] }
        expectMalformed(verify(der), .digestAlgorithmRepeated, reasonContains: "lists id-sha256 2 times")
    }

    // MARK: - Content

    @Test func detachedContentMustBeSupplied() throws {
        let der = try Handmade.der(content: content, key: key, detached: true)
        expectMalformed(verify(der), .missingContent, reasonContains: "detached content: supply the content")
        #expect(verify(der, detachedContent: content).isValid)
        expectName(verify(der, detachedContent: content + [0x20]), "bad-signature")
    }

    @Test func suppliedContentMustEqualAttachedContent() throws {
        let der = try Handmade.der(content: content, key: key)
        #expect(verify(der, detachedContent: content).isValid)
        expectName(verify(der, detachedContent: Array(content.dropLast())), "bad-signature", reasonContains: "differs")
    }

    @Test func otherContentTypeNeedsSignedAttributes() throws {
        let der = try Handmade.der(content: content, key: key, eContentType: "1.2.3.4.5")
        expectMalformed(verify(der), .signedAttributesRequired)
    }

    // MARK: - Signed attributes

    private func attribute(_ type: DERObjectIdentifier, _ values: [[UInt8]]) throws -> Attribute {
        Attribute(attrType: type, attrValues: try values.map { try DERAny(encoded: $0) })
    }

    private var contentTypeValue: [UInt8] { DER.encode(DERObjectIdentifier.idData) }
    private var digestValue: [UInt8] { DER.encode(DEROctetString(Digest.sha256(content))) }

    @Test func contentTypeAttributeIsRequired() throws {
        let der = try Handmade.der(content: content, key: key, attributes: [try attribute(.idMessageDigest, [digestValue])])
        expectMalformed(verify(der), .missingAttribute, reasonContains: "content-type")
    }

    @Test func contentTypeAttributeMustOccurOnce() throws {
        let attributes = [try attribute(.idContentType, [contentTypeValue]), try attribute(.idContentType, [contentTypeValue]),
                          try attribute(.idMessageDigest, [digestValue])]
        expectMalformed(verify(try Handmade.der(content: content, key: key, attributes: attributes)), .duplicateAttribute,
                        reasonContains: "content-type")
    }

    @Test func contentTypeAttributeMustHaveOneValue() throws {
        let attributes = [try attribute(.idContentType, [contentTypeValue, DER.encode(DERObjectIdentifier.idSignedData)]),
                          try attribute(.idMessageDigest, [digestValue])]
        expectMalformed(verify(try Handmade.der(content: content, key: key, attributes: attributes)), .invalidAttributeValue)
    }

    @Test func contentTypeAttributeMustBeAnOID() throws {
        let attributes = [try attribute(.idContentType, [[0x05, 0x00]]), try attribute(.idMessageDigest, [digestValue])]
        expectMalformed(verify(try Handmade.der(content: content, key: key, attributes: attributes)), .invalidAttributeValue)
    }

    @Test func contentTypeAttributeMustMatchEContentType() throws {
        let attributes = [try attribute(.idContentType, [DER.encode(DERObjectIdentifier.idSignedData)]),
                          try attribute(.idMessageDigest, [digestValue])]
        expectMalformed(verify(try Handmade.der(content: content, key: key, attributes: attributes)), .contentTypeMismatch)
    }

    @Test func messageDigestAttributeIsRequired() throws {
        let der = try Handmade.der(content: content, key: key, attributes: [try attribute(.idContentType, [contentTypeValue])])
        expectMalformed(verify(der), .missingAttribute, reasonContains: "message-digest")
    }

    @Test func messageDigestAttributeMustOccurOnce() throws {
        let otherDigest = DER.encode(DEROctetString(Digest.sha256([1])))
        let attributes = [try attribute(.idContentType, [contentTypeValue]), try attribute(.idMessageDigest, [digestValue]),
                          try attribute(.idMessageDigest, [otherDigest])]
        expectMalformed(verify(try Handmade.der(content: content, key: key, attributes: attributes)), .duplicateAttribute,
                        reasonContains: "message-digest")
    }

    @Test func messageDigestAttributeMustBeAnOctetString() throws {
        let attributes = [try attribute(.idContentType, [contentTypeValue]),
                          try attribute(.idMessageDigest, [DER.encode(DERInteger(5))])]
        expectMalformed(verify(try Handmade.der(content: content, key: key, attributes: attributes)), .invalidAttributeValue)
    }

    @Test func messageDigestAttributeMustMatchTheContent() throws {
        let attributes = try Handmade.standardAttributes(content: content + [0x21])
        let verdict = verify(try Handmade.der(content: content, key: key, attributes: attributes))
        expectName(verdict, "bad-signature", reasonContains: "message-digest")
    }

    @Test func signingTimeMustBeUTCTimeInItsRangeAndOccurOnce() throws {
        let generalized = DER.encode(try GeneralizedTime(year: 2025, month: 3, day: 1, hour: 0, minute: 0, second: 0))
        let late = try Handmade.standardAttributes(content: content, signingTime: generalized)
        expectDERMalformed(verify(try Handmade.der(content: content, key: key, attributes: late)), .invalidTime)

        let utc = DER.encode(try UTCTime(year: 2025, month: 3, day: 1, hour: 0, minute: 0, second: 0))
        let utc2 = DER.encode(try UTCTime(year: 2025, month: 3, day: 2, hour: 0, minute: 0, second: 0))
        var twice = try Handmade.standardAttributes(content: content, signingTime: utc)
        twice.append(try attribute(.idSigningTime, [utc2]))
        expectMalformed(verify(try Handmade.der(content: content, key: key, attributes: twice)), .duplicateAttribute,
                        reasonContains: "signing-time")

        let good = try Handmade.standardAttributes(content: content, signingTime: utc)
        let verdict = verify(try Handmade.der(content: content, key: key, attributes: good))
        #expect(verdict.summary?.signingTime == Date(timeIntervalSince1970: 1_740_787_200))
    }

    @Test("content-type, message-digest and signing-time may not be unsigned attributes (RFC 5652 11)", arguments: [
        DERObjectIdentifier.idContentType, .idMessageDigest, .idSigningTime,
    ])
    func signedOnlyAttributesRefusedWhenUnsigned(type: DERObjectIdentifier) throws {
        let values: [DERObjectIdentifier: [UInt8]] = [
            .idContentType: contentTypeValue, .idMessageDigest: digestValue,
            .idSigningTime: DER.encode(try UTCTime(year: 2025, month: 3, day: 1, hour: 0, minute: 0, second: 0)),
        ]
        let unsigned = try attribute(type, [values[type]!])
        // Without and with signed attributes: the unsigned copy is refused either way.
        for attributes in [nil, try Handmade.standardAttributes(content: content)] as [[Attribute]?] {
            let der = try Handmade.der(content: content, key: key, attributes: attributes) {
                $0.signerInfos[0].unsignedAttrs = [unsigned]
            }
            expectMalformed(verify(der), .unsignedAttributeNotAllowed)
        }
        // Any other unsigned attribute is ignored.
        let other = try attribute(try DERObjectIdentifier(dotted: "1.2.840.113549.1.9.6"), [DER.encode(DERInteger(1))])
        let der = try Handmade.der(content: content, key: key) { $0.signerInfos[0].unsignedAttrs = [other] }
        #expect(verify(der).summary != nil)
    }

    @Test("a countersignature may not be a signed attribute (RFC 5652 11.4)")
    func countersignatureMustNotBeSigned() throws {
        var attributes = try Handmade.standardAttributes(content: content)
        attributes.append(try attribute(.idCountersignature, [[0x30, 0x00]]))
        expectMalformed(verify(try Handmade.der(content: content, key: key, attributes: attributes)),
                        .signedAttributeNotAllowed, reasonContains: "countersignature")
    }

    @Test("signed attributes must be DER inside opaque values too (RFC 5652 5.3)", arguments: [
        ("01 01 01", DERError.Code.invalidBoolean),  // BER TRUE
        ("02 02 00 05", .nonMinimalInteger),
        ("03 02 07 81", .invalidBitString),  // an unused bit set
        ("30 03 06 01 80", .invalidObjectIdentifier),  // nested: a subidentifier starting 0x80
        ("17 0B 32 35 30 33 30 31 30 30 30 30 5A", .invalidTime),  // UTCTime without seconds
    ])
    func signedAttributeValuesMustBeDER(value: String, code: DERError.Code) throws {
        let bytes = value.split(separator: " ").map { UInt8($0, radix: 16)! }
        var attributes = try Handmade.standardAttributes(content: content)
        attributes.append(try attribute("1.2.3.4", [bytes]))
        expectDERMalformed(verify(try Handmade.der(content: content, key: key, attributes: attributes)), code)
        // The same value as an unsigned attribute is not hashed and is ignored.
        let unsigned = try Handmade.der(content: content, key: key) {
            $0.signerInfos[0].unsignedAttrs = [try attribute("1.2.3.4", [bytes])]
        }
        #expect(verify(unsigned).isValid)
    }

    @Test("an attribute without values is refused, signed or unsigned (RFC 5912: SIZE(1..MAX))")
    func attributeNeedsAValue() throws {
        let empty = Attribute(attrType: try DERObjectIdentifier(dotted: "1.2.840.113549.1.9.16.2.4"), attrValues: [])
        let signed = try Handmade.standardAttributes(content: content) + [empty]
        expectDERMalformed(verify(try Handmade.der(content: content, key: key, attributes: signed)), .invalidValue)
        let der = try Handmade.der(content: content, key: key) { $0.signerInfos[0].unsignedAttrs = [empty] }
        expectDERMalformed(verify(der), .invalidValue)
    }

    @Test func signedAttributesMustBeInDEROrder() throws {
        let attributes = try Handmade.standardAttributes(content: content)
        let der = try Handmade.der(content: content, key: key, attributes: attributes)
        let sorted = SignedAttributes(attributes).attributes.map { DER.encode($0) }
        #expect(sorted.count == 2)
        let swapped = try #require(replacing(sorted[0] + sorted[1], with: sorted[1] + sorted[0], in: der))
        expectDERMalformed(verify(swapped), .unsortedSet)
    }

    @Test func signatureOverTheContentInsteadOfTheAttributesIsBad() throws {
        let attributes = try Handmade.standardAttributes(content: content)
        let der = try Handmade.der(content: content, key: key, attributes: attributes) {
            $0.signerInfos[0].signature = try key.signature(forDigest: Digest.sha256(content))
        }
        expectName(verify(der), "bad-signature", reasonContains: "does not verify")
    }

    @Test func signedAttributesAreHashedAsReceived() throws {
        // Re-encoding parsed values cannot change what is hashed: flipping one octet inside the
        // received attributes (a signing-time digit) breaks the signature.
        let utc = DER.encode(try UTCTime(year: 2025, month: 3, day: 1, hour: 0, minute: 0, second: 0))
        let attributes = try Handmade.standardAttributes(content: content, signingTime: utc)
        let der = try Handmade.der(content: content, key: key, attributes: attributes)
        let altered = try #require(replacing(Array("250301000000Z".utf8), with: Array("250301000001Z".utf8), in: der))
        expectName(verify(altered), "bad-signature")
    }

    // MARK: - Keys and trust

    @Test func signatureByAnotherKeyIsBad() throws {
        let claimed = try Fixtures.key()
        let der = try Handmade.der(content: content, key: key, sid: .subjectKeyIdentifier(claimed.publicKey.keyIdentifier))
        let verdict = CMSVerifier.verify(der, trust: TrustSet(publicKeys: [claimed.publicKey]))
        expectName(verdict, "bad-signature", reasonContains: "does not verify")
    }

    @Test func unknownSignerIsUntrusted() throws {
        let der = try Handmade.der(content: content, key: key)
        let hex = hexString(key.publicKey.keyIdentifier)
        expectName(CMSVerifier.verify(der, trust: TrustSet()), "untrusted-signer", reasonContains: "ski:\(hex)")
        let stranger = try Fixtures.key()
        expectName(CMSVerifier.verify(der, trust: TrustSet(publicKeys: [stranger.publicKey])), "untrusted-signer",
                   reasonContains: "ski:\(hex)")

        let certificate = try Fixtures.selfSigned(key)
        let ias = try IssuerAndSerialNumber(certificate: certificate)
        let byIssuer = try Handmade.der(content: content, key: key, sid: .issuerAndSerialNumber(ias)) { $0.version = .v1 }
        expectName(CMSVerifier.verify(byIssuer, trust: trust), "untrusted-signer",
                   reasonContains: "issuer-serial:\(hexString(ias.issuer.node.encodedBytes))/\(hexString(ias.serialNumber.bytes))")
    }

    @Test func untrustedEmbeddedCertificateDoesNotCount() throws {
        let certificate = try Fixtures.selfSigned(key, subject: "CN=Impostor")
        let der = try SignedDataBuilder(signerCertificate: certificate, embedsSignerCertificate: true).sign(content, using: key)
        let stranger = try Fixtures.key()
        expectName(CMSVerifier.verify(der, trust: TrustSet(publicKeys: [stranger.publicKey])), "untrusted-signer",
                   reasonContains: "not trusted")
        let strangerCertificate = try Fixtures.selfSigned(stranger, subject: "CN=Someone Else")
        expectName(CMSVerifier.verify(der, trust: TrustSet(certificates: [strangerCertificate])), "untrusted-signer",
                   reasonContains: "does not chain")
        // The same embedded certificate, trusted itself: valid.
        let verdict = CMSVerifier.verify(der, trust: TrustSet(certificates: [certificate]))
        #expect(verdict.summary?.certificateSubject == certificate.subject)
    }

    // MARK: - Encoding

    @Test func berIndefiniteLengthIsMalformed() throws {
        let der = try Handmade.der(content: content, key: key)
        // Re-wrap the outer SEQUENCE's content in the indefinite form: 30 80 … 00 00.
        let outer = try DER.parse(der)
        let ber: [UInt8] = [0x30, 0x80] + Array(outer.content) + [0x00, 0x00]
        expectDERMalformed(verify(ber), .indefiniteLength, offset: 1)  // the length octet
    }

    @Test func trailingDataIsMalformed() throws {
        let der = try Handmade.der(content: content, key: key)
        expectDERMalformed(verify(der + [0x00]), .trailingBytes, offset: der.count)
    }

    @Test func unsortedDigestAlgorithmsAreMalformed() throws {
        let sha384 = AlgorithmIdentifier(algorithm: "2.16.840.1.101.3.4.2.2")
        let der = try Handmade.der(content: content, key: key) { $0.digestAlgorithms = [.sha256, sha384] }
        // In DER order the profile refuses the extra algorithm; swapped, the SET OF order fails first.
        expectName(verify(der), "unsupported-algorithm")
        let swapped = try #require(replacing(DER.encode(AlgorithmIdentifier.sha256) + DER.encode(sha384),
                                             with: DER.encode(sha384) + DER.encode(AlgorithmIdentifier.sha256), in: der))
        expectDERMalformed(verify(swapped), .unsortedSet)
    }

    @Test func nonDERSignatureIsBad() throws {
        let der = try Handmade.der(content: content, key: key) { signedData in
            let signature = try key.signature(forDigest: Digest.sha256(content))
            // Long-form length 0x81 for a short SEQUENCE: valid BER, not DER.
            signedData.signerInfos[0].signature = [0x30, 0x81] + signature.dropFirst()
        }
        expectName(verify(der), "bad-signature", reasonContains: "ECDSA-Sig-Value")
    }

    @Test func embeddedCertificateThatIsNotX509IsMalformedEvenWhenTheSignerIsTrustedWithoutIt() throws {
        // SEQUENCE { INTEGER 1 } in the `certificate` alternative: a SEQUENCE, but no certificate.
        let der = try Handmade.der(content: content, key: key) { signedData in
            signedData.certificates = [try DERAny(encoded: [0x30, 0x03, 0x02, 0x01, 0x01])]
        }
        expectMalformed(verify(der), .invalidCertificate, reasonContains: "not an X.509 certificate")
        // The same signature without the bogus element verifies: the element alone is the cause.
        #expect(verify(try Handmade.der(content: content, key: key)).isValid)
    }
}
