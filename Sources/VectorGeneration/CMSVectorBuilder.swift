import CMS
import CryptoBackend
import DER
import HealthSigKit

/// Builds ContentInfo/SignedData encodings for `cms.json`, including deliberately wrong ones.
///
/// Every part is written with the DER module's writer in the order given (SET OFs sorted unless
/// a test asks otherwise), and the signature is made by the real key over exactly what the
/// profile says is signed, so a test whose point is a structural deviation has nothing else
/// wrong with it. Deviations are the properties below; the defaults give the profile.
struct CMSVectorBuilder {
    /// What the signature is computed over.
    enum SignedInput {
        /// RFC 5652 5.4: the signed attributes as a universal SET, or the content without them.
        case profile
        /// The signed attributes with their `[0]` tag (a common mistake).
        case taggedAttributes
        /// The content, even when signed attributes are present.
        case content
    }

    var content: [UInt8]
    var signer: P256PrivateKey
    var sid: SignerIdentifier
    var eContentType: DERObjectIdentifier = .idData
    var attachesContent = true
    /// Replaces the whole EncapsulatedContentInfo encoding (BER variants).
    var encapsulatedContentInfo: [UInt8]?
    var contentInfoType: DERObjectIdentifier = .idSignedData
    var signedDataVersion: Int?
    var signerInfoVersion: Int?
    var digestAlgorithms: [[UInt8]] = [CMSVectorBuilder.algorithm(.idSHA256)]
    var digestAlgorithm: [UInt8] = CMSVectorBuilder.algorithm(.idSHA256)
    var signatureAlgorithm: [UInt8] = CMSVectorBuilder.algorithm(.ecdsaWithSHA256)
    /// Encoded `Attribute` elements; nil leaves signedAttrs out.
    var signedAttributes: [[UInt8]]?
    var sortsSignedAttributes = true
    var certificates: [[UInt8]]?
    var unsignedAttributes: [[UInt8]]?
    var signedInput: SignedInput = .profile
    /// Makes the signature over a digest (default: the signer's key).
    var makeSignature: ((P256PrivateKey, [UInt8]) throws -> [UInt8])?
    /// Changes the DER ECDSA-Sig-Value after signing.
    var transformSignature: ([UInt8]) throws -> [UInt8] = { $0 }
    var signerCount = 1
    /// Elements appended inside SignedData after signerInfos.
    var signedDataTrailer: [UInt8] = []
    /// Changes the finished encoding (BER lengths, trailing data, bit flips).
    var transformOutput: ([UInt8]) -> [UInt8] = { $0 }

    init(content: [UInt8], signer: P256PrivateKey, sid: SignerIdentifier? = nil) {
        self.content = content
        self.signer = signer
        self.sid = sid ?? .subjectKeyIdentifier(signer.publicKey.keyIdentifier)
    }

    // MARK: - Pieces

    /// `AlgorithmIdentifier` with parameters absent, or with the given encoded parameters.
    static func algorithm(_ oid: DERObjectIdentifier, parameters: [UInt8]? = nil) -> [UInt8] {
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.append(oid)
            if let parameters { w.appendEncoded(parameters) }
        }
        return writer.bytes
    }

    /// An `Attribute` with values written in the given order.
    static func attribute(_ type: DERObjectIdentifier, _ values: [[UInt8]]) -> [UInt8] {
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.append(type)
            w.appendSetOf { set in
                for value in values { set.appendEncoded(value) }
            }
        }
        return writer.bytes
    }

    static func contentTypeAttribute(_ type: DERObjectIdentifier = .idData) -> [UInt8] {
        attribute(.idContentType, [DER.encode(type)])
    }

    static func messageDigestAttribute(_ content: [UInt8]) -> [UInt8] {
        attribute(.idMessageDigest, [DER.encode(DEROctetString(Digest.sha256(content)))])
    }

    /// The two attributes RFC 5652 5.3 requires, for `content`.
    static func requiredAttributes(_ content: [UInt8], type: DERObjectIdentifier = .idData) -> [[UInt8]] {
        [contentTypeAttribute(type), messageDigestAttribute(content)]
    }

    static func signingTimeAttribute(_ time: some DERSerializable) -> [UInt8] {
        attribute(.idSigningTime, [DER.encode(time)])
    }

    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var writer = DERWriter()
        writer.appendPrimitive(DERTag(DERTag.TagClass(rawValue: tag >> 6) ?? .universal, number: UInt32(tag & 0x1F),
                                      constructed: tag & 0x20 != 0), content: content)
        return writer.bytes
    }

    // MARK: - Build

    /// The `[0] IMPLICIT` signedAttrs element, attributes in DER order unless told otherwise.
    var signedAttributesElement: [UInt8]? {
        guard let signedAttributes else { return nil }
        let ordered = sortsSignedAttributes
            ? signedAttributes.sorted { $0.lexicographicallyPrecedes($1) } : signedAttributes
        var writer = DERWriter()
        writer.appendConstructed(.contextSpecific(0, constructed: true)) { w in
            for attribute in ordered { w.appendEncoded(attribute) }
        }
        return writer.bytes
    }

    /// The DER ContentInfo (or whatever the deviations make of it).
    func build() throws -> [UInt8] {
        let attributes = signedAttributesElement
        let signedBytes: [UInt8]
        switch (signedInput, attributes) {
        case (.profile, let a?): signedBytes = [0x31] + a.dropFirst()
        case (.taggedAttributes, let a?): signedBytes = a
        case (.profile, nil), (.taggedAttributes, nil), (.content, _): signedBytes = content
        }
        let digest = Digest.sha256(signedBytes)

        var signerInfos: [[UInt8]] = []
        for _ in 0..<signerCount {
            let raw = try makeSignature?(signer, digest) ?? signer.signature(forDigest: digest)
            let signature = try transformSignature(raw)
            var writer = DERWriter()
            writer.appendConstructed(.sequence) { w in
                w.append(DERInteger(signerInfoVersion ?? sid.requiredSignerInfoVersion.rawValue))
                w.append(sid)
                w.appendEncoded(digestAlgorithm)
                if let attributes { w.appendEncoded(attributes) }
                w.appendEncoded(signatureAlgorithm)
                w.append(DEROctetString(signature))
                if let unsignedAttributes {
                    w.appendSetOf(.contextSpecific(1, constructed: true)) { set in
                        for attribute in unsignedAttributes { set.appendEncoded(attribute) }
                    }
                }
            }
            signerInfos.append(writer.bytes)
        }

        let siVersion = signerInfoVersion ?? sid.requiredSignerInfoVersion.rawValue
        let sdVersion = signedDataVersion ?? ((siVersion == 3 || eContentType != .idData) ? 3 : 1)
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.append(contentInfoType)
            w.appendConstructed(.contextSpecific(0, constructed: true)) { w in
                w.appendConstructed(.sequence) { w in
                    w.append(DERInteger(sdVersion))
                    w.appendSetOf { set in
                        for algorithm in digestAlgorithms { set.appendEncoded(algorithm) }
                    }
                    if let encapsulatedContentInfo {
                        w.appendEncoded(encapsulatedContentInfo)
                    } else {
                        w.appendConstructed(.sequence) { w in
                            w.append(eContentType)
                            if attachesContent { w.append(DEROctetString(content), explicitTag: 0) }
                        }
                    }
                    if let certificates {
                        w.appendSetOf(.contextSpecific(0, constructed: true)) { set in
                            for certificate in certificates { set.appendEncoded(certificate) }
                        }
                    }
                    w.appendSetOf { set in
                        for signerInfo in signerInfos { set.appendEncoded(signerInfo) }
                    }
                    w.appendEncoded(signedDataTrailer)
                }
            }
        }
        return transformOutput(writer.bytes)
    }
}
