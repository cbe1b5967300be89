import CryptoBackend

/// Something that can make an ECDSA P-256 signature over a SHA-256 digest: an OpenSSL key
/// (`P256PrivateKey`), a secure element, an HSM.
///
/// `SignedDataBuilder` asks the provider for its public key (to build the signer identifier and
/// to check the result) and for one signature over the digest it computed.
public protocol CMSSignatureProvider {
    /// The public key whose private half signs.
    var publicKey: P256PublicKey { get }

    /// The subject key identifier of `publicKey` (its `keyIdentifier`), which is all the default
    /// profile's signer identifier needs. A requirement of its own so that a provider holding
    /// `publicKey` can hand over the one array rather than copy the whole key (a handle and three
    /// arrays retained and released again) for every signature.
    var keyIdentifier: [UInt8] { get }

    /// A DER `ECDSA-Sig-Value` (RFC 3279 2.2.3) over `digest`, a 32-byte SHA-256 digest.
    func signature(forDigest digest: [UInt8]) throws -> [UInt8]

    /// Whether `SignedDataBuilder` checks each signature under `publicKey` before wrapping it.
    /// Defaults to `true`: a secure element or HSM is a separate device whose output (a faulty
    /// or mismatched key, a garbled response) must not end up in a signature nobody can verify.
    var signaturesNeedVerification: Bool { get }
}

extension CMSSignatureProvider {
    public var keyIdentifier: [UInt8] { publicKey.keyIdentifier }

    public var signaturesNeedVerification: Bool { true }
}

extension P256PrivateKey: CMSSignatureProvider {
    /// `false`: the signature comes from libcrypto in this process with the very key whose public
    /// half is `publicKey`, so checking it would only halve signing throughput (verification
    /// costs about four ECDSA signatures; see `healthsig bench`).
    public var signaturesNeedVerification: Bool { false }

    /// Read from the stored `publicKey` without copying the key.
    public var keyIdentifier: [UInt8] { publicKey.keyIdentifier }
}
