import CryptoBackend
import DER
import Foundation
import HealthSigKit

/// Key material for `keys.json`, made with the `openssl` tool (never with this package's own
/// key code, which is what the tests check). Each item is made on first use only.
final class KeyVectorMaterial {
    private let context: VectorGenerationContext
    private var cache: [String: String] = [:]

    /// The passphrase of the encrypted PKCS#8 test key (a TEST value, published here).
    static let passphrase = "TEST-ONLY passphrase"

    init(context: VectorGenerationContext) {
        self.context = context
    }

    private func openssl(_ arguments: [String], input: String = "") throws -> [UInt8] {
        try context.openssl().run(arguments, input: Array(input.utf8))
    }

    private func text(_ arguments: [String], input: String = "") throws -> String {
        String(decoding: try openssl(arguments, input: input), as: UTF8.self)
    }

    /// A private key PEM (PKCS#8) made once per run under `name` with `genpkey arguments`.
    func privateKey(_ name: String, _ arguments: [String]) throws -> String {
        if let pem = cache[name] { return pem }
        let pem = try text(["genpkey"] + arguments)
        cache[name] = pem
        return pem
    }

    /// The P-256 key the valid tests load in every form.
    func p256() throws -> String {
        try privateKey("p256", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
    }

    /// A second P-256 key.
    func otherP256() throws -> String {
        try privateKey("p256-other", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
    }

    func p384() throws -> String { try privateKey("p384", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"]) }
    func secp256k1() throws -> String { try privateKey("k1", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:secp256k1"]) }
    func rsa() throws -> String { try privateKey("rsa", ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"]) }
    func ed25519() throws -> String { try privateKey("ed25519", ["-algorithm", "ED25519"]) }

    /// `openssl pkey -pubout` of a private key PEM.
    func publicPEM(_ privatePEM: String) throws -> String {
        try text(["pkey", "-pubout"], input: privatePEM)
    }

    /// The SubjectPublicKeyInfo DER, uncompressed or compressed point.
    func publicDER(_ privatePEM: String, compressed: Bool = false) throws -> [UInt8] {
        try openssl(["pkey", "-pubout", "-outform", "DER"] + (compressed ? ["-ec_conv_form", "compressed"] : []),
                    input: privatePEM)
    }

    /// The PKCS#8 DER of a private key.
    func pkcs8DER(_ privatePEM: String) throws -> [UInt8] {
        try openssl(["pkcs8", "-topk8", "-nocrypt", "-outform", "DER"], input: privatePEM)
    }

    /// SEC 1 `EC PRIVATE KEY` PEM (`openssl ec`).
    func sec1PEM(_ privatePEM: String, explicitParameters: Bool = false) throws -> String {
        try text(["ec"] + (explicitParameters ? ["-param_enc", "explicit"] : []), input: privatePEM)
    }

    /// SEC 1 DER.
    func sec1DER(_ privatePEM: String) throws -> [UInt8] {
        try openssl(["ec", "-outform", "DER"], input: privatePEM)
    }

    /// SPKI with explicit curve parameters instead of the named curve (RFC 5480 forbids them).
    func explicitParametersPublicPEM(_ privatePEM: String) throws -> String {
        try text(["ec", "-pubout", "-param_enc", "explicit"], input: privatePEM)
    }

    /// `EC PARAMETERS` block for prime256v1.
    func ecParametersPEM() throws -> String {
        try text(["ecparam", "-name", "prime256v1"])
    }

    /// Encrypted PKCS#8 (PBES2, AES-256-CBC) under `passphrase`.
    func encryptedPKCS8(_ privatePEM: String) throws -> String {
        try text(["pkcs8", "-topk8", "-v2", "aes-256-cbc", "-passout", "pass:" + Self.passphrase], input: privatePEM)
    }

    /// PKCS#1 `RSA PUBLIC KEY` PEM.
    func rsaPublicKeyPKCS1(_ privatePEM: String) throws -> String {
        try text(["rsa", "-RSAPublicKey_out"], input: privatePEM)
    }

    /// A self-signed certificate for `privatePEM` (100 years).
    func certificatePEM(_ privatePEM: String, subject: String) throws -> String {
        let cacheKey = "certificate " + subject + "\n" + privatePEM
        if let pem = cache[cacheKey] { return pem }
        let tool = try context.openssl()
        let keyPath = tool.path("cert-\(UUID().uuidString).key")
        let config = tool.path("keys-req.cnf")
        try Data(privatePEM.utf8).write(to: URL(fileURLWithPath: keyPath))
        try Data(TestKeyStore.opensslConfig.utf8).write(to: URL(fileURLWithPath: config))
        let pem = try text(["req", "-new", "-x509", "-config", config, "-extensions", "ext_signer", "-key", keyPath,
                            "-subj", subject, "-days", "36500", "-set_serial", "0x4001", "-sha256"])
        cache[cacheKey] = pem
        return pem
    }

    /// The RFC 5280 4.2.1.2 method 1 key identifier of a P-256 key, computed from openssl's
    /// uncompressed SubjectPublicKeyInfo: SHA-1 of its last 65 octets (the point).
    func keyIdentifier(_ privatePEM: String) throws -> String {
        let spki = try publicDER(privatePEM)
        return VectorHex.encode(Digest.sha1(spki.suffix(65)))
    }

    /// The uncompressed point (65 octets) from openssl's SubjectPublicKeyInfo.
    func point(_ privatePEM: String, compressed: Bool = false) throws -> [UInt8] {
        Array(try publicDER(privatePEM, compressed: compressed).suffix(compressed ? 33 : 65))
    }

    /// SEC 1 ECPrivateKey DER with the given scalar, named curve prime256v1 and no public key.
    static func sec1(scalar: [UInt8]) -> [UInt8] {
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.append(DERInteger(1))
            w.append(DEROctetString(scalar))
            w.appendConstructed(.contextSpecific(0, constructed: true)) { w in
                w.append(DERObjectIdentifier("1.2.840.10045.3.1.7"))
            }
        }
        return writer.bytes
    }

    /// The order n of P-256's base point (FIPS 186-4 D.1.2.3), big-endian.
    static let p256Order: [UInt8] = VectorHex.decode(
        "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551") ?? []
}
