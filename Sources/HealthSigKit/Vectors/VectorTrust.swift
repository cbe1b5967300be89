import CMS
import CryptoBackend
import SampleIO

/// The trust set of a `cms`, `records` or `samples` group (TestVectors/README.md): the group's
/// `key` (its `certificatePem` when present, else its `publicKeyPem`; `keyId` must match), plus
/// every PEM text in `key.otherTrustedKeys`.
enum VectorTrust {
    static func trustSet(of group: JSONObject) throws -> TrustSet {
        guard let key = group.object("key") else { throw VectorInputError("the group has no key") }
        var trust = TrustSet()
        let publicKey = try key.string("publicKeyPem").map { try P256PublicKey(pem: $0) }
        let certificate = try key.string("certificatePem").map { try Certificate(pem: $0) }
        let effective: P256PublicKey
        if let certificate {
            let certifiedKey = try certificate.p256PublicKey()
            if let publicKey, publicKey != certifiedKey {
                throw VectorInputError("publicKeyPem is not the key of certificatePem")
            }
            trust.add(certificate)
            effective = certifiedKey
        } else if let publicKey {
            trust.add(publicKey)
            effective = publicKey
        } else {
            throw VectorInputError("the group key has neither publicKeyPem nor certificatePem")
        }
        guard let keyId = key.string("keyId") else { throw VectorInputError("the group key has no keyId") }
        if keyId != VectorHex.encode(effective.keyIdentifier) {
            throw VectorInputError("keyId \(keyId) is not the key's identifier \(VectorHex.encode(effective.keyIdentifier))")
        }
        for text in key["otherTrustedKeys"]?.stringArray ?? [] {
            for item in try PEMBundle.parse(text) {
                switch item {
                case .publicKey(let other): trust.add(other)
                case .certificate(let other): trust.add(other)
                }
            }
        }
        return trust
    }
}
