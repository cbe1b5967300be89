import CryptoBackend
import DER
import Foundation

/// The public keys and certificates a verifier trusts to sign: the trust set of docs/VERIFY.md,
/// which the verifier is given and simply holds.
///
/// Lookups follow the two `SignerIdentifier` alternatives:
/// - by key identifier: a certificate is found by its subjectKeyIdentifier extension **and** by
///   the RFC 5280 4.2.1.2 method 1 identifier computed from its key; a bare public key by its
///   computed identifier;
/// - by issuer and serial number: certificates only, the issuer Name compared as exact DER.
///
/// Certificates whose key is not P-256 (an RSA root, say) cannot sign in this profile but still
/// serve as trust anchors for embedded certificate chains.
public struct TrustSet: Sendable {
    /// The trusted bare public keys, in the order added.
    public private(set) var publicKeys: [P256PublicKey] = []
    /// The trusted certificates, in the order added.
    public private(set) var certificates: [Certificate] = []
    /// The CRLs that count against these certificates (docs/TRUST.md); empty: nothing revoked.
    public var revocations = RevocationSet()
    /// The time-stamp authorities trusted for RFC 3161 tokens (`verify --tsa-trust`): TSA
    /// certificates or the CAs that issued them, as trust anchors for ``TimeStampToken/verify(imprint:trusting:)``.
    public var timeStampAuthorities: [Certificate] = []

    private var byKeyIdentifier: [ByteKey: TrustedSigner] = [:]
    /// ``byKeyIdentifier``'s entries in a list, searched instead of it while it is short (a
    /// verifier trusts a handful of keys): hashing the identifier cost more than comparing it
    /// with every entry, and a list is searched with the identifier where it lies.
    private var keyIdentifierList: [(keyIdentifier: [UInt8], signer: TrustedSigner)] = []
    /// Entries up to which ``keyIdentifierList`` is searched.
    private static let listSearchLimit = 16
    private var byIssuerAndSerialNumber: [ByteKey: TrustedSigner] = [:]
    private var certificateEncodings: Set<ByteKey> = []

    /// An empty trust set.
    public init() {}

    /// A trust set holding `publicKeys` and `certificates`.
    public init(publicKeys: [P256PublicKey] = [], certificates: [Certificate] = []) {
        for key in publicKeys { add(key) }
        for certificate in certificates { add(certificate) }
    }

    /// A trust set from parsed PEM items (`PEMBundle.parse`).
    public init(pemItems: [PEMItem]) {
        for item in pemItems {
            switch item {
            case .publicKey(let key): add(key)
            case .certificate(let certificate): add(certificate)
            }
        }
    }

    /// A trust set from PEM text holding any mix of `PUBLIC KEY` and `CERTIFICATE` blocks.
    ///
    /// - Throws: `CryptoError` from `PEMBundle.parse` (no blocks, a private key, a key that is
    ///   not P-256, malformed contents), naming the block and line.
    public init(pemBundle text: String) throws {
        self.init(pemItems: try PEMBundle.parse(text))
    }

    /// Whether nothing is trusted.
    public var isEmpty: Bool { publicKeys.isEmpty && certificates.isEmpty }

    /// Trusts a bare public key, findable by its computed key identifier.
    public mutating func add(_ publicKey: P256PublicKey) {
        publicKeys.append(publicKey)
        offer(TrustedSigner(publicKey: publicKey, certificate: nil), as: publicKey.keyIdentifier)
    }

    /// Trusts a certificate: as a trust anchor for chains and, when its key is P-256, as a signer
    /// findable by its subjectKeyIdentifier, its computed key identifier and its issuer and
    /// serial number.
    public mutating func add(_ certificate: Certificate) {
        certificates.append(certificate)
        certificateEncodings.insert(ByteKey(certificate.derEncoded))
        guard let key = certificate.publicKey else { return }
        let signer = TrustedSigner(publicKey: key, certificate: certificate)
        offer(signer, as: key.keyIdentifier)
        if let ski = certificate.subjectKeyIdentifier { offer(signer, as: ski) }
        if let issuerAndSerial = try? IssuerAndSerialNumber(certificate: certificate) {
            let key = ByteKey(DER.encode(issuerAndSerial))
            if byIssuerAndSerialNumber[key] == nil { byIssuerAndSerialNumber[key] = signer }
        }
    }

    /// Files `signer` under `keyIdentifier` unless a better entry holds it. The ranking: a key
    /// whose computed identifier this is beats a certificate that merely claims it in its
    /// subjectKeyIdentifier extension (that value is the issuer's choice, and may collide); for
    /// the same key a certificate beats a bare key (it also gives the subject); otherwise the
    /// first added stays.
    private mutating func offer(_ signer: TrustedSigner, as keyIdentifier: [UInt8]) {
        func rank(_ entry: TrustedSigner) -> Int {
            (entry.publicKey.keyIdentifier == keyIdentifier ? 2 : 0) + (entry.certificate != nil ? 1 : 0)
        }
        if let existing = byKeyIdentifier[ByteKey(keyIdentifier)], rank(existing) >= rank(signer) { return }
        byKeyIdentifier[ByteKey(keyIdentifier)] = signer
        if let index = keyIdentifierList.firstIndex(where: { $0.keyIdentifier == keyIdentifier }) {
            keyIdentifierList[index].signer = signer
        } else {
            keyIdentifierList.append((keyIdentifier, signer))
        }
    }

    /// The trusted signer whose key identifier (SKI extension or computed) is `keyIdentifier`.
    public func signer(forKeyIdentifier keyIdentifier: [UInt8]) -> TrustedSigner? {
        byKeyIdentifier[ByteKey(keyIdentifier)]
    }

    /// ``signer(forKeyIdentifier:)`` of an identifier read in place (the CMS verifier's, where it
    /// lies in the SignedData), with the identifier as an array: the trust set's own equal copy
    /// when the signer is known, so no array is made for it.
    func signerAndIdentifier(forKeyIdentifier wanted: UnsafeBufferPointer<UInt8>)
        -> (keyIdentifier: [UInt8], signer: TrustedSigner?) {
        guard keyIdentifierList.count <= Self.listSearchLimit else {
            let array = Array(wanted)
            return (array, signer(forKeyIdentifier: array))
        }
        let found = keyIdentifierList.first { entry in
            entry.keyIdentifier.count == wanted.count && entry.keyIdentifier.withUnsafeBufferPointer { own in
                guard let a = own.baseAddress, let b = wanted.baseAddress else { return true }
                return memcmp(a, b, own.count) == 0
            }
        }
        guard let found else { return (Array(wanted), nil) }
        return (found.keyIdentifier, found.signer)
    }

    /// The trusted certificate with this issuer Name (exact DER) and serial number.

    public func signer(forIssuerAndSerialNumber issuerAndSerialNumber: IssuerAndSerialNumber) -> TrustedSigner? {
        byIssuerAndSerialNumber[ByteKey(DER.encode(issuerAndSerialNumber))]
    }

    /// The trusted signer named by `sid`.
    public func signer(for sid: SignerIdentifier) -> TrustedSigner? {
        switch sid {
        case .subjectKeyIdentifier(let keyIdentifier): return signer(forKeyIdentifier: keyIdentifier)
        case .issuerAndSerialNumber(let value): return signer(forIssuerAndSerialNumber: value)
        }
    }

    /// Whether exactly this certificate (same DER) is trusted.
    public func contains(certificateDER: [UInt8]) -> Bool {
        certificateEncodings.contains(ByteKey(certificateDER))
    }
}

// Perf: `[UInt8]`'s own hashing feeds the hasher a byte at a time; the block saves about 270
// instructions a key identifier looked up, one a verified sample (measured when written).
/// Bytes as a dictionary key of the trust set, hashed as one block of memory.
private struct ByteKey: Hashable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

// Perf: a class: as a struct each copy (a few a verified signature) retained every array of its
// key and certificate, a dozen references (not measured).
/// A key the trust set vouches for, with the certificate it came from if any. Immutable.
public final class TrustedSigner: Sendable {
    /// The signer's public key.
    public let publicKey: P256PublicKey
    /// The certificate holding the key, or `nil` for a bare trusted key.
    public let certificate: Certificate?

    /// Pairs a key with its certificate.
    public init(publicKey: P256PublicKey, certificate: Certificate?) {
        self.publicKey = publicKey
        self.certificate = certificate
    }
}
