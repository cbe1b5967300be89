import CryptoBackend
import Testing

@Suite("PEM trust bundles")
struct PEMBundleTests {
    @Test func mixedBundleParsesInOrder() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key("a.key")
        try openssl.generateP256Key("b.key")
        try openssl.generateP256Key("c.key")
        let first = try openssl.makeSelfSignedCertificate(key: "a.key", subject: "/CN=First", out: "a.pem")
        let second = try openssl.makeSelfSignedCertificate(key: "b.key", subject: "/CN=Second", out: "b.pem")
        let key = try openssl.run(["pkey", "-in", "c.key", "-pubout"]).text
        let bundle = "# Acme trust bundle\n" + first + "\ncomment between blocks\n" + key + second

        let items = try PEMBundle.parse(bundle)
        #expect(items.count == 3)
        guard items.count == 3,
              case .certificate(let a) = items[0], case .publicKey(let publicKey) = items[1], case .certificate(let b) = items[2] else {
            Issue.record("unexpected items \(items)")
            return
        }
        #expect(a.subject == "CN=First")
        #expect(b.subject == "CN=Second")
        #expect(publicKey == (try P256PrivateKey(pem: try openssl.readText("c.key")).publicKey))
    }

    @Test func privateKeyInBundleIsRefused() throws {
        let key = try P256PrivateKey.generate()
        let bundle = key.publicKey.pemString + (try key.pkcs8PEM())
        let error = #expect(throws: CryptoError.self) { try PEMBundle.parse(bundle) }
        #expect(error?.errorCase == .privateKeyNotAllowed)
        #expect(error?.message.contains("PEM block 2 (line 5)") == true, "\(String(describing: error))")

        let encrypted = try key.pkcs8PEM(passphrase: Array("x".utf8))
        #expect(#expect(throws: CryptoError.self) { try PEMBundle.parse(encrypted) }?.errorCase == .privateKeyNotAllowed)
    }

    @Test func errorsInCRLFBundlesNameTheBlocksLine() throws {
        let key = try P256PrivateKey.generate()
        let lf = "# trust bundle\n\n" + key.publicKey.pemString + "\n" + (try key.pkcs8PEM())
        let crlf = lf.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let lfError = #expect(throws: CryptoError.self) { try PEMBundle.parse(lf) }
        let crlfError = #expect(throws: CryptoError.self) { try PEMBundle.parse(crlf) }
        #expect(lfError?.message.contains("PEM block 2 (line 8)") == true, "\(String(describing: lfError))")
        #expect(crlfError?.message.contains("PEM block 2 (line 8)") == true, "\(String(describing: crlfError))")
    }

    @Test func otherCurvesInBundleAreUnsupported() throws {
        let openssl = try OpenSSLCommand()
        try openssl.run(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", "k.pem"])
        let p384 = try openssl.run(["pkey", "-in", "k.pem", "-pubout"]).text
        let error = #expect(throws: CryptoError.self) { try PEMBundle.parse(p384) }
        #expect(error?.errorCase == .unsupportedKey)
        #expect(error?.message.contains("secp384r1") == true)
    }

    @Test(arguments: [
        "",
        "garbage without any PEM block\n",
        "-----BEGIN CERTIFICATE-----\nMIIB\n",                                          // no END line
        "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n",              // bad base64
        "-----BEGIN CERTIFICATE-----\nAAAA\n-----END PUBLIC KEY-----\n",               // mismatched labels
        "-----BEGIN X509 CRL-----\nAAAA\n-----END X509 CRL-----\n",                    // unexpected label
    ])
    func malformedTextIsRefused(text: String) {
        let error = #expect(throws: CryptoError.self) { try PEMBundle.parse(text) }
        #expect(error?.errorCase == .invalidPEM, "\(String(describing: error))")
    }

    @Test func malformedContentsAreRefused() {
        let badCertificate = "-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n"
        #expect(#expect(throws: CryptoError.self) { try PEMBundle.parse(badCertificate) }?.errorCase == .invalidCertificate)
        let badKey = "-----BEGIN PUBLIC KEY-----\nMAA=\n-----END PUBLIC KEY-----\n"
        #expect(#expect(throws: CryptoError.self) { try PEMBundle.parse(badKey) }?.errorCase == .invalidKey)
    }
}
