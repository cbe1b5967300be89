import CryptoBackend
import DER
import Testing
@testable import CMS

/// The builder accepts a provider's signature on a byte check when it is a short canonical
/// ECDSA-Sig-Value; whatever that check accepts, the full decoder must accept too, unchanged.
@Suite struct SignatureValueShortCheckTests {
    /// What the builder accepted before the byte check: decodes and re-encodes to the same bytes.
    static func decoderAccepts(_ bytes: [UInt8]) -> Bool {
        guard let value = try? ECDSASignatureValue(derEncoded: bytes) else { return false }
        return value.derEncoded == bytes
    }

    @Test func acceptsEveryLibcryptoSignature() throws {
        let key = try P256PrivateKey.generate()
        for index in 0..<300 {
            let signature = try key.signature(forMessage: [UInt8(truncatingIfNeeded: index)])
            #expect(ECDSASignatureValue.isShortCanonicalDER(signature))
            #expect(Self.decoderAccepts(signature))
        }
    }

    /// Every single-byte change, truncation and extension of real signatures, plus hand-made
    /// INTEGER encodings at the minimal-encoding boundaries.
    @Test func acceptsNothingTheDecoderRefuses() throws {
        let key = try P256PrivateKey.generate()
        var candidates: [[UInt8]] = [
            [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01],
            [0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0xFF],
            [0x30, 0x07, 0x02, 0x02, 0x00, 0x80, 0x02, 0x01, 0x01],
            [0x30, 0x07, 0x02, 0x02, 0x00, 0x7F, 0x02, 0x01, 0x01],
            [0x30, 0x07, 0x02, 0x02, 0xFF, 0x7F, 0x02, 0x01, 0x01],
            [0x30, 0x07, 0x02, 0x02, 0xFF, 0x80, 0x02, 0x01, 0x01],
            [0x30, 0x05, 0x02, 0x00, 0x02, 0x01, 0x01],
            [0x30, 0x08, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x05, 0x00],
        ]
        for index in 0..<4 {
            let signature = try key.signature(forMessage: [UInt8(index)])
            for position in signature.indices {
                for delta: UInt8 in [1, 0x7F, 0x80, 0xFF] {
                    var changed = signature
                    changed[position] &+= delta
                    candidates.append(changed)
                }
                candidates.append(Array(signature.prefix(position)))
            }
            candidates.append(signature + [0x00])
        }
        var accepted = 0
        for candidate in candidates where ECDSASignatureValue.isShortCanonicalDER(candidate) {
            accepted += 1
            #expect(Self.decoderAccepts(candidate), "\(candidate)")
        }
        #expect(accepted > 100)
    }
}
