import DER

/// An ECDSA signature in its ASN.1 form (RFC 3279 2.2.3, RFC 5753 7.2; SEC 1 C.5).
///
/// ```asn1
/// ECDSA-Sig-Value ::= SEQUENCE {
///     r  INTEGER,
///     s  INTEGER }
/// ```
///
/// Converts the raw `r ‖ s` form that secure elements often return (two 32-byte big-endian
/// values for P-256) into this DER, and checks received signatures strictly before any
/// libcrypto call.
public struct ECDSASignatureValue: DERParseable, DERSerializable, Hashable, Sendable {
    /// Byte length of each of r and s in the raw P-256 form.
    public static let p256ScalarByteCount = 32

    /// The r value.
    public var r: DERInteger
    /// The s value.
    public var s: DERInteger

    /// Creates the value from its two integers.
    public init(r: DERInteger, s: DERInteger) {
        self.r = r
        self.s = s
    }

    /// Converts a raw P-256 signature `r ‖ s` (exactly 64 bytes, each half an unsigned
    /// big-endian number).
    public init(rawRS: some Collection<UInt8>) throws(CMSBuilderError) {
        let bytes = Array(rawRS)
        let half = ECDSASignatureValue.p256ScalarByteCount
        guard bytes.count == 2 * half else {
            throw .invalidSignatureEncoding("a raw P-256 signature r||s is \(2 * half) bytes, not \(bytes.count)")
        }
        r = DERInteger(unsignedBigEndian: bytes[..<half])
        s = DERInteger(unsignedBigEndian: bytes[half...])
    }

    /// Decodes a DER ECDSA-Sig-Value; the whole input must be that one SEQUENCE, strictly DER.
    public init(derEncoded: some Collection<UInt8>) throws(DERError) {
        let node = try DER.parse(Array(derEncoded))
        do {
            try self.init(derNode: node)
        } catch let error as DERError {
            throw error
        } catch {
            throw DERError(.invalidValue, at: 0, "\(error)")
        }
    }

    /// Decodes the SEQUENCE of two INTEGERs.
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "ECDSA-Sig-Value") { fields in
            let r = try DERInteger(derNode: fields.read(.integer, "r"))
            let s = try DERInteger(derNode: fields.read(.integer, "s"))
            return ECDSASignatureValue(r: r, s: s)
        }
    }

    /// Writes the SEQUENCE.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(r)
            writer.append(s)
        }
    }

    /// Whether `bytes` is a canonical DER ECDSA-Sig-Value whose lengths all take the short form,
    /// as every P-256 signature's do: `30 L 02 Lr r 02 Ls s`, both INTEGERs minimal (X.690 8.3.2)
    /// and nothing after. Checked on the bytes, without parsing and re-encoding them; `false`
    /// decides nothing, the full decoder does.
    static func isShortCanonicalDER(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isShortCanonicalDER($0) }
    }

    /// ``isShortCanonicalDER(_:)-([UInt8])`` of bytes in place: the default profile checks each
    /// signature where the key wrote it, on the stack, without an array of its own.
    static func isShortCanonicalDER(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isShortCanonicalDER(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// ``isShortCanonicalDER(_:)-([UInt8])`` of bytes lent in place (the CMS verifier's
    /// signature, where it lies in the SignedData).
    static func isShortCanonicalDER(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 8, bytes.count <= 129, bytes[0] == 0x30, Int(bytes[1]) == bytes.count - 2 else { return false }
        var index = 2
        for _ in 0..<2 {
            guard index + 2 <= bytes.count, bytes[index] == 0x02 else { return false }
            let length = Int(bytes[index + 1])
            guard length >= 1, length < 0x80, index + 2 + length <= bytes.count else { return false }
            if length > 1 {
                // The first nine bits are neither all zeros nor all ones.
                let first = bytes[index + 2], second = bytes[index + 3]
                if first == 0x00 && second < 0x80 || first == 0xFF && second >= 0x80 { return false }
            }
            index += 2 + length
        }
        return index == bytes.count
    }

    /// The DER encoding.
    public var derEncoded: [UInt8] { DER.encode(self) }

    /// The raw `r ‖ s` form (64 bytes), or `nil` when r or s is negative or longer than 32 bytes.
    public var rawRS: [UInt8]? {
        let half = ECDSASignatureValue.p256ScalarByteCount
        guard let rBytes = r.unsignedBigEndian, let sBytes = s.unsignedBigEndian,
              rBytes.count <= half, sBytes.count <= half else { return nil }
        return [UInt8](repeating: 0, count: half - rBytes.count) + rBytes
            + [UInt8](repeating: 0, count: half - sBytes.count) + sBytes
    }
}
