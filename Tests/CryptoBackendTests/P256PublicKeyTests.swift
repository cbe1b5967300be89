import CryptoBackend
import Testing

@Suite("P-256 public keys")
struct P256PublicKeyTests {
    @Test func spkiFromOpenSSLRoundTripsThroughAllForms() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key()
        try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-outform", "DER", "-out", "pub.der"])
        try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-out", "pub.pem"])
        let spki = try openssl.read("pub.der")

        let key = try P256PublicKey(spkiDER: spki)
        #expect(key.spkiDER == spki)
        #expect(key.x963.count == 65)
        #expect(key.x963.first == 0x04)
        // The point is the last 65 bytes of the SPKI (the BIT STRING value after the pad byte).
        #expect(Array(spki.suffix(65)) == key.x963)
        #expect(try P256PublicKey(x963: key.x963) == key)
        let fromPEM = try P256PublicKey(pem: try openssl.readText("pub.pem"))
        #expect(fromPEM == key)
        #expect(key.pemString == (try openssl.readText("pub.pem")))
        #expect(try P256PublicKey(pem: key.pemString) == key)
    }

    @Test func compressedPointsAreAcceptedAndCanonicalised() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key()
        try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-outform", "DER", "-out", "pub.der"])
        try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-outform", "DER", "-ec_conv_form", "compressed",
                         "-out", "compressed.der"])
        let uncompressed = try P256PublicKey(spkiDER: try openssl.read("pub.der"))
        let compressedSPKI = try openssl.read("compressed.der")
        let compressedPoint = Array(compressedSPKI.suffix(33))
        #expect(compressedPoint.first == 0x02 || compressedPoint.first == 0x03)

        let fromPoint = try P256PublicKey(x963: compressedPoint)
        let fromSPKI = try P256PublicKey(spkiDER: compressedSPKI)
        #expect(fromPoint == uncompressed)
        #expect(fromSPKI == uncompressed)
        #expect(fromSPKI.x963 == uncompressed.x963)
        #expect(fromSPKI.spkiDER == uncompressed.spkiDER)
    }

    @Test func offCurvePointIsRefused() throws {
        let key = try P256PrivateKey.generate().publicKey
        var point = key.x963
        point[64] ^= 0x01
        let error = #expect(throws: CryptoError.self) { try P256PublicKey(x963: point) }
        #expect(error?.errorCase == .invalidKey)
    }

    @Test(arguments: [
        [UInt8](),
        [0x00],                                            // SEC 1 encoding of the point at infinity
        [UInt8](repeating: 0, count: 65),                  // wrong prefix
        [0x04] + [UInt8](repeating: 0, count: 64),         // (0, 0) is not on the curve
        [0x04] + [UInt8](repeating: 0xFF, count: 64),      // coordinates >= p
        [0x04] + [UInt8](repeating: 1, count: 63),         // too short
        [0x04] + [UInt8](repeating: 1, count: 65),         // too long
        [0x05] + [UInt8](repeating: 1, count: 32),         // bad compressed prefix
        [0x06] + [UInt8](repeating: 1, count: 64),         // hybrid form is not accepted
        [0x02] + [UInt8](repeating: 0xFF, count: 32),      // x >= p
    ])
    func malformedPointsAreRefused(point: [UInt8]) {
        let error = #expect(throws: CryptoError.self) { try P256PublicKey(x963: point) }
        #expect(error?.errorCase == .invalidKey)
    }

    @Test func compressedPointWithoutSquareRootIsRefused() throws {
        // x = 0 ... 05 on P-256: x^3 - 3x + b has no square root for some x; try a few until one
        // is refused, proving non-residues are rejected (about half of all x values).
        var refused = 0
        for last in UInt8(1)...UInt8(16) {
            let point = [0x02] + [UInt8](repeating: 0, count: 31) + [last]
            if (try? P256PublicKey(x963: point)) == nil { refused += 1 }
        }
        #expect(refused > 0)
        #expect(refused < 16)
    }

    @Test func malformedSPKIIsRefused() throws {
        let key = try P256PrivateKey.generate().publicKey
        var trailing = key.spkiDER
        trailing.append(0x00)
        #expect(#expect(throws: CryptoError.self) { try P256PublicKey(spkiDER: trailing) }?.errorCase == .invalidKey)
        #expect(#expect(throws: CryptoError.self) { try P256PublicKey(spkiDER: Array(key.spkiDER.dropLast())) }?.errorCase == .invalidKey)
        #expect(#expect(throws: CryptoError.self) { try P256PublicKey(spkiDER: [UInt8]()) }?.errorCase == .invalidKey)
        #expect(#expect(throws: CryptoError.self) { try P256PublicKey(spkiDER: [0x30, 0x03, 0x02, 0x01, 0x00]) }?.errorCase == .invalidKey)
    }

    @Test func keyIdentifierEqualsOpenSSLSubjectKeyIdentifier() throws {
        let openssl = try OpenSSLCommand()
        try openssl.run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                         "-keyout", "key.pem", "-subj", "/CN=SKI test", "-days", "1",
                         "-addext", "subjectKeyIdentifier=hash", "-out", "cert.pem"])
        let printed = try openssl.run(["x509", "-in", "cert.pem", "-noout", "-ext", "subjectKeyIdentifier"]).text
        // "X509v3 Subject Key Identifier: \n    8A:65:...:0D"
        let expected = TestHex.decode(printed.split(separator: "\n").last.map(String.init) ?? "")
        #expect(expected.count == 20)

        try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-out", "pub.pem"])
        let key = try P256PublicKey(pem: try openssl.readText("pub.pem"))
        #expect(key.keyIdentifier == expected)
        let certificate = try Certificate(pem: try openssl.readText("cert.pem"))
        #expect(certificate.subjectKeyIdentifier == expected)
        #expect(certificate.publicKey == key)
    }

    @Test(arguments: [
        (["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"], "secp384r1"),
        (["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:secp256k1"], "secp256k1"),
        (["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], "RSA"),
        (["-algorithm", "ED25519"], "ED25519"),
    ])
    func otherKeyTypesAreUnsupported(generation: [String], name: String) throws {
        let openssl = try OpenSSLCommand()
        try openssl.run(["genpkey"] + generation + ["-out", "key.pem"])
        try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-out", "pub.pem"])
        try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-outform", "DER", "-out", "pub.der"])

        let fromPEM = #expect(throws: CryptoError.self) { try P256PublicKey(pem: try openssl.readText("pub.pem")) }
        #expect(fromPEM?.errorCase == .unsupportedKey)
        #expect(fromPEM?.message.contains(name) == true, "\(String(describing: fromPEM))")
        let fromDER = #expect(throws: CryptoError.self) { try P256PublicKey(spkiDER: try openssl.read("pub.der")) }
        #expect(fromDER?.errorCase == .unsupportedKey)
        let fromPrivate = #expect(throws: CryptoError.self) { try P256PrivateKey(pem: try openssl.readText("key.pem")) }
        #expect(fromPrivate?.errorCase == .unsupportedKey)
        #expect(fromPrivate?.message.contains(name) == true, "\(String(describing: fromPrivate))")
    }

    @Test func explicitCurveParametersAreUnsupported() throws {
        let openssl = try OpenSSLCommand()
        try openssl.generateP256Key()
        try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-ec_param_enc", "explicit", "-out", "pub.pem"])
        let error = #expect(throws: CryptoError.self) { try P256PublicKey(pem: try openssl.readText("pub.pem")) }
        #expect(error?.errorCase == .unsupportedKey)
    }

    @Test func pemWithWrongContentsIsRefused() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Test", days: 1)
        let wrongLabel = #expect(throws: CryptoError.self) { try P256PublicKey(pem: certificate.pemString) }
        #expect(wrongLabel?.errorCase == .invalidPEM)
        let twoKeys = #expect(throws: CryptoError.self) { try P256PublicKey(pem: key.publicKey.pemString + key.publicKey.pemString) }
        #expect(twoKeys?.errorCase == .invalidPEM)
        let empty = #expect(throws: CryptoError.self) { try P256PublicKey(pem: "") }
        #expect(empty?.errorCase == .invalidPEM)
    }

    @Test func equalityAndHashingUseThePoint() throws {
        let a = try P256PrivateKey.generate().publicKey
        let b = try P256PrivateKey.generate().publicKey
        let aAgain = try P256PublicKey(spkiDER: a.spkiDER)
        #expect(a == aAgain)
        #expect(a != b)
        #expect(Set([a, b, aAgain]).count == 2)
    }
}
