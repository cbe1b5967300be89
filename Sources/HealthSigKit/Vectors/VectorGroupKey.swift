import CryptoBackend
import SampleIO

/// The `key` member of a group trusting one bare public key.
enum VectorGroupKey {
    static func members(_ key: P256PublicKey) throws -> [(String, JSONValue)] {
        [("key", .obj([("publicKeyPem", .text(key.pemString)), ("keyId", .text(VectorHex.encode(key.keyIdentifier)))]))]
    }
}
