import CryptoBackend
import Testing

@Suite("ECDSA P-256 / SHA-256 signatures")
struct SignatureTests {
    @Test func signAndVerifyRoundTrip() throws {
        let key = try P256PrivateKey.generate()
        let message = Array("systolic=120 diastolic=80".utf8)
        let signature = try key.signature(forMessage: message)
        #expect(signature.first == 0x30)
        #expect(key.publicKey.isValidSignature(signature, forMessage: message))
        #expect(key.publicKey.isValidSignature(signature, forDigest: Digest.sha256(message)))
        let byDigest = try key.signature(forDigest: Digest.sha256(message))
        #expect(key.publicKey.isValidSignature(byDigest, forMessage: message))
        // A fresh nonce per signature.
        #expect(byDigest != signature)
    }

    @Test func verificationFailsForAlteredMessageSignatureOrKey() throws {
        let key = try P256PrivateKey.generate()
        let message = Array("heart rate 61".utf8)
        let signature = try key.signature(forMessage: message)

        var alteredMessage = message
        alteredMessage[0] ^= 0x01
        #expect(!key.publicKey.isValidSignature(signature, forMessage: alteredMessage))

        for index in [5, signature.count / 2, signature.count - 1] {
            var alteredSignature = signature
            alteredSignature[index] ^= 0x01
            #expect(!key.publicKey.isValidSignature(alteredSignature, forMessage: message), "byte \(index)")
        }
        #expect(!key.publicKey.isValidSignature(signature + [0x00], forMessage: message))
        #expect(!key.publicKey.isValidSignature([UInt8](), forMessage: message))
        #expect(!key.publicKey.isValidSignature(signature, forDigest: Array(Digest.sha256(message).prefix(31))))
        let otherKey = try P256PrivateKey.generate()
        #expect(!otherKey.publicKey.isValidSignature(signature, forMessage: message))
    }

    @Test func digestMustBe32Bytes() throws {
        let key = try P256PrivateKey.generate()
        let error = #expect(throws: CryptoError.self) { try key.signature(forDigest: [UInt8](repeating: 1, count: 20)) }
        #expect(error?.errorCase == .invalidArgument)
    }

    @Test func openSSLSignatureVerifiesWithOurKey() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key("key.pem")
        try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-out", "pub.pem"])
        let message = Array("blood glucose 5.4 mmol/L".utf8)
        try openssl.write("message.txt", message)
        try openssl.run(["dgst", "-sha256", "-sign", "key.pem", "-out", "signature.der", "message.txt"])

        let publicKey = try P256PublicKey(pem: try openssl.readText("pub.pem"))
        let signature = try openssl.read("signature.der")
        #expect(publicKey.isValidSignature(signature, forMessage: message))
        #expect(!publicKey.isValidSignature(signature, forMessage: message + [0x0A]))
    }

    @Test func ourSignatureVerifiesWithOpenSSL() throws {
        let openssl = try OpenSSLCommand()
        let key = try P256PrivateKey.generate()
        try openssl.write("pub.pem", key.publicKey.pemString)
        let message = Array("body temperature 36.8".utf8)
        try openssl.write("message.txt", message)
        try openssl.write("signature.der", try key.signature(forMessage: message))
        let verified = try openssl.run(["dgst", "-sha256", "-verify", "pub.pem", "-signature", "signature.der", "message.txt"])
        #expect(verified.text.contains("Verified OK"))

        try openssl.write("other.txt", Array("body temperature 38.8".utf8))
        let refused = try openssl.runAllowingFailure(["dgst", "-sha256", "-verify", "pub.pem", "-signature", "signature.der", "other.txt"])
        #expect(refused.status != 0)
    }

    @Test func concurrentSigningAndVerificationWithOneKey() async throws {
        let key = try P256PrivateKey.generate()
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let message = Array("sample \(index)".utf8)
                    guard let signature = try? key.signature(forMessage: message) else { return false }
                    return key.publicKey.isValidSignature(signature, forMessage: message)
                }
            }
            for await result in group { #expect(result) }
        }
    }
}
