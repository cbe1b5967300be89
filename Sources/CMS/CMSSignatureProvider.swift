import CryptoBackend

/// Something that can make an ECDSA P-256 signature over a SHA-256 digest: an OpenSSL key
/// (`P256PrivateKey`), a secure element, an HSM.
///
/// `SignedDataBuilder` asks the provider for its public key (to build the signer identifier and
/// to check the result) and for one signature over the digest it computed.
public protocol CMSSignatureProvider {
    /// The public key whose private half signs.
    var publicKey: P256PublicKey { get }

    /// A DER `ECDSA-Sig-Value` (RFC 3279 2.2.3) over `digest`, a 32-byte SHA-256 digest.
    func signature(forDigest digest: [UInt8]) throws -> [UInt8]
}

extension P256PrivateKey: CMSSignatureProvider {}
