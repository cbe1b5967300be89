import CryptoBackend
import HealthSigKit
import SampleIO

/// The `key` member of a group trusting one bare public key, or one certificate.
enum VectorGroupKey {
    static func members(_ key: P256PublicKey) throws -> [(String, JSONValue)] {
        [("key", .obj([("publicKeyPem", .text(key.pemString)), ("keyId", .text(VectorHex.encode(key.keyIdentifier)))]))]
    }

    /// The `key` member trusting `key` and, through `otherTrustedKeys`, `others` (bare keys).
    static func members(_ key: P256PublicKey, alsoTrusting others: [P256PublicKey]) throws -> [(String, JSONValue)] {
        [("key", .obj([("publicKeyPem", .text(key.pemString)), ("keyId", .text(VectorHex.encode(key.keyIdentifier))),
                       ("otherTrustedKeys", .texts(others.map(\.pemString)))]))]
    }

    static func members(_ certificate: Certificate) throws -> [(String, JSONValue)] {
        let key = try certificate.p256PublicKey()
        return [("key", .obj([("certificatePem", .text(certificate.pemString)), ("keyId", .text(VectorHex.encode(key.keyIdentifier))),
                              ("publicKeyPem", .text(key.pemString))]))]
    }
}
