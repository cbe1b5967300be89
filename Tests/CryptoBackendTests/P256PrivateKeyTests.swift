import CryptoBackend
import Testing

@Suite("P-256 private keys: loading and exporting")
struct P256PrivateKeyTests {
    /// The public key OpenSSL derives from `keyFile`, for comparison.
    private func opensslPublicKey(_ openssl: OpenSSLCommand, _ keyFile: String, passin: String? = nil) throws -> P256PublicKey {
        var arguments = ["pkey", "-in", keyFile, "-pubout", "-outform", "DER"]
        if let passin { arguments += ["-passin", passin] }
        return try P256PublicKey(spkiDER: try openssl.run(arguments).standardOutput)
    }

    @Test func loadsPKCS8FromOpenSSL() throws {
        let openssl = try OpenSSLCommand()
        let pem = try openssl.generateP256Key("key.pem")
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let key = try P256PrivateKey(pem: pem)
        #expect(key.publicKey == (try opensslPublicKey(openssl, "key.pem")))

        try openssl.run(["pkcs8", "-topk8", "-nocrypt", "-in", "key.pem", "-outform", "DER", "-out", "key.der"])
        let fromDER = try P256PrivateKey(derPKCS8: try openssl.read("key.der"))
        #expect(fromDER.publicKey == key.publicKey)
    }

    @Test func loadsSEC1FromOpenSSL() throws {
        let openssl = try OpenSSLCommand()
        // `ecparam -genkey` writes an EC PARAMETERS block followed by an EC PRIVATE KEY block.
        try openssl.run(["ecparam", "-name", "prime256v1", "-genkey", "-out", "sec1.pem"])
        let pem = try openssl.readText("sec1.pem")
        #expect(pem.contains("-----BEGIN EC PARAMETERS-----"))
        #expect(pem.contains("-----BEGIN EC PRIVATE KEY-----"))
        let key = try P256PrivateKey(pem: pem)
        #expect(key.publicKey == (try opensslPublicKey(openssl, "sec1.pem")))
    }

    @Test func loadsEncryptedPKCS8WithThePassphrase() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key("key.pem")
        try openssl.run(["pkcs8", "-topk8", "-in", "key.pem", "-v2", "aes-256-cbc", "-passout", "pass:correct horse",
                         "-out", "encrypted.pem"])
        let pem = try openssl.readText("encrypted.pem")
        #expect(pem.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))

        let key = try P256PrivateKey(pem: pem, passphrase: Array("correct horse".utf8))
        #expect(key.publicKey == (try opensslPublicKey(openssl, "key.pem")))
        #expect(throws: CryptoError.passphraseRequired) { try P256PrivateKey(pem: pem) }
        #expect(throws: CryptoError.wrongPassphrase) { try P256PrivateKey(pem: pem, passphrase: Array("wrong".utf8)) }
        #expect(throws: CryptoError.wrongPassphrase) { try P256PrivateKey(pem: pem, passphrase: []) }
    }

    @Test func wrongPassphraseIsReportedForManyPassphrases() throws {
        // About 1 in 256 wrong passphrases yields valid CBC padding; the garbage must then still
        // be reported as a wrong passphrase, not as a malformed key.
        let key = try P256PrivateKey.generate()
        let pem = try key.pkcs8PEM(passphrase: Array("right".utf8))
        for attempt in 0..<12 {
            #expect(throws: CryptoError.wrongPassphrase) {
                try P256PrivateKey(pem: pem, passphrase: Array("wrong \(attempt)".utf8))
            }
        }
    }

    @Test func loadsLegacyEncryptedSEC1() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key("key.pem")
        try openssl.run(["ec", "-in", "key.pem", "-aes256", "-passout", "pass:secret", "-out", "legacy.pem"])
        let pem = try openssl.readText("legacy.pem")
        #expect(pem.contains("Proc-Type: 4,ENCRYPTED"))
        let key = try P256PrivateKey(pem: pem, passphrase: Array("secret".utf8))
        #expect(key.publicKey == (try opensslPublicKey(openssl, "key.pem")))
        #expect(throws: CryptoError.passphraseRequired) { try P256PrivateKey(pem: pem) }
        #expect(throws: CryptoError.wrongPassphrase) { try P256PrivateKey(pem: pem, passphrase: Array("nope".utf8)) }
    }

    @Test func plainPKCS8OutputLoadsInOpenSSL() throws {
        let openssl = try OpenSSLCommand()
        let key = try P256PrivateKey.generate()
        let pem = try key.pkcs8PEM()
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        try openssl.write("ours.pem", pem)
        #expect(try opensslPublicKey(openssl, "ours.pem") == key.publicKey)
        #expect(try P256PrivateKey(pem: pem).publicKey == key.publicKey)
    }

    @Test func encryptedPKCS8OutputLoadsInOpenSSL() throws {
        let openssl = try OpenSSLCommand()
        let key = try P256PrivateKey.generate()
        let pem = try key.pkcs8PEM(passphrase: Array("s3cret pass".utf8))
        #expect(pem.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----\n"))
        try openssl.write("ours.pem", pem)
        #expect(try opensslPublicKey(openssl, "ours.pem", passin: "pass:s3cret pass") == key.publicKey)
        let wrong = try openssl.runAllowingFailure(["pkey", "-in", "ours.pem", "-passin", "pass:other", "-noout"])
        #expect(wrong.status != 0)

        // The encryption is PBES2 with PBKDF2 / HMAC-SHA-256 and AES-256-CBC.
        let structure = try openssl.run(["asn1parse", "-in", "ours.pem"]).text
        #expect(structure.contains("PBES2"))
        #expect(structure.contains("PBKDF2"))
        #expect(structure.contains("hmacWithSHA256"))
        #expect(structure.contains("aes-256-cbc"))
        #expect(try P256PrivateKey(pem: pem, passphrase: Array("s3cret pass".utf8)).publicKey == key.publicKey)
    }

    @Test func garbageAndWrongBlocksAreRefused() throws {
        let key = try P256PrivateKey.generate()
        #expect(#expect(throws: CryptoError.self) { try P256PrivateKey(pem: "") }?.errorCase == .invalidPEM)
        #expect(#expect(throws: CryptoError.self) { try P256PrivateKey(pem: "not a key at all") }?.errorCase == .invalidPEM)
        let publicOnly = #expect(throws: CryptoError.self) { try P256PrivateKey(pem: key.publicKey.pemString) }
        #expect(publicOnly?.errorCase == .invalidPEM)
        #expect(publicOnly?.message.contains("PUBLIC KEY") == true)
        let damaged = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
        #expect(#expect(throws: CryptoError.self) { try P256PrivateKey(pem: damaged) }?.errorCase == .invalidKey)
        let two = try key.pkcs8PEM() + key.pkcs8PEM()
        #expect(#expect(throws: CryptoError.self) { try P256PrivateKey(pem: two) }?.errorCase == .invalidPEM)
        let rsaLabel = "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n"
        #expect(#expect(throws: CryptoError.self) { try P256PrivateKey(pem: rsaLabel) }?.errorCase == .unsupportedKey)
        #expect(#expect(throws: CryptoError.self) { try P256PrivateKey(derPKCS8: [0x30, 0x00]) }?.errorCase == .invalidKey)
    }

    @Test func mismatchedPublicKeyInSEC1IsRefused() throws {
        let openssl = try OpenSSLCommand()
        try openssl.run(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-outform", "DER", "-out", "a.der"])
        try openssl.run(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-outform", "DER", "-out", "b.der"])
        // RFC 5915 ECPrivateKey: the optional [1] publicKey is the final 68 bytes
        // (A1 44 03 42 00 04 X Y) when parameters are present; splice b's into a.
        let a = try openssl.read("a.der")
        let b = try openssl.read("b.der")
        #expect(a.count == b.count)
        let spliced = Array(a.dropLast(65)) + Array(b.suffix(65))
        let pem = "-----BEGIN EC PRIVATE KEY-----\n" + spliced.base64Lines() + "-----END EC PRIVATE KEY-----\n"
        let error = #expect(throws: CryptoError.self) { try P256PrivateKey(pem: pem) }
        #expect(error?.errorCase == .invalidKey)
    }

    @Test func descriptionDoesNotRevealTheKey() throws {
        let key = try P256PrivateKey.generate()
        #expect(String(describing: key).hasPrefix("P256PrivateKey(public key id "))
    }
}
