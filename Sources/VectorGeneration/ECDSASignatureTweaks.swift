import CMS
import CryptoBackend
import DER
import HealthSigKit

/// Changes to a DER ECDSA-Sig-Value (RFC 3279 2.2.3) for the bad-signature tests, done on the
/// integers with the DER module (no libcrypto involved).
enum ECDSASignatureTweaks {
    /// The P-256 group order n (FIPS 186-4 D.1.2.3).
    static let order = KeyVectorMaterial.p256Order

    static func parse(_ der: [UInt8]) throws -> (r: [UInt8], s: [UInt8]) {
        let value = try ECDSASignatureValue(derEncoded: der)
        guard let r = value.r.unsignedBigEndian, let s = value.s.unsignedBigEndian else {
            throw VectorInputError("negative r or s in a fresh signature")
        }
        return (r, s)
    }

    static func encode(r: [UInt8], s: [UInt8]) -> [UInt8] {
        ECDSASignatureValue(r: DERInteger(unsignedBigEndian: r), s: DERInteger(unsignedBigEndian: s)).derEncoded
    }

    /// Flips the lowest bit of r (or s): the encoding stays minimal DER.
    static func flipLowBit(ofS: Bool) -> ([UInt8]) throws -> [UInt8] {
        { der in
            var (r, s) = try parse(der)
            if ofS { s[s.count - 1] ^= 1 } else { r[r.count - 1] ^= 1 }
            return encode(r: r, s: s)
        }
    }

    /// Replaces s by n - s when s is in the lower half, so the result is a "high-S" signature;
    /// (r, n - s) verifies exactly like (r, s). ECDSA as standardized (FIPS 186-4, SEC 1,
    /// X9.62) accepts both; only some ecosystems (Bitcoin, BIP 62) demand low S.
    static func highS(_ der: [UInt8]) throws -> [UInt8] {
        let (r, s) = try parse(der)
        let padded = [UInt8](repeating: 0, count: 32 - s.count) + s
        let negated = subtract(order, padded)
        // Keep whichever of s and n - s is the larger.
        return encode(r: r, s: padded.lexicographicallyPrecedes(negated) ? negated : padded)
    }

    /// r replaced by `value` (e.g. 0 or n), s kept.
    static func replacingR(with value: [UInt8]) -> ([UInt8]) throws -> [UInt8] {
        { der in encode(r: value, s: try parse(der).s) }
    }

    /// The raw 64-octet r || s form instead of DER.
    static func rawRS(_ der: [UInt8]) throws -> [UInt8] {
        guard let raw = try ECDSASignatureValue(derEncoded: der).rawRS else {
            throw VectorInputError("r or s does not fit 32 octets")
        }
        return raw
    }

    /// r written with a redundant leading 00 octet (BER-style, not DER).
    static func nonMinimalR(_ der: [UInt8]) throws -> [UInt8] {
        let value = try ECDSASignatureValue(derEncoded: der)
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.appendPrimitive(.integer, content: [0] + value.r.bytes)
            w.append(value.s)
        }
        return writer.bytes
    }

    /// Big-endian a - b for equal-length a >= b.
    static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: a.count)
        var borrow = 0
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            var d = Int(a[i]) - Int(b[i]) - borrow
            borrow = d < 0 ? 1 : 0
            if d < 0 { d += 256 }
            out[i] = UInt8(d)
        }
        return out
    }

    /// Signs until r is shorter than 32 octets (about one signature in 256), to test that r is
    /// not assumed to have a fixed width.
    static func shortR(_ key: P256PrivateKey, _ digest: [UInt8]) throws -> [UInt8] {
        for _ in 0..<20_000 {
            let signature = try key.signature(forDigest: digest)
            if try parse(signature).r.count < 32 { return signature }
        }
        throw VectorInputError("no signature with a short r in 20000 tries")
    }
}
