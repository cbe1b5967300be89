import DER
import Foundation

/// Recognises, on its bytes, the one layout the profile's signers write: a ContentInfo holding a
/// SignedData of version 3 with id-sha256 (parameters absent) as its only digest algorithm,
/// attached id-data content, no CRLs, either no certificates or exactly one element in them that
/// is a SEQUENCE (the `certificate` choice, as `sign --embed-cert` writes the device's), and
/// exactly one SignerInfo of version 3 naming its key by subjectKeyIdentifier, with id-sha256
/// and ecdsa-with-SHA256 (parameters absent) and neither signed nor unsigned attributes:
///
/// ```
/// 30 L  06 09 <id-signedData>  A0 L  30 L  02 01 03  31 0D 30 0B 06 09 <id-sha256>
///       30 L  06 09 <id-data>  A0 L  04 L <content>
///       [A0 L  30 L <certificate>]
///       31 L  30 L  02 01 03  80 L <subjectKeyIdentifier>
///                   30 0B 06 09 <id-sha256>  30 0A 06 08 <ecdsa-with-SHA256>  04 L <signature>
/// ```
///
/// Every byte but the lengths and the values is fixed, and every length must be the
/// shortest definite form (read by ``DER/definiteLength(in:at:)``, where X.690 10.1 is
/// enforced) and end exactly where its element's fields end, with nothing after the whole. Such
/// input passes steps 1–9 of ``CMSVerifier`` by construction (one certificate is a SET OF in DER
/// order, and an X.509 certificate leaves the version at 3), and yields the same fields their
/// decoding would, so verification continues at step 10 without building the DER tree and the
/// typed structures: that was most of the CMS cost of every verified sample. The certificate's
/// own bytes are not looked into here: the verifier holds them to the whole parse's rules before
/// using them (``EmbeddedCertificateMemo/certificate(inPlace:)``). Anything else, however
/// slightly different, is not recognised and goes through the full checks.
struct ProfileSignedDataLayout {
    /// The eContent octets (the signed record).
    let content: Range<Int>
    /// The subjectKeyIdentifier octets of the signer identifier.
    let subjectKeyIdentifier: Range<Int>
    /// The signature octets (an ECDSA-Sig-Value, checked at step 11).
    let signature: Range<Int>
    /// The whole embedded certificate element (identifier and length included), when there is one.
    let certificate: Range<Int>?

    /// Where an embedded certificate lies in the DER tree (ContentInfo, its `[0]`, SignedData,
    /// `certificates`, then the certificate; the root is 1), for the nesting limit.
    static let certificateDepth = 5

    /// The layout of `der`, or `nil` when `der` is not exactly in it.
    init?(_ der: [UInt8]) {
        guard let layout = der.withUnsafeBufferPointer({ Self.recognised($0) }) else { return nil }
        self = layout
    }

    /// The layout of the bytes at `der`, or `nil` when they are not exactly in it.
    init?(_ der: UnsafeBufferPointer<UInt8>) {
        guard let layout = Self.recognised(der) else { return nil }
        self = layout
    }

    private init(content: Range<Int>, subjectKeyIdentifier: Range<Int>, signature: Range<Int>,
                 certificate: Range<Int>?) {
        self.content = content
        self.subjectKeyIdentifier = subjectKeyIdentifier
        self.signature = signature
        self.certificate = certificate
    }

    /// The layout of `der`, read in place.
    private static func recognised(_ der: UnsafeBufferPointer<UInt8>) -> ProfileSignedDataLayout? {
        var reader = Reader(bytes: der)
        guard let contentInfoEnd = reader.header(0x30), contentInfoEnd == der.count,
              reader.fixed(Self.signedDataType),
              let explicitEnd = reader.header(0xA0), explicitEnd == contentInfoEnd,
              let signedDataEnd = reader.header(0x30), signedDataEnd == explicitEnd,
              reader.fixed(Self.versionAndDigestAlgorithms),
              let encapEnd = reader.header(0x30),
              reader.fixed(Self.dataType),
              let eContentWrapperEnd = reader.header(0xA0), eContentWrapperEnd == encapEnd,
              let contentEnd = reader.header(0x04), contentEnd == eContentWrapperEnd
        else { return nil }
        let content = reader.cursor..<contentEnd
        reader.cursor = contentEnd
        var certificate: Range<Int>?
        if reader.cursor < der.count, der[reader.cursor] == 0xA0 {
            guard let certificatesEnd = reader.header(0xA0) else { return nil }
            let start = reader.cursor
            guard let certificateEnd = reader.header(0x30), certificateEnd == certificatesEnd else { return nil }
            certificate = start..<certificateEnd
            reader.cursor = certificateEnd
        }
        guard let signerInfosEnd = reader.header(0x31), signerInfosEnd == signedDataEnd,
              let signerInfoEnd = reader.header(0x30), signerInfoEnd == signerInfosEnd,
              reader.fixed(Self.signerInfoVersion),
              let keyIdentifierEnd = reader.header(0x80)
        else { return nil }
        let subjectKeyIdentifier = reader.cursor..<keyIdentifierEnd
        reader.cursor = keyIdentifierEnd
        guard reader.fixed(Self.signerAlgorithms),
              let signatureEnd = reader.header(0x04), signatureEnd == signerInfoEnd
        else { return nil }
        return ProfileSignedDataLayout(content: content, subjectKeyIdentifier: subjectKeyIdentifier,
                                       signature: reader.cursor..<signatureEnd, certificate: certificate)
    }

    /// `06 09` id-signedData (1.2.840.113549.1.7.2).
    private static let signedDataType: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    /// version 3, then `digestAlgorithms` holding one id-sha256 without parameters.
    private static let versionAndDigestAlgorithms: [UInt8] = [
        0x02, 0x01, 0x03,
        0x31, 0x0D, 0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01,
    ]
    /// `06 09` id-data (1.2.840.113549.1.7.1).
    private static let dataType: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
    /// SignerInfo version 3.
    private static let signerInfoVersion: [UInt8] = [0x02, 0x01, 0x03]
    /// digestAlgorithm id-sha256 and signatureAlgorithm ecdsa-with-SHA256, both without parameters.
    private static let signerAlgorithms: [UInt8] = [
        0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01,
        0x30, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02,
    ]

    /// A cursor over the input, read through a pointer: the generic reading of an ArraySlice
    /// (its bounds and ownership checked at every byte) cost more than the layout has bytes to
    /// check.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var cursor = 0

        /// Reads an identifier octet equal to `tag` and a shortest-form definite length whose
        /// content fits in the input; the end of that content, with the cursor at its start.
        /// The length is read as ``DER/definiteLength(in:at:)`` reads it (X.690 10.1).
        @inline(__always)
        mutating func header(_ tag: UInt8) -> Int? {
            let end = bytes.count
            guard cursor + 2 <= end, bytes[cursor] == tag else { return nil }
            let first = bytes[cursor + 1]
            cursor += 2
            let length: Int
            if first < 0x80 {
                length = Int(first)
            } else {
                let count = Int(first & 0x7F)
                // 0x80 (indefinite) has no octets; more than four is refused as by the parser.
                guard count >= 1, count <= 4, count <= end - cursor, bytes[cursor] != 0 else { return nil }
                var value = 0
                for index in cursor..<(cursor + count) { value = value << 8 | Int(bytes[index]) }
                guard value >= 0x80 else { return nil }
                cursor += count
                length = value
            }
            guard length <= end - cursor else { return nil }
            return cursor + length
        }

        /// Reads `expected` exactly (compared with `memcmp`: a generic element-by-element
        /// comparison cost as much as the rest of the recognition).
        mutating func fixed(_ expected: [UInt8]) -> Bool {
            guard expected.count <= bytes.count - cursor, let base = bytes.baseAddress else { return false }
            let equal = expected.withUnsafeBufferPointer { fixed in
                guard let other = fixed.baseAddress else { return true }
                return memcmp(base + cursor, other, fixed.count) == 0
            }
            guard equal else { return false }
            cursor += expected.count
            return true
        }
    }
}
