import DER

/// The DER ContentInfo of ``SignedDataBuilder``'s default profile (id-data content attached, the
/// signer named by subjectKeyIdentifier, SHA-256 and ecdsa-with-SHA256 with parameters absent,
/// no certificates, no CRLs, no attributes), written in one pass into one buffer of its exact
/// size.
///
/// `sign` writes one SignedData per reading, and building the SignedData and SignerInfo values
/// only to encode them through nested writers cost a third of everything signing does outside
/// libcrypto besides the record. Only the content and the signature vary in length; every
/// other element is encoded once, by the same types the general path uses, so the bytes are
/// those of `ContentInfo.encode(signedData:)` (`SignedDataDirectEncodingTests` compares them).
enum SignedDataDirectEncoding {
    // Perf: one object: each `static let` read is a `swift_once` call (a ContentInfo read a dozen),
    // and a class's read from the static is one retain, not one an array (not measured).
    /// The fixed elements, encoded once.
    private final class Pieces: Sendable {
        /// `version` and `digestAlgorithms` of the SignedData, as RFC 5652 5.1 computes the
        /// version for this profile (3: the SignerInfo is version 3).
        let signedDataHead: [UInt8] = {
            let signerInfo = SignerInfo(sid: .subjectKeyIdentifier([]), signature: [])
            let version = SignedData.requiredVersion(encapContentInfo: EncapsulatedContentInfo(eContent: []),
                                                     certificates: nil, crls: nil, signerInfos: [signerInfo])
            var writer = DERWriter(capacity: 32)
            writer.append(version)
            writer.appendSetOf { $0.append(AlgorithmIdentifier.sha256) }
            return writer.bytes
        }()

        let signedDataType = DER.encode(DERObjectIdentifier.idSignedData)
        let dataType = DER.encode(DERObjectIdentifier.idData)
        /// The SignerInfo version RFC 5652 5.3 requires with a subjectKeyIdentifier.
        let signerInfoVersion = DER.encode(SignerIdentifier.subjectKeyIdentifier([]).requiredSignerInfoVersion)
        /// `digestAlgorithm` and `signatureAlgorithm` of the SignerInfo, which follow each other.
        let algorithms = DER.encode(AlgorithmIdentifier.sha256) + DER.encode(AlgorithmIdentifier.ecdsaWithSHA256)

        let sequence = DERTag.sequence.encoded[0]
        let set = DERTag.set.encoded[0]
        let octetString = DERTag.octetString.encoded[0]
        let explicitZero = DERTag.contextSpecific(0, constructed: true).encoded[0]
        let subjectKeyIdentifier = SignerIdentifier.subjectKeyIdentifierTag.encoded[0]
    }

    private static let pieces = Pieces()

    /// The ContentInfo holding `content`, signed by the key whose identifier is `keyIdentifier`
    /// with the DER ECDSA-Sig-Value `signature`.
    static func contentInfo(content: [UInt8], keyIdentifier: [UInt8], signature: [UInt8]) -> [UInt8] {
        content.withUnsafeBytes { content in
            signature.withUnsafeBytes { signature in
                var contentInfo: [UInt8] = []
                withContentInfo(content: content, keyIdentifier: keyIdentifier, signature: signature) {
                    contentInfo = [UInt8](copying: $0)
                }
                return contentInfo
            }
        }
    }

    /// Lends `body` the ContentInfo of ``contentInfo(content:keyIdentifier:signature:)``, written
    /// into temporary storage (on the stack for a record of the usual size) rather than an array.
    static func withContentInfo(content: UnsafeRawBufferPointer, keyIdentifier: [UInt8],
                                signature: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        let p = pieces
        // Content lengths, innermost first.
        let size = DERWriter.elementSize(contentLength:)
        let eContent = content.count
        let eContentWrapper = size(eContent)
        let encapContentInfo = p.dataType.count + size(eContentWrapper)
        let signatureValue = signature.count
        // sid: `[0] IMPLICIT SubjectKeyIdentifier`, an OCTET STRING under the context tag.
        let sid = keyIdentifier.count
        let signerInfo = p.signerInfoVersion.count + size(sid) + p.algorithms.count + size(signatureValue)
        let signerInfos = size(signerInfo)
        let signedData = p.signedDataHead.count + size(encapContentInfo) + size(signerInfos)
        let wrapper = size(signedData)
        let contentInfo = p.signedDataType.count + size(wrapper)

        // Written through a pointer into storage of the exact size: appending the dozen pieces
        // one by one checked capacity and uniqueness for every header octet.
        let total = size(contentInfo)
        withUnsafeTemporaryAllocation(byteCount: total, alignment: 1) { buffer in
            // A cursor value rather than local functions over a captured offset: captured, the
            // offset was boxed and every write to it checked for exclusive access at run time.
            var out = Cursor(base: buffer.baseAddress!)
            out.header(p.sequence, contentInfo)
            out.put(p.signedDataType)
            out.header(p.explicitZero, wrapper)
            out.header(p.sequence, signedData)
            out.put(p.signedDataHead)
            out.header(p.sequence, encapContentInfo)
            out.put(p.dataType)
            out.header(p.explicitZero, eContentWrapper)
            out.header(p.octetString, eContent)
            out.put(content)
            out.header(p.set, signerInfos)
            out.header(p.sequence, signerInfo)
            out.put(p.signerInfoVersion)
            out.header(p.subjectKeyIdentifier, sid)
            out.put(keyIdentifier)
            out.put(p.algorithms)
            out.header(p.octetString, signatureValue)
            out.put(signature)
            precondition(out.at == total, "ContentInfo size computed wrongly")
            body(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Writes octets one after the other from `base`, into storage the caller sized.
    private struct Cursor {
        let base: UnsafeMutableRawPointer
        var at = 0

        mutating func put(_ bytes: UnsafeRawBufferPointer) {
            guard let source = bytes.baseAddress, bytes.count > 0 else { return }
            (base + at).copyMemory(from: source, byteCount: bytes.count)
            at += bytes.count
        }

        mutating func put(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { put($0) }
        }

        @inline(__always)
        mutating func header(_ tag: UInt8, _ length: Int) {
            base.storeBytes(of: tag, toByteOffset: at, as: UInt8.self)
            at += 1
            if length < 0x80 {
                base.storeBytes(of: UInt8(length), toByteOffset: at, as: UInt8.self)
                at += 1
                return
            }
            let octetCount = (Int.bitWidth - length.leadingZeroBitCount + 7) / 8
            base.storeBytes(of: 0x80 | UInt8(octetCount), toByteOffset: at, as: UInt8.self)
            at += 1
            for position in 0..<octetCount {
                base.storeBytes(of: UInt8(truncatingIfNeeded: length >> (8 * (octetCount - 1 - position))),
                                toByteOffset: at, as: UInt8.self)
                at += 1
            }
        }
    }
}
