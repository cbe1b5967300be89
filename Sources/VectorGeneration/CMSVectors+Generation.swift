import CMS
import CryptoBackend
import DER
import Foundation
import HealthSigKit
import SampleIO

/// How `CMSVectors` proposes its tests: the file's header and notes, and every case it builds.
extension CMSVectors: VectorFamilyGenerator {
    var header: [String] {
        [
            "CMS SignedData (RFC 5652) under the health-sample profile: DER, SHA-256, ECDSA P-256, one signer identified by",
            "subject key identifier or issuer and serial number; signed attributes allowed. Verify `signature` (base64) against",
            "the group's trust set (key.publicKeyPem / key.certificatePem) and compare your verdict with `verdict`.",
            "Signers are the TEST keys of test-keys/: never trust them.",
        ]
    }

    var notes: [String: String] {
        [
            "Profile": "The profile's default form: sid = subjectKeyIdentifier, no certificates, no attributes, content attached as id-data.",
            "EmptyContent": "A zero-length content, attached.",
            "LongContent": "Content of 1000 octets: every length in long form.",
            "SignedAttributes": "Signed attributes (content-type, message-digest): the signature covers their DER SET OF (RFC 5652 5.4).",
            "SigningTime": "A signing-time attribute: UTCTime for 1950-2049, GeneralizedTime otherwise (RFC 5652 11.3).",
            "OtherAttribute": "An additional signed or unsigned attribute the profile does not use; it does not change the verdict.",
            "DigestParamsNull": "id-sha256 with NULL parameters, which RFC 5754 2 says implementations MUST accept.",
            "DigestAlgorithms": "digestAlgorithms lists more than the profile's one id-sha256 entry (parameters absent or NULL): another algorithm or other parameters are unsupported-algorithm, id-sha256 twice is malformed.",
            "Detached": "eContent absent; the content is given in detachedContent (or missing).",
            "HighS": "An ECDSA signature with s > n/2. ECDSA (FIPS 186-4, SEC 1) accepts it, so does OpenSSL; the profile does not require low S.",
            "ShortR": "r shorter than 32 octets: its INTEGER has fewer content octets.",
            "OtherContentType": "eContentType other than id-data, with the signed attributes RFC 5652 5.3 then requires. Valid CMS; a sample verifier refuses it later because the record is id-data.",
            "IssuerSerial": "sid = issuerAndSerialNumber (SignerInfo version 1).",
            "EmbeddedCertificate": "The signer certificate (or another one) in SignedData.certificates.",
            "CertificateChain": "The signer is trusted through its embedded certificate issued by the trusted CA certificate.",
            "SignedDataVersion": "SignedData.version other than the one RFC 5652 5.1 requires for its contents.",
            "SignerInfoVersion": "SignerInfo.version other than the one its sid requires (RFC 5652 5.3).",
            "DigestAlgorithm": "A digest algorithm other than SHA-256: unsupported-algorithm.",
            "DigestParams": "id-sha256 with parameters other than absent or NULL: unsupported-algorithm (RFC 5754 2).",
            "SignatureAlgorithm": "A signature algorithm other than ecdsa-with-SHA256: unsupported-algorithm.",
            "SignatureParams": "ecdsa-with-SHA256 with parameters (RFC 5758 3.2: MUST be omitted): unsupported-algorithm.",
            "DigestAlgorithmNotListed": "The signer's digest algorithm is missing from SignedData.digestAlgorithms (RFC 5652 5.1).",
            "SignerCount": "Not exactly one SignerInfo (the profile has one signer).",
            "UnknownSigner": "The sid names no trusted key or certificate.",
            "UntrustedSigner": "Signed by a key outside the trust set.",
            "MissingAttribute": "Signed attributes without content-type or message-digest (RFC 5652 5.3).",
            "WrongMessageDigest": "The message-digest attribute does not match the content: bad-signature.",
            "InvalidAttributeValue": "A content-type or message-digest attribute whose value has the wrong type (RFC 5652 11.1, 11.2).",
            "ContentTypeMismatch": "The content-type attribute differs from eContentType (RFC 5652 11.1).",
            "DuplicateAttribute": "An attribute that may occur once occurs twice, or has two values (RFC 5652 11.1, 11.2).",
            "UnsortedSet": "Signed attributes not in DER SET OF order (X.690 11.6); the signature covers the unsorted bytes.",
            "SignedAttrsTag": "The signature covers the attributes with their [0] tag instead of the SET tag (RFC 5652 5.4).",
            "SignedAttributesRequired": "eContentType is not id-data but signed attributes are absent (RFC 5652 5.3).",
            "LargeArcInAttribute": "An attribute value holding an OID arc beyond 64 bits: valid DER, so valid, although this toolkit's OID type stops at 64-bit arcs.",
            "AttributeValueNotDER": "An attribute value inside signedAttrs is BER, not DER (RFC 5652 5.3: SignedAttributes MUST be DER encoded, values included).",
            "EmptyAttributeValues": "An attribute whose attrValues SET is empty (RFC 5912: SET SIZE(1..MAX) OF AttributeValue).",
            "SignedCountersignature": "A countersignature attribute among the signed attributes (RFC 5652 11.4: MUST NOT be a signed attribute).",
            "CertificateChoice": "An element of certificates that is none of the CertificateChoices alternatives (RFC 5652 10.2.2).",
            "InvalidCertificate": "An element of certificates in the certificate alternative (a SEQUENCE) that is not an X.509 certificate (RFC 5652 10.2.2): malformed, even when the trust set names the signer without it.",
            "UnsignedAttributeNotAllowed": "A content-type, message-digest or signing-time attribute among the unsigned attributes (RFC 5652 11.1-11.3: MUST NOT be unsigned).",
            "NotSignedData": "ContentInfo.contentType is not id-signedData.",
            "BER": "A BER form DER forbids: indefinite length, non-minimal length, constructed OCTET STRING.",
            "TrailingData": "Octets after the ContentInfo, or an extra element inside SignedData.",
            "Truncated": "The encoding is cut short.",
            "BadSignature": "A valid structure whose ECDSA signature does not verify.",
            "InvalidSignatureEncoding": "The signature octets are not a DER ECDSA-Sig-Value: bad-signature.",
            "WrongKey": "The sid names a trusted key but another key signed.",
            "EmptyAttributes": "A signedAttrs or unsignedAttrs SET without attributes (RFC 5652 5.3: SIZE (1..MAX)).",
        ]
    }

    /// The content most tests sign.
    static let content = Array("healthsig conformance test content".utf8)
    static let longContent = (0..<1000).map { UInt8($0 % 251) }

    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec] {
        let keys = context.keys
        func keyMembers(_ publicKey: @escaping () throws -> P256PublicKey,
                        _ certificate: @escaping () throws -> Certificate?) -> () throws -> [(String, JSONValue)] {
            {
                let key = try publicKey()
                var members: [(String, JSONValue)] = [
                    ("publicKeyPem", .text(key.pemString)),
                    ("keyId", .text(VectorHex.encode(key.keyIdentifier))),
                ]
                if let certificate = try certificate() { members.append(("certificatePem", .text(certificate.pemString))) }
                return [("key", .obj(members))]
            }
        }
        return [
            VectorGroupSpec(name: "trusted-key",
                            members: keyMembers({ try keys.signerA.get().publicKey }, { nil }),
                            cases: try trustedKeyCases(keys)),
            VectorGroupSpec(name: "trusted-certificate",
                            members: keyMembers({ try keys.signerB.get().0.publicKey }, { try keys.signerB.get().1 }),
                            cases: trustedCertificateCases(keys)),
            VectorGroupSpec(name: "trusted-ca",
                            members: keyMembers({ try keys.certificateAuthority.get().ca.p256PublicKey() },
                                                { try keys.certificateAuthority.get().ca }),
                            cases: trustedCACases(keys)),
        ]
    }

    // MARK: - Test helpers

    /// A case whose signature `make` builds.
    private func test(_ comment: String, _ flags: [String], _ verdict: String, detached: [UInt8]? = nil,
                      _ make: @escaping () throws -> CMSVectorBuilder) -> VectorCase {
        VectorCase(comment, flags: flags) {
            let der = try make().build()
            var fields: [(String, JSONValue)] = [("signature", .text(Data(der).base64EncodedString()))]
            if let detached { fields.append(("detachedContent", .text(VectorHex.encode(detached)))) }
            fields.append(("verdict", .text(verdict)))
            return fields
        }
    }

    /// A case whose DER bytes `make` returns directly.
    private func raw(_ comment: String, _ flags: [String], _ verdict: String, _ make: @escaping () throws -> [UInt8]) -> VectorCase {
        VectorCase(comment, flags: flags) {
            [("signature", .text(Data(try make()).base64EncodedString())), ("verdict", .text(verdict))]
        }
    }

    /// The encapsulated content with its OCTET STRING in BER constructed form (two segments).
    static func constructedEContent(_ content: [UInt8]) -> [UInt8] {
        let half = content.count / 2
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.append(DERObjectIdentifier.idData)
            w.appendConstructed(.contextSpecific(0, constructed: true)) { w in
                w.appendConstructed(DERTag(.universal, number: 4, constructed: true)) { w in
                    w.append(DEROctetString(content[..<half]))
                    w.append(DEROctetString(content[half...]))
                }
            }
        }
        return writer.bytes
    }

    /// The encapsulated content with its `[0]` wrapper in indefinite length (BER).
    static func indefiniteEContent(_ content: [UInt8]) -> [UInt8] {
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.append(DERObjectIdentifier.idData)
            w.appendEncoded([0xA0, 0x80] + DER.encode(DEROctetString(content)) + [0, 0])
        }
        return writer.bytes
    }

    /// The outermost element re-encoded with an indefinite length (BER).
    static func indefiniteOuter(_ der: [UInt8]) -> [UInt8] {
        [der[0], 0x80] + outerContent(der) + [0, 0]
    }

    /// The outermost element's length written with one more octet than needed.
    static func nonMinimalOuter(_ der: [UInt8]) -> [UInt8] {
        let body = outerContent(der)
        return [der[0], 0x83, 0x00, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
    }

    static func outerContent(_ der: [UInt8]) -> [UInt8] {
        let first = der[1]
        let header = first < 0x80 ? 2 : 2 + Int(first & 0x7F)
        return Array(der[header...])
    }

    /// Flips the lowest bit of the first occurrence of `needle` in `der` (the attached content).
    static func flipBit(in der: [UInt8], at needle: [UInt8]) -> [UInt8] {
        var out = der
        for start in 0...(der.count - needle.count) where Array(der[start..<(start + needle.count)]) == needle {
            out[start + needle.count - 1] ^= 1
            return out
        }
        return out
    }

    static let unknownIssuer: [UInt8] = {
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.appendSetOf { set in
                set.appendConstructed(.sequence) { w in
                    w.append(DERObjectIdentifier("2.5.4.3"))
                    w.append(DERUTF8String("TEST issuer nobody trusts"))
                }
            }
        }
        return writer.bytes
    }()

    // MARK: - Group: a trusted bare key

    private func trustedKeyCases(_ keys: TestKeyStore) throws -> [VectorCase] {
        let content = Self.content
        func a() throws -> CMSVectorBuilder { CMSVectorBuilder(content: content, signer: try keys.signerA.get()) }
        func withAttributes() throws -> CMSVectorBuilder {
            var b = try a()
            b.signedAttributes = CMSVectorBuilder.requiredAttributes(content)
            return b
        }
        let sha1 = CMSVectorBuilder.algorithm("1.3.14.3.2.26")
        let sha384 = CMSVectorBuilder.algorithm("2.16.840.1.101.3.4.2.2")
        let sha256Null = CMSVectorBuilder.algorithm(.idSHA256, parameters: [0x05, 0x00])
        let signingTime2026 = try UTCTime(year: 2026, month: 11, day: 21, hour: 8, minute: 0, second: 5)

        return [
            // Must verify.
            test("profile: sid subjectKeyIdentifier, content attached, no attributes", ["Profile"], "valid") { try a() },
            test("empty content", ["EmptyContent"], "valid") { var b = try a(); b.content = []; return b },
            test("one-octet content", [], "valid") { var b = try a(); b.content = [0x2a]; return b },
            test("1000-octet content", ["LongContent"], "valid") { var b = try a(); b.content = Self.longContent; return b },
            test("signed attributes content-type and message-digest", ["SignedAttributes"], "valid") { try withAttributes() },
            test("signed attributes with signing-time 2026 as UTCTime", ["SignedAttributes", "SigningTime"], "valid") {
                var b = try withAttributes()
                b.signedAttributes? += [CMSVectorBuilder.signingTimeAttribute(signingTime2026)]
                return b
            },
            test("signed attributes with signing-time 2050 as GeneralizedTime", ["SignedAttributes", "SigningTime"], "valid") {
                var b = try withAttributes()
                b.signedAttributes? += [CMSVectorBuilder.signingTimeAttribute(
                    try GeneralizedTime(year: 2050, month: 1, day: 1, hour: 0, minute: 0, second: 0))]
                return b
            },
            test("signed attributes with an additional attribute (id-aa-contentHint-like OID)", ["SignedAttributes", "OtherAttribute"], "valid") {
                var b = try withAttributes()
                b.signedAttributes? += [CMSVectorBuilder.attribute("1.2.840.113549.1.9.16.2.4", [DER.encode(DERUTF8String("TEST"))])]
                return b
            },
            test("an unsigned attribute", ["OtherAttribute"], "valid") {
                var b = try a()
                b.unsignedAttributes = [CMSVectorBuilder.attribute("1.2.840.113549.1.9.16.2.4", [DER.encode(DERUTF8String("TEST"))])]
                return b
            },
            test("id-sha256 with NULL parameters in SignerInfo and digestAlgorithms", ["DigestParamsNull"], "valid") {
                var b = try a()
                b.digestAlgorithm = sha256Null
                b.digestAlgorithms = [sha256Null]
                return b
            },
            test("id-sha256 with NULL parameters in the SignerInfo only", ["DigestParamsNull"], "valid") {
                var b = try a()
                b.digestAlgorithm = sha256Null
                return b
            },
            test("digestAlgorithms lists SHA-256 and SHA-384", ["DigestAlgorithms"], "unsupported-algorithm") {
                var b = try a()
                b.digestAlgorithms = [CMSVectorBuilder.algorithm(.idSHA256), sha384]
                return b
            },
            test("detached content supplied", ["Detached"], "valid", detached: content) {
                var b = try a()
                b.attachesContent = false
                return b
            },
            test("high-S signature", ["HighS"], "valid") {
                var b = try a()
                b.transformSignature = ECDSASignatureTweaks.highS
                return b
            },
            test("r shorter than 32 octets", ["ShortR"], "valid") {
                var b = try a()
                b.makeSignature = ECDSASignatureTweaks.shortR
                return b
            },
            test("an unrelated certificate embedded, signer found by key identifier", ["EmbeddedCertificate"], "valid") {
                var b = try a()
                b.certificates = [try keys.untrusted.get().1.derEncoded]
                return b
            },
            test("eContentType id-ct-TSTInfo with signed attributes", ["OtherContentType", "SignedAttributes"], "valid") {
                var b = try a()
                b.eContentType = "1.2.840.113549.1.9.16.1.4"
                b.signedAttributes = CMSVectorBuilder.requiredAttributes(content, type: "1.2.840.113549.1.9.16.1.4")
                return b
            },

            // Versions.
            test("SignedData version 1 with a version 3 SignerInfo", ["SignedDataVersion"], "malformed") {
                var b = try a(); b.signedDataVersion = 1; return b
            },
            test("SignedData version 2", ["SignedDataVersion"], "malformed") { var b = try a(); b.signedDataVersion = 2; return b },
            test("SignedData version 4", ["SignedDataVersion"], "malformed") { var b = try a(); b.signedDataVersion = 4; return b },
            test("SignerInfo version 1 with sid subjectKeyIdentifier", ["SignerInfoVersion"], "malformed") {
                var b = try a(); b.signerInfoVersion = 1; return b
            },
            test("SignerInfo version 2", ["SignerInfoVersion"], "malformed") { var b = try a(); b.signerInfoVersion = 2; return b },

            // Algorithms.
            test("digestAlgorithm SHA-1", ["DigestAlgorithm"], "unsupported-algorithm") {
                var b = try a(); b.digestAlgorithm = sha1; b.digestAlgorithms = [sha1]; return b
            },
            test("digestAlgorithm SHA-384", ["DigestAlgorithm"], "unsupported-algorithm") {
                var b = try a(); b.digestAlgorithm = sha384; b.digestAlgorithms = [sha384]; return b
            },
            test("id-sha256 with an empty OCTET STRING as parameters", ["DigestParams"], "unsupported-algorithm") {
                var b = try a()
                b.digestAlgorithm = CMSVectorBuilder.algorithm(.idSHA256, parameters: [0x04, 0x00])
                return b
            },
            test("ecdsa-with-SHA256 with NULL parameters", ["SignatureParams"], "unsupported-algorithm") {
                var b = try a()
                b.signatureAlgorithm = CMSVectorBuilder.algorithm(.ecdsaWithSHA256, parameters: [0x05, 0x00])
                return b
            },
            test("signatureAlgorithm ecdsa-with-SHA384", ["SignatureAlgorithm"], "unsupported-algorithm") {
                var b = try a(); b.signatureAlgorithm = CMSVectorBuilder.algorithm("1.2.840.10045.4.3.3"); return b
            },
            test("signatureAlgorithm sha256WithRSAEncryption", ["SignatureAlgorithm"], "unsupported-algorithm") {
                var b = try a()
                b.signatureAlgorithm = CMSVectorBuilder.algorithm("1.2.840.113549.1.1.11", parameters: [0x05, 0x00])
                return b
            },
            test("signatureAlgorithm id-ecPublicKey", ["SignatureAlgorithm"], "unsupported-algorithm") {
                var b = try a(); b.signatureAlgorithm = CMSVectorBuilder.algorithm("1.2.840.10045.2.1"); return b
            },
            test("digestAlgorithms lists SHA-256 and SHA-1", ["DigestAlgorithms"], "unsupported-algorithm") {
                var b = try a(); b.digestAlgorithms = [sha1, CMSVectorBuilder.algorithm(.idSHA256)]; return b
            },
            test("digestAlgorithms lists id-sha256 with an empty OCTET STRING as parameters", ["DigestAlgorithms", "DigestParams"],
                 "unsupported-algorithm") {
                var b = try a(); b.digestAlgorithms = [CMSVectorBuilder.algorithm(.idSHA256, parameters: [0x04, 0x00])]; return b
            },
            test("digestAlgorithms lists id-sha256 twice, parameters absent and NULL", ["DigestAlgorithms"], "malformed") {
                var b = try a(); b.digestAlgorithms = [CMSVectorBuilder.algorithm(.idSHA256), sha256Null]; return b
            },
            test("id-sha256 with NULL parameters in digestAlgorithms only", ["DigestParamsNull"], "valid") {
                var b = try a(); b.digestAlgorithms = [sha256Null]; return b
            },
            test("digestAlgorithms empty", ["DigestAlgorithmNotListed"], "malformed") { var b = try a(); b.digestAlgorithms = []; return b },
            test("digestAlgorithms lists only SHA-384", ["DigestAlgorithmNotListed"], "malformed") {
                var b = try a(); b.digestAlgorithms = [sha384]; return b
            },

            // Signers.
            test("no SignerInfo", ["SignerCount"], "malformed") { var b = try a(); b.signerCount = 0; b.signedDataVersion = 1; return b },
            test("two SignerInfos by the trusted key", ["SignerCount"], "malformed") { var b = try a(); b.signerCount = 2; return b },
            test("sid subjectKeyIdentifier of no trusted key", ["UnknownSigner"], "untrusted-signer") {
                var b = try a()
                b.sid = .subjectKeyIdentifier(Digest.sha1(Array("TEST unknown key".utf8)))
                return b
            },
            test("sid issuerAndSerialNumber, only a bare key trusted", ["UnknownSigner", "IssuerSerial"], "untrusted-signer") {
                var b = try a()
                b.sid = .issuerAndSerialNumber(IssuerAndSerialNumber(issuer: try DERAny(encoded: Self.unknownIssuer),
                                                                     serialNumber: DERInteger(0x1234)))
                return b
            },
            test("signed by an untrusted key, sid its key identifier", ["UntrustedSigner"], "untrusted-signer") {
                CMSVectorBuilder(content: content, signer: try keys.untrusted.get().0)
            },
            test("signed by an untrusted key with its self-signed certificate embedded", ["UntrustedSigner", "EmbeddedCertificate"], "untrusted-signer") {
                var b = CMSVectorBuilder(content: content, signer: try keys.untrusted.get().0)
                b.certificates = [try keys.untrusted.get().1.derEncoded]
                return b
            },
            test("sid names the trusted key but another key signed", ["WrongKey", "BadSignature"], "bad-signature") {
                var b = try a()
                b.signer = try keys.untrusted.get().0
                return b
            },

            // Content.
            test("detached content, none supplied", ["Detached"], "malformed") {
                var b = try a(); b.attachesContent = false; return b
            },
            test("detached content, other content supplied", ["Detached", "BadSignature"], "bad-signature",
                 detached: Array("healthsig conformance test contenT".utf8)) {
                var b = try a(); b.attachesContent = false; return b
            },

            // Signed attributes.
            test("signed attributes without content-type", ["MissingAttribute", "SignedAttributes"], "malformed") {
                var b = try a(); b.signedAttributes = [CMSVectorBuilder.messageDigestAttribute(content)]; return b
            },
            test("signed attributes without message-digest", ["MissingAttribute", "SignedAttributes"], "malformed") {
                var b = try a(); b.signedAttributes = [CMSVectorBuilder.contentTypeAttribute()]; return b
            },
            test("message-digest of other content", ["WrongMessageDigest", "SignedAttributes"], "bad-signature") {
                var b = try a()
                b.signedAttributes = [CMSVectorBuilder.contentTypeAttribute(),
                                      CMSVectorBuilder.messageDigestAttribute(Array("other content".utf8))]
                return b
            },
            test("content-type attribute id-signedData, eContentType id-data", ["ContentTypeMismatch", "SignedAttributes"], "malformed") {
                var b = try a()
                b.signedAttributes = [CMSVectorBuilder.contentTypeAttribute(.idSignedData), CMSVectorBuilder.messageDigestAttribute(content)]
                return b
            },
            test("two content-type attributes", ["DuplicateAttribute", "SignedAttributes"], "malformed") {
                var b = try withAttributes()
                b.signedAttributes? += [CMSVectorBuilder.contentTypeAttribute()]
                return b
            },
            test("content-type attribute with two values", ["DuplicateAttribute", "SignedAttributes"], "malformed") {
                var b = try a()
                b.signedAttributes = [CMSVectorBuilder.attribute(.idContentType, [DER.encode(DERObjectIdentifier.idData),
                                                                                   DER.encode(DERObjectIdentifier("1.2.840.113549.1.7.5"))]),
                                      CMSVectorBuilder.messageDigestAttribute(content)]
                return b
            },
            test("message-digest attribute value is an INTEGER", ["InvalidAttributeValue", "SignedAttributes"], "malformed") {
                var b = try a()
                b.signedAttributes = [CMSVectorBuilder.contentTypeAttribute(),
                                      CMSVectorBuilder.attribute(.idMessageDigest, [DER.encode(DERInteger(1))])]
                return b
            },
            test("signed attributes not in DER order", ["UnsortedSet", "SignedAttributes"], "malformed") {
                var b = try withAttributes()
                b.signedAttributes = b.signedAttributes?.sorted { $0.lexicographicallyPrecedes($1) }.reversed()
                b.sortsSignedAttributes = false
                return b
            },
            test("empty signed attributes", ["EmptyAttributes"], "malformed") { var b = try a(); b.signedAttributes = []; return b },
            test("empty unsigned attributes", ["EmptyAttributes"], "malformed") { var b = try a(); b.unsignedAttributes = []; return b },
            test("signature over the [0]-tagged signed attributes", ["SignedAttrsTag", "BadSignature"], "bad-signature") {
                var b = try withAttributes(); b.signedInput = .taggedAttributes; return b
            },
            test("signature over the content although signed attributes are present", ["BadSignature", "SignedAttributes"], "bad-signature") {
                var b = try withAttributes(); b.signedInput = .content; return b
            },
            test("signing-time 2026 as GeneralizedTime", ["SigningTime", "SignedAttributes"], "malformed") {
                var b = try withAttributes()
                b.signedAttributes? += [CMSVectorBuilder.signingTimeAttribute(
                    try GeneralizedTime(year: 2026, month: 11, day: 21, hour: 8, minute: 0, second: 5))]
                return b
            },
            test("signed attributes with an additional attribute whose value is a BER BOOLEAN (01 01 01)",
                 ["SignedAttributes", "OtherAttribute", "AttributeValueNotDER"], "malformed") {
                var b = try withAttributes()
                b.signedAttributes? += [CMSVectorBuilder.attribute("1.2.840.113549.1.9.16.2.4", [[0x01, 0x01, 0x01]])]
                return b
            },
            test("signed attributes with an additional attribute whose value is the OID 2.25.2^100 (an arc beyond 64 bits is valid DER)",
                 ["SignedAttributes", "OtherAttribute", "LargeArcInAttribute"], "valid") {
                var b = try withAttributes()
                let oid: [UInt8] = [0x06, 0x10, 0x69, 0x84] + [UInt8](repeating: 0x80, count: 13) + [0x00]
                b.signedAttributes? += [CMSVectorBuilder.attribute("1.2.840.113549.1.9.16.2.4", [oid])]
                return b
            },
            test("signed attributes with an additional attribute whose value is a non-minimal INTEGER",
                 ["SignedAttributes", "OtherAttribute", "AttributeValueNotDER"], "malformed") {
                var b = try withAttributes()
                b.signedAttributes? += [CMSVectorBuilder.attribute("1.2.840.113549.1.9.16.2.4", [[0x02, 0x02, 0x00, 0x05]])]
                return b
            },
            test("signed attributes with an additional attribute without values", ["SignedAttributes", "EmptyAttributeValues"], "malformed") {
                var b = try withAttributes()
                b.signedAttributes? += [CMSVectorBuilder.attribute("1.2.840.113549.1.9.16.2.4", [])]
                return b
            },
            test("an unsigned attribute without values", ["EmptyAttributeValues"], "malformed") {
                var b = try a(); b.unsignedAttributes = [CMSVectorBuilder.attribute("1.2.840.113549.1.9.16.2.4", [])]; return b
            },
            test("countersignature as a signed attribute", ["SignedAttributes", "SignedCountersignature"], "malformed") {
                var b = try withAttributes()
                b.signedAttributes? += [CMSVectorBuilder.attribute("1.2.840.113549.1.9.6", [DER.encode(DEROctetString([1, 2, 3]))])]
                return b
            },
            test("certificates holding an INTEGER, none of the CertificateChoices", ["CertificateChoice"], "malformed") {
                var b = try a(); b.certificates = [DER.encode(DERInteger(1))]; return b
            },
            test("certificates holding a SEQUENCE that is not an X.509 certificate, signer trusted by key identifier",
                 ["InvalidCertificate"], "malformed") {
                var b = try a(); b.certificates = [[0x30, 0x03, 0x02, 0x01, 0x01]]; return b  // SEQUENCE { INTEGER 1 }
            },
            test("content-type as an unsigned attribute", ["UnsignedAttributeNotAllowed"], "malformed") {
                var b = try a(); b.unsignedAttributes = [CMSVectorBuilder.contentTypeAttribute()]; return b
            },
            test("message-digest as an unsigned attribute beside signed attributes", ["UnsignedAttributeNotAllowed", "SignedAttributes"],
                 "malformed") {
                var b = try withAttributes(); b.unsignedAttributes = [CMSVectorBuilder.messageDigestAttribute(content)]; return b
            },
            test("signing-time as an unsigned attribute", ["UnsignedAttributeNotAllowed", "SigningTime"], "malformed") {
                var b = try a()
                b.unsignedAttributes = [CMSVectorBuilder.signingTimeAttribute(
                    try UTCTime(year: 2026, month: 11, day: 21, hour: 8, minute: 0, second: 5))]
                return b
            },
            test("eContentType id-ct-TSTInfo without signed attributes", ["SignedAttributesRequired", "OtherContentType"], "malformed") {
                var b = try a(); b.eContentType = "1.2.840.113549.1.9.16.1.4"; return b
            },

            // Encoding.
            test("ContentInfo contentType id-data", ["NotSignedData"], "malformed") { var b = try a(); b.contentInfoType = .idData; return b },
            test("indefinite length on the ContentInfo", ["BER"], "malformed") {
                var b = try a(); b.transformOutput = Self.indefiniteOuter; return b
            },
            test("non-minimal length on the ContentInfo", ["BER"], "malformed") {
                var b = try a(); b.transformOutput = Self.nonMinimalOuter; return b
            },
            test("eContent as a constructed OCTET STRING", ["BER"], "malformed") {
                var b = try a(); b.encapsulatedContentInfo = Self.constructedEContent(content); return b
            },
            test("eContent [0] with indefinite length", ["BER"], "malformed") {
                var b = try a(); b.encapsulatedContentInfo = Self.indefiniteEContent(content); return b
            },
            test("a 00 octet after the ContentInfo", ["TrailingData"], "malformed") {
                var b = try a(); b.transformOutput = { $0 + [0] }; return b
            },
            test("a second ContentInfo after the first", ["TrailingData"], "malformed") {
                var b = try a(); b.transformOutput = { $0 + $0 }; return b
            },
            test("an extra NULL after signerInfos inside SignedData", ["TrailingData"], "malformed") {
                var b = try a(); b.signedDataTrailer = [0x05, 0x00]; return b
            },
            test("last octet missing", ["Truncated"], "malformed") { var b = try a(); b.transformOutput = { Array($0.dropLast()) }; return b },
            raw("empty input", ["Truncated"], "malformed") { [] },

            // Signature value.
            test("lowest bit of r flipped", ["BadSignature"], "bad-signature") {
                var b = try a(); b.transformSignature = ECDSASignatureTweaks.flipLowBit(ofS: false); return b
            },
            test("lowest bit of s flipped", ["BadSignature"], "bad-signature") {
                var b = try a(); b.transformSignature = ECDSASignatureTweaks.flipLowBit(ofS: true); return b
            },
            test("lowest bit of the content flipped after signing", ["BadSignature"], "bad-signature") {
                var b = try a(); b.transformOutput = { Self.flipBit(in: $0, at: content) }; return b
            },
            test("lowest bit of the signed content flipped, signed attributes", ["BadSignature", "SignedAttributes"], "bad-signature") {
                var b = try withAttributes(); b.transformOutput = { Self.flipBit(in: $0, at: content) }; return b
            },
            test("r = 0", ["BadSignature"], "bad-signature") {
                var b = try a(); b.transformSignature = ECDSASignatureTweaks.replacingR(with: [0]); return b
            },
            test("r = n", ["BadSignature"], "bad-signature") {
                var b = try a(); b.transformSignature = ECDSASignatureTweaks.replacingR(with: ECDSASignatureTweaks.order); return b
            },
            test("signature as raw r || s instead of DER", ["InvalidSignatureEncoding"], "bad-signature") {
                var b = try a(); b.transformSignature = ECDSASignatureTweaks.rawRS; return b
            },
            test("ECDSA-Sig-Value with a redundant 00 octet in r", ["InvalidSignatureEncoding"], "bad-signature") {
                var b = try a(); b.transformSignature = ECDSASignatureTweaks.nonMinimalR; return b
            },
            test("ECDSA-Sig-Value followed by a 00 octet", ["InvalidSignatureEncoding"], "bad-signature") {
                var b = try a(); b.transformSignature = { $0 + [0] }; return b
            },
            test("empty signature", ["InvalidSignatureEncoding"], "bad-signature") {
                var b = try a(); b.transformSignature = { _ in [] }; return b
            },
        ]
    }

    // MARK: - Group: a trusted self-signed certificate

    private func trustedCertificateCases(_ keys: TestKeyStore) -> [VectorCase] {
        let content = Self.content
        func issuerSerial() throws -> CMSVectorBuilder {
            let (key, certificate) = try keys.signerB.get()
            return CMSVectorBuilder(content: content, signer: key,
                                    sid: .issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: certificate)))
        }
        func ski() throws -> CMSVectorBuilder {
            let (key, certificate) = try keys.signerB.get()
            return CMSVectorBuilder(content: content, signer: key,
                                    sid: .subjectKeyIdentifier(certificate.subjectKeyIdentifier ?? key.publicKey.keyIdentifier))
        }
        return [
            test("sid issuerAndSerialNumber, certificate embedded", ["IssuerSerial", "EmbeddedCertificate"], "valid") {
                var b = try issuerSerial(); b.certificates = [try keys.signerB.get().1.derEncoded]; return b
            },
            test("sid issuerAndSerialNumber, no certificate embedded", ["IssuerSerial"], "valid") { try issuerSerial() },
            test("sid subjectKeyIdentifier of the certificate, certificate embedded", ["EmbeddedCertificate"], "valid") {
                var b = try ski(); b.certificates = [try keys.signerB.get().1.derEncoded]; return b
            },
            test("sid subjectKeyIdentifier of the certificate", ["Profile"], "valid") { try ski() },
            test("sid issuerAndSerialNumber with signed attributes and signing-time", ["IssuerSerial", "SignedAttributes", "SigningTime"], "valid") {
                var b = try issuerSerial()
                b.signedAttributes = CMSVectorBuilder.requiredAttributes(content)
                    + [CMSVectorBuilder.signingTimeAttribute(try UTCTime(year: 2026, month: 11, day: 21, hour: 8, minute: 0, second: 0))]
                return b
            },
            test("sid issuerAndSerialNumber with another serial number", ["UnknownSigner", "IssuerSerial"], "untrusted-signer") {
                var b = try issuerSerial()
                if case .issuerAndSerialNumber(let ias) = b.sid {
                    b.sid = .issuerAndSerialNumber(IssuerAndSerialNumber(issuer: ias.issuer, serialNumber: DERInteger(0x1002)))
                }
                return b
            },
            test("sid issuerAndSerialNumber with SignerInfo version 3", ["SignerInfoVersion", "IssuerSerial"], "malformed") {
                var b = try issuerSerial(); b.signerInfoVersion = 3; return b
            },
            test("SignedData version 3 with a version 1 SignerInfo and id-data", ["SignedDataVersion", "IssuerSerial"], "malformed") {
                var b = try issuerSerial(); b.signedDataVersion = 3; return b
            },
            test("sid issuerAndSerialNumber of the trusted certificate, another key signed", ["WrongKey", "IssuerSerial"], "bad-signature") {
                var b = try issuerSerial(); b.signer = try keys.untrusted.get().0; return b
            },
        ]
    }

    // MARK: - Group: a trusted CA certificate

    private func trustedCACases(_ keys: TestKeyStore) -> [VectorCase] {
        let content = Self.content
        func leaf() throws -> CMSVectorBuilder {
            let chain = try keys.certificateAuthority.get()
            var b = CMSVectorBuilder(content: content, signer: chain.leafKey,
                                     sid: .subjectKeyIdentifier(chain.leaf.subjectKeyIdentifier ?? chain.leafKey.publicKey.keyIdentifier))
            b.certificates = [chain.leaf.derEncoded]
            return b
        }
        return [
            test("leaf certificate issued by the trusted CA embedded, sid subjectKeyIdentifier", ["CertificateChain", "EmbeddedCertificate"], "valid") {
                try leaf()
            },
            test("leaf certificate embedded, sid issuerAndSerialNumber", ["CertificateChain", "EmbeddedCertificate", "IssuerSerial"], "valid") {
                var b = try leaf()
                b.sid = .issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: try keys.certificateAuthority.get().leaf))
                return b
            },
            test("leaf certificate embedded, signed attributes", ["CertificateChain", "SignedAttributes"], "valid") {
                var b = try leaf(); b.signedAttributes = CMSVectorBuilder.requiredAttributes(content); return b
            },
            test("leaf certificate not embedded", ["UnknownSigner"], "untrusted-signer") {
                var b = try leaf(); b.certificates = nil; return b
            },
            test("self-signed certificate the CA did not issue embedded", ["UntrustedSigner", "EmbeddedCertificate"], "untrusted-signer") {
                var b = CMSVectorBuilder(content: content, signer: try keys.untrusted.get().0)
                b.certificates = [try keys.untrusted.get().1.derEncoded]
                return b
            },
            test("leaf certificate embedded, another key signed", ["WrongKey", "CertificateChain"], "bad-signature") {
                var b = try leaf(); b.signer = try keys.untrusted.get().0; return b
            },
        ]
    }
}
