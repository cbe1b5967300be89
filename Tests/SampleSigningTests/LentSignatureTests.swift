import CMS
import CryptoBackend
import DER
import HealthSamples
@testable import SampleSigning
import Testing

/// The in-place forms of signing (the SignedData lent from temporary storage, its base64 written
/// into a buffer) agree with the array forms.
@Suite struct LentSignatureTests {
    static func samples() throws -> [Sample] {
        [try Fixtures.heartRate(), try Fixtures.bloodPressure(), try Fixtures.sleep(value: 1), try Fixtures.food(),
         try Fixtures.heartRate("61", device: Fixtures.fullDevice, metadata: Fixtures.deviceMetadata)]
    }

    /// A provider that signs each digest once and repeats that signature: with it, both forms
    /// must give the same bytes. It goes through the protocol's copying
    /// `signature(forDigest:into:)` and the verification of an outside provider's signature.
    final class RepeatingProvider: CMSSignatureProvider {
        let key: P256PrivateKey
        var signatures: [[UInt8]: [UInt8]] = [:]

        init(_ key: P256PrivateKey) { self.key = key }

        var publicKey: P256PublicKey { key.publicKey }

        func signature(forDigest digest: [UInt8]) throws -> [UInt8] {
            if let known = signatures[digest] { return known }
            let made = try key.signature(forDigest: digest)
            signatures[digest] = made
            return made
        }
    }

    @Test func lentSignedDataIsTheArrayForm() throws {
        let provider = RepeatingProvider(try Fixtures.deviceKey())
        let signer = SampleSigner()
        for sample in try Self.samples() {
            var lent: [UInt8] = []
            try signer.withSignatureDER(forValidated: sample, using: provider) { lent = Array($0) }
            #expect(lent == (try signer.signatureDER(forValidated: sample, using: provider)))
        }
    }

    /// With the in-process key (whose signature is written straight into the lent buffer and
    /// not verified), the lent SignedData verifies.
    @Test func lentSignedDataOfTheKeyVerifies() throws {
        let key = try Fixtures.deviceKey()
        for sample in try Self.samples() {
            var lent: [UInt8] = []
            try SampleSigner().withSignatureDER(forValidated: sample, using: key) { lent = Array($0) }
            let verdict = try Fixtures.verifier().verify(sample, signatureDER: lent, storedForm: .json)
            #expect(verdict.kind == .valid, "\(sample)")
        }
    }

    @Test func bufferBase64IsTheArrayBase64() {
        for count in 0..<80 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
            let expected = Array(SignatureText.encode(bytes).utf8)
            var written = [UInt8](repeating: 0, count: SignatureText.encodedLength(byteCount: count))
            bytes.withUnsafeBytes { input in
                written.withUnsafeMutableBytes { SignatureText.encode(input, into: $0) }
            }
            #expect(written == expected, "\(count) bytes")
        }
    }

    @Test func digestIntoABufferIsTheArrayDigest() {
        for count in [0, 1, 55, 56, 64, 1000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
            var digest = [UInt8](repeating: 0, count: 32)
            bytes.withUnsafeBytes { input in digest.withUnsafeMutableBytes { Digest.sha256(input, into: $0) } }
            #expect(digest == Digest.sha256(bytes))
            #expect(digest == Digest.sha256(AnyCollection(bytes)))
        }
    }
}
