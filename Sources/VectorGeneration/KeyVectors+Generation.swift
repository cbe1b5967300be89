import CryptoBackend
import Foundation
import HealthSigKit
import SampleIO

/// How `KeyVectors` proposes its tests: the file's header and notes, and every case it builds.
extension KeyVectors: VectorFamilyGenerator {
    var header: [String] {
        [
            "Loading P-256 keys (RFC 5480, RFC 5208/5958, SEC 1 / RFC 5915, RFC 7468) and refusing everything else.",
            "keyId is the RFC 5280 4.2.1.2 method 1 identifier: SHA-1 of the uncompressed point (65 octets), whatever form the input used.",
            "All key material here was made with the openssl command for this suite: TEST keys, never trust them.",
        ]
    }

    var notes: [String: String] {
        [
            "PublicKey": "A public key encoding that must load.",
            "PrivateKey": "A private key encoding that must load; keyId is that of its public half.",
            "Certificate": "An X.509 certificate whose subject key is P-256; keyId is that of the key.",
            "CompressedPoint": "A SEC 1 compressed point (02/03 || X); it loads and its keyId is over the uncompressed form.",
            "EncryptedPrivateKey": "PKCS#8 EncryptedPrivateKeyInfo (PBES2); `passphrase` decrypts it.",
            "TrustBundle": "PEM text as a trust file holds it: only PUBLIC KEY and CERTIFICATE blocks are allowed.",
            "OtherCurve": "An EC key on another curve than P-256: refused as unsupportedKey.",
            "OtherAlgorithm": "An RSA or Ed25519 key: refused as unsupportedKey.",
            "ExplicitCurveParameters": "EC parameters given explicitly instead of the named curve, which RFC 5480 2.1.1 forbids (specifiedCurve MUST NOT be used).",
            "InvalidPoint": "A point that is not on P-256, not a valid encoding, or the point at infinity: invalidKey.",
            "InvalidPrivateKey": "A private scalar out of range, or a public key that does not match the private key: invalidKey.",
            "TruncatedDER": "DER cut short or followed by extra octets: invalidKey.",
            "WrongContainer": "A valid key in another container than the format names (SEC 1 DER given as PKCS#8): invalidKey.",
            "InvalidPEM": "Text that holds no usable PEM block, the wrong label, or several blocks where one is required: invalidPEM.",
            "PassphraseRequired": "An encrypted key given without passphrase.",
            "WrongPassphrase": "An encrypted key given the wrong passphrase.",
            "PrivateKeyInTrustBundle": "A private key in a trust bundle: refused (privateKeyNotAllowed), never loaded.",
            "InvalidCertificate": "Bytes that are not an X.509 certificate.",
        ]
    }

    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec] {
        let m = KeyVectorMaterial(context: context)
        func valid(_ keyId: @escaping () throws -> String, _ input: @escaping () throws -> [(String, JSONValue)]) -> () throws -> [(String, JSONValue)] {
            { try input() + [("result", .text("valid")), ("keyId", .text(try keyId()))] }
        }
        func invalid(_ error: String, _ input: @escaping () throws -> [(String, JSONValue)]) -> () throws -> [(String, JSONValue)] {
            { try input() + [("result", .text("invalid")), ("error", .text(error))] }
        }
        func pem(_ format: String, _ text: @escaping () throws -> String) -> () throws -> [(String, JSONValue)] {
            { [("format", .text(format)), ("pem", .text(try text()))] }
        }
        func der(_ format: String, _ bytes: @escaping () throws -> [UInt8]) -> () throws -> [(String, JSONValue)] {
            { [("format", .text(format)), ("der", .text(VectorHex.encode(try bytes())))] }
        }
        func point(_ bytes: @escaping () throws -> [UInt8]) -> () throws -> [(String, JSONValue)] {
            { [("format", .text("point")), ("point", .text(VectorHex.encode(try bytes())))] }
        }
        let keyId = { try m.keyIdentifier(try m.p256()) }
        let certificateSubject = "/O=healthsig test vectors/CN=TEST keys.json certificate - never trust"

        let loads: [VectorCase] = [
            VectorCase("SubjectPublicKeyInfo PEM", flags: ["PublicKey"],
                       build: valid(keyId, pem("spki-pem") { try m.publicPEM(try m.p256()) })),
            VectorCase("SubjectPublicKeyInfo PEM with text around the block", flags: ["PublicKey"],
                       build: valid(keyId, pem("spki-pem") { "Device key of a TEST device.\n" + (try m.publicPEM(try m.p256())) + "end of file\n" })),
            VectorCase("SubjectPublicKeyInfo DER", flags: ["PublicKey"],
                       build: valid(keyId, der("spki-der") { try m.publicDER(try m.p256()) })),
            VectorCase("SubjectPublicKeyInfo DER with a compressed point", flags: ["PublicKey", "CompressedPoint"],
                       build: valid(keyId, der("spki-der") { try m.publicDER(try m.p256(), compressed: true) })),
            VectorCase("uncompressed SEC 1 point", flags: ["PublicKey"],
                       build: valid(keyId, point { try m.point(try m.p256()) })),
            VectorCase("compressed SEC 1 point", flags: ["PublicKey", "CompressedPoint"],
                       build: valid(keyId, point { try m.point(try m.p256(), compressed: true) })),
            VectorCase("PKCS#8 PEM (PRIVATE KEY)", flags: ["PrivateKey"],
                       build: valid(keyId, pem("private-pem") { try m.p256() })),
            VectorCase("PKCS#8 DER", flags: ["PrivateKey"],
                       build: valid(keyId, der("pkcs8-der") { try m.pkcs8DER(try m.p256()) })),
            VectorCase("SEC 1 PEM (EC PRIVATE KEY)", flags: ["PrivateKey"],
                       build: valid(keyId, pem("private-pem") { try m.sec1PEM(try m.p256()) })),
            VectorCase("SEC 1 PEM after an EC PARAMETERS block", flags: ["PrivateKey"],
                       build: valid(keyId, pem("private-pem") { try m.ecParametersPEM() + (try m.sec1PEM(try m.p256())) })),
            VectorCase("encrypted PKCS#8 PEM with the right passphrase", flags: ["PrivateKey", "EncryptedPrivateKey"],
                       build: valid(keyId) {
                           try pem("private-pem") { try m.encryptedPKCS8(try m.p256()) }() + [("passphrase", .text(KeyVectorMaterial.passphrase))]
                       }),
            VectorCase("self-signed certificate PEM", flags: ["Certificate"],
                       build: valid(keyId, pem("certificate-pem") { try m.certificatePEM(try m.p256(), subject: certificateSubject) })),
            VectorCase("self-signed certificate DER", flags: ["Certificate"],
                       build: valid(keyId, der("certificate-der") {
                           VectorPEM.der(of: try m.certificatePEM(try m.p256(), subject: certificateSubject)) ?? []
                       })),
            VectorCase("trust bundle with one PUBLIC KEY block", flags: ["TrustBundle", "PublicKey"],
                       build: valid(keyId, pem("trust-pem") { "# TEST device key\n" + (try m.publicPEM(try m.p256())) })),
            VectorCase("trust bundle with one CERTIFICATE block", flags: ["TrustBundle", "Certificate"],
                       build: valid(keyId, pem("trust-pem") { try m.certificatePEM(try m.p256(), subject: certificateSubject) })),
        ]

        let refused: [VectorCase] = [
            VectorCase("P-384 SubjectPublicKeyInfo PEM", flags: ["OtherCurve"],
                       build: invalid("unsupportedKey", pem("spki-pem") { try m.publicPEM(try m.p384()) })),
            VectorCase("P-384 PKCS#8 PEM", flags: ["OtherCurve"],
                       build: invalid("unsupportedKey", pem("private-pem") { try m.p384() })),
            VectorCase("secp256k1 SubjectPublicKeyInfo PEM", flags: ["OtherCurve"],
                       build: invalid("unsupportedKey", pem("spki-pem") { try m.publicPEM(try m.secp256k1()) })),
            VectorCase("secp256k1 SEC 1 PEM", flags: ["OtherCurve"],
                       build: invalid("unsupportedKey", pem("private-pem") { try m.sec1PEM(try m.secp256k1()) })),
            VectorCase("secp256k1 uncompressed point read as P-256", flags: ["OtherCurve", "InvalidPoint"],
                       build: invalid("invalidKey", point { try m.point(try m.secp256k1()) })),
            VectorCase("RSA 2048 SubjectPublicKeyInfo PEM", flags: ["OtherAlgorithm"],
                       build: invalid("unsupportedKey", pem("spki-pem") { try m.publicPEM(try m.rsa()) })),
            VectorCase("RSA 2048 SubjectPublicKeyInfo DER", flags: ["OtherAlgorithm"],
                       build: invalid("unsupportedKey", der("spki-der") { try m.publicDER(try m.rsa()) })),
            VectorCase("RSA 2048 PKCS#8 PEM", flags: ["OtherAlgorithm"],
                       build: invalid("unsupportedKey", pem("private-pem") { try m.rsa() })),
            VectorCase("RSA PUBLIC KEY (PKCS#1) block in a trust bundle", flags: ["OtherAlgorithm", "TrustBundle"],
                       build: invalid("unsupportedKey", pem("trust-pem") { try m.rsaPublicKeyPKCS1(try m.rsa()) })),
            VectorCase("RSA 2048 self-signed certificate", flags: ["OtherAlgorithm", "Certificate"],
                       build: invalid("unsupportedKey", pem("certificate-pem") {
                           try m.certificatePEM(try m.rsa(), subject: "/O=healthsig test vectors/CN=TEST RSA certificate - never trust")
                       })),
            VectorCase("Ed25519 SubjectPublicKeyInfo PEM", flags: ["OtherAlgorithm"],
                       build: invalid("unsupportedKey", pem("spki-pem") { try m.publicPEM(try m.ed25519()) })),
            VectorCase("Ed25519 PKCS#8 PEM", flags: ["OtherAlgorithm"],
                       build: invalid("unsupportedKey", pem("private-pem") { try m.ed25519() })),
            VectorCase("SubjectPublicKeyInfo with explicit P-256 parameters", flags: ["ExplicitCurveParameters"],
                       build: invalid("unsupportedKey", pem("spki-pem") { try m.explicitParametersPublicPEM(try m.p256()) })),
            VectorCase("uncompressed point with y+1 (not on the curve)", flags: ["InvalidPoint"],
                       build: invalid("invalidKey", point {
                           var p = try m.point(try m.p256())
                           p[64] ^= 0x01
                           return p
                       })),
            VectorCase("SubjectPublicKeyInfo DER whose point is not on the curve", flags: ["InvalidPoint"],
                       build: invalid("invalidKey", der("spki-der") {
                           var d = try m.publicDER(try m.p256())
                           d[d.count - 1] ^= 0x01
                           return d
                       })),
            VectorCase("compressed point whose x is 2^256-1, above the field prime", flags: ["InvalidPoint"],
                       build: invalid("invalidKey", point { [0x02] + [UInt8](repeating: 0xff, count: 32) })),
            VectorCase("the point at infinity (single 00 octet)", flags: ["InvalidPoint"],
                       build: invalid("invalidKey", point { [0x00] })),
            VectorCase("point with prefix 05", flags: ["InvalidPoint"],
                       build: invalid("invalidKey", point { [0x05] + Array(try m.point(try m.p256()).dropFirst()) })),
            VectorCase("hybrid point form (prefix 06/07)", flags: ["InvalidPoint"],
                       build: invalid("invalidKey", point {
                           let p = try m.point(try m.p256())
                           return [0x06 | (p[64] & 1)] + Array(p.dropFirst())
                       })),
            VectorCase("raw X || Y without the 04 prefix (64 octets)", flags: ["InvalidPoint"],
                       build: invalid("invalidKey", point { Array(try m.point(try m.p256()).dropFirst()) })),
            VectorCase("SubjectPublicKeyInfo DER without its last octet", flags: ["TruncatedDER"],
                       build: invalid("invalidKey", der("spki-der") { Array(try m.publicDER(try m.p256()).dropLast()) })),
            VectorCase("SubjectPublicKeyInfo DER followed by a 00 octet", flags: ["TruncatedDER"],
                       build: invalid("invalidKey", der("spki-der") { try m.publicDER(try m.p256()) + [0] })),
            VectorCase("PKCS#8 DER cut in half", flags: ["TruncatedDER"],
                       build: invalid("invalidKey", der("pkcs8-der") {
                           let d = try m.pkcs8DER(try m.p256())
                           return Array(d.prefix(d.count / 2))
                       })),
            VectorCase("SEC 1 DER where PKCS#8 DER is required", flags: ["WrongContainer"],
                       build: invalid("invalidKey", der("pkcs8-der") { try m.sec1DER(try m.p256()) })),
            VectorCase("SEC 1 key whose public key belongs to another private key", flags: ["InvalidPrivateKey"],
                       build: invalid("invalidKey", pem("private-pem") {
                           let d = try m.sec1DER(try m.p256())
                           let other = try m.point(try m.otherP256())
                           return VectorPEM.block("EC PRIVATE KEY", Array(d.dropLast(65)) + other)
                       })),
            VectorCase("SEC 1 key with private scalar 0", flags: ["InvalidPrivateKey"],
                       build: invalid("invalidKey", pem("private-pem") {
                           VectorPEM.block("EC PRIVATE KEY", KeyVectorMaterial.sec1(scalar: [UInt8](repeating: 0, count: 32)))
                       })),
            VectorCase("SEC 1 key with private scalar n (the group order)", flags: ["InvalidPrivateKey"],
                       build: invalid("invalidKey", pem("private-pem") {
                           VectorPEM.block("EC PRIVATE KEY", KeyVectorMaterial.sec1(scalar: KeyVectorMaterial.p256Order))
                       })),
            VectorCase("PUBLIC KEY block with text that is not base64", flags: ["InvalidPEM"],
                       build: invalid("invalidPEM", pem("spki-pem") { "-----BEGIN PUBLIC KEY-----\nnot base64 at all!\n-----END PUBLIC KEY-----\n" })),
            VectorCase("PUBLIC KEY block without END line", flags: ["InvalidPEM"],
                       build: invalid("invalidPEM", pem("spki-pem") {
                           String((try m.publicPEM(try m.p256())).split(separator: "\n").dropLast().joined(separator: "\n")) + "\n"
                       })),
            VectorCase("empty text", flags: ["InvalidPEM"],
                       build: invalid("invalidPEM", pem("spki-pem") { "" })),
            VectorCase("a CERTIFICATE block where a PUBLIC KEY is required", flags: ["InvalidPEM"],
                       build: invalid("invalidPEM", pem("spki-pem") { try m.certificatePEM(try m.p256(), subject: certificateSubject) })),
            VectorCase("two PUBLIC KEY blocks where one is required", flags: ["InvalidPEM"],
                       build: invalid("invalidPEM", pem("spki-pem") { (try m.publicPEM(try m.p256())) + (try m.publicPEM(try m.otherP256())) })),
            VectorCase("a PUBLIC KEY block where a private key is required", flags: ["InvalidPEM"],
                       build: invalid("invalidPEM", pem("private-pem") { try m.publicPEM(try m.p256()) })),
            VectorCase("encrypted PKCS#8 PEM without passphrase", flags: ["EncryptedPrivateKey", "PassphraseRequired"],
                       build: invalid("passphraseRequired", pem("private-pem") { try m.encryptedPKCS8(try m.p256()) })),
            VectorCase("encrypted PKCS#8 PEM with a wrong passphrase", flags: ["EncryptedPrivateKey", "WrongPassphrase"],
                       build: invalid("wrongPassphrase") {
                           try pem("private-pem") { try m.encryptedPKCS8(try m.p256()) }() + [("passphrase", .text("not the passphrase"))]
                       }),
            VectorCase("PKCS#8 PRIVATE KEY block in a trust bundle", flags: ["PrivateKeyInTrustBundle", "TrustBundle"],
                       build: invalid("privateKeyNotAllowed", pem("trust-pem") { try m.p256() })),
            VectorCase("SEC 1 EC PRIVATE KEY block in a trust bundle after a public key", flags: ["PrivateKeyInTrustBundle", "TrustBundle"],
                       build: invalid("privateKeyNotAllowed", pem("trust-pem") { (try m.publicPEM(try m.otherP256())) + (try m.sec1PEM(try m.p256())) })),
            VectorCase("certificate DER that is a SubjectPublicKeyInfo", flags: ["InvalidCertificate"],
                       build: invalid("invalidCertificate", der("certificate-der") { try m.publicDER(try m.p256()) })),
            VectorCase("certificate PEM whose DER is cut short", flags: ["InvalidCertificate"],
                       build: invalid("invalidCertificate", pem("certificate-pem") {
                           let d = VectorPEM.der(of: try m.certificatePEM(try m.p256(), subject: certificateSubject)) ?? []
                           return VectorPEM.block("CERTIFICATE", Array(d.dropLast(10)))
                       })),
        ]
        return [
            VectorGroupSpec(name: "loads", members: { [] }, cases: loads),
            VectorGroupSpec(name: "refused", members: { [] }, cases: refused),
        ]
    }
}
