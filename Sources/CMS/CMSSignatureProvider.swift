import CryptoBackend

/// Something that can make an ECDSA P-256 signature over a SHA-256 digest: an OpenSSL key
/// (`P256PrivateKey`), a secure element, an HSM.
///
/// `SignedDataBuilder` asks the provider for its public key (to build the signer identifier and
/// to check the result) and for one signature over the digest it computed.
public protocol CMSSignatureProvider {
    /// The public key whose private half signs.
    var publicKey: P256PublicKey { get }

    // Perf: a requirement of its own so a provider hands over one array rather than copy the whole
    // key (a handle and three arrays retained and released) for every signature (not measured).
    /// The subject key identifier of `publicKey` (its `keyIdentifier`), which is all the default
    /// profile's signer identifier needs.
    var keyIdentifier: [UInt8] { get }

    /// A DER `ECDSA-Sig-Value` (RFC 3279 2.2.3) over `digest`, a 32-byte SHA-256 digest.
    func signature(forDigest digest: [UInt8]) throws -> [UInt8]

    /// ``signature(forDigest:)`` written into the start of `buffer`; returns its length.
    /// `SignedDataBuilder` lends ``SignedDataBuilder/signatureBufferSize`` bytes, far more than the 72 of the
    /// longest strict DER P-256 signature, so that an over-long signature still reaches the
    /// builder's encoding check. The default asks ``signature(forDigest:)`` and copies; an
    /// in-process key writes straight into the buffer, so the default profile's signing makes no
    /// array for the digest or the signature.
    func signature(forDigest digest: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) throws -> Int

    /// Whether `SignedDataBuilder` checks each signature under `publicKey` before wrapping it.
    /// Defaults to `true`: a secure element or HSM is a separate device whose output (a faulty
    /// or mismatched key, a garbled response) must not end up in a signature nobody can verify.
    var signaturesNeedVerification: Bool { get }
}

extension CMSSignatureProvider {
    public var keyIdentifier: [UInt8] { publicKey.keyIdentifier }

    public func signature(forDigest digest: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let signature = try signature(forDigest: Array(digest))
        guard signature.count <= buffer.count else {
            throw OverlongSignature(count: signature.count)
        }
        signature.withUnsafeBytes { buffer.copyMemory(from: $0) }
        return signature.count
    }

    public var signaturesNeedVerification: Bool { true }
}

extension P256PrivateKey: CMSSignatureProvider {
    /// `false` for a key in this process: the signature comes from libcrypto with the very key
    /// whose public half is `publicKey`, so checking it would only halve signing throughput
    /// (verification costs about four ECDSA signatures; see `healthsig bench`). `true` for a key
    /// in a PKCS#11 token, a separate device.
    public var signaturesNeedVerification: Bool { isInToken }

    /// Read from the stored `publicKey` without copying the key.
    public var keyIdentifier: [UInt8] { publicKey.keyIdentifier }
}

/// A provider's signature longer than the room `SignedDataBuilder` lent for it: an encoding
/// error, not a failure to sign.
struct OverlongSignature: Error {
    let count: Int
}
