import DER
import COpenSSL

/// An ECDSA private key on NIST P-256, held inside OpenSSL.
///
/// The private scalar never enters Swift memory except when explicitly exported with
/// `pkcs8PEM(passphrase:)`. Loading validates the key fully (scalar range, public point on the
/// curve and matching the scalar) and refuses other key types and curves with
/// `CryptoError.unsupportedKey`.
public struct P256PrivateKey: Sendable {
    let handle: PKeyHandle

    /// The matching public key.
    public let publicKey: P256PublicKey

    /// Whether the private key lives in a PKCS#11 token (``inToken(_:module:pin:)``), where
    /// OpenSSL asks the token for each signature, rather than in this process.
    public internal(set) var isInToken = false

    /// Iteration count for PBKDF2 when exporting an encrypted PKCS#8 key. OpenSSL's own
    /// default (2048) is far below current guidance for password hashing (NIST SP 800-132,
    /// OWASP); 100 000 costs a few tens of milliseconds per load.
    public static let pbkdf2Iterations = 100_000

    /// Wraps a canonical, validated key pair (see `P256KeyFactory`), taking ownership.
    init(takingCanonical pkey: OpaquePointer) throws {
        handle = PKeyHandle(taking: pkey)
        publicKey = try P256PublicKey(x963: P256KeyFactory.encodedPublicPoint(pkey))
    }

    /// Validates and canonicalises a key OpenSSL decoded (not consumed).
    init(decodedKey pkey: OpaquePointer) throws {
        try self.init(takingCanonical: P256KeyFactory.makeCanonicalPrivateKey(from: pkey))
    }

    /// A new random key pair from OpenSSL's DRBG.
    ///
    /// - Throws: `CryptoError.openssl` if OpenSSL cannot generate a key (a broken installation).
    public static func generate() throws -> P256PrivateKey {
        defer { OpenSSLErrorQueue.clear() }
        return try P256PrivateKey(takingCanonical: P256KeyFactory.generate())
    }

    /// Parses a DER PKCS#8 PrivateKeyInfo (RFC 5208 §5 / RFC 5958 OneAsymmetricKey).
    ///
    /// - Throws: `CryptoError.invalidKey` if the bytes are not one well-formed PrivateKeyInfo
    ///   holding a valid key; `CryptoError.unsupportedKey` for other key types and curves.
    public init(derPKCS8: some Collection<UInt8>) throws {
        defer { OpenSSLErrorQueue.clear() }
        let decoded = try ByteBuffers.with(derPKCS8) { base, count in
            try PrivateKeyDecoding.decodePKCS8(base, count)
        }
        defer { EVP_PKEY_free(decoded) }
        try self.init(decodedKey: decoded)
    }

    /// Parses a PEM private key, as written by `openssl genpkey`, `openssl pkcs8` or
    /// `openssl ecparam -genkey`:
    ///
    /// - `PRIVATE KEY`: PKCS#8 PrivateKeyInfo (RFC 5208, RFC 7468 §10);
    /// - `ENCRYPTED PRIVATE KEY`: PKCS#8 EncryptedPrivateKeyInfo (RFC 5208 §6, RFC 7468 §11),
    ///   decrypted with `passphrase`;
    /// - `EC PRIVATE KEY`: SEC 1 / RFC 5915 ECPrivateKey, optionally with OpenSSL's legacy
    ///   `Proc-Type: 4,ENCRYPTED` headers.
    ///
    /// `EC PARAMETERS` and other public blocks before or after the key are skipped; the text
    /// must hold exactly one private key.
    ///
    /// - Throws: `passphraseRequired` when the key is encrypted and `passphrase` is `nil`;
    ///   `wrongPassphrase` when decryption fails; `invalidPEM` when no key block is found;
    ///   `unsupportedKey` for RSA, Ed25519, other curves; `invalidKey` for malformed keys.
    public init(pem: String, passphrase: [UInt8]? = nil) throws {
        defer { OpenSSLErrorQueue.clear() }
        var decoded: OpaquePointer?
        defer { if let decoded { EVP_PKEY_free(decoded) } }
        var otherLabels: [String] = []
        try PEMReader.forEachBlock(in: pem) { block in
            guard PEMReader.isPrivateKeyLabel(block.label) else {
                otherLabels.append(block.label)
                return
            }
            guard decoded == nil else {
                throw CryptoError.invalidPEM("\(block.location): more than one private key in the PEM text")
            }
            do {
                decoded = try PrivateKeyDecoding.decode(block, passphrase: passphrase)
            } catch let error as CryptoError {
                throw error.located(block.location)
            }
        }
        guard let decoded else {
            let found = otherLabels.isEmpty ? "no PEM block at all" : "only " + otherLabels.joined(separator: ", ")
            throw CryptoError.invalidPEM("no private key block found (\(found))")
        }
        try self.init(decodedKey: decoded)
    }

    /// The key as PKCS#8 PEM: `PRIVATE KEY` without a passphrase, `ENCRYPTED PRIVATE KEY`
    /// (PBES2: PBKDF2 with HMAC-SHA-256, `pbkdf2Iterations` rounds, random salt; AES-256-CBC;
    /// RFC 8018) with one. Both forms are readable by `openssl pkey [-passin]`.
    ///
    /// The returned string contains the private key (encrypted or not); handle it accordingly.
    ///
    /// - Throws: `CryptoError.openssl` if OpenSSL fails to encode or encrypt the key.
    public func pkcs8PEM(passphrase: [UInt8]? = nil) throws -> String {
        defer { OpenSSLErrorQueue.clear() }
        guard let info = EVP_PKEY2PKCS8(handle.pointer) else {
            throw OpenSSLErrorQueue.error("EVP_PKEY2PKCS8")
        }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        var output = try MemoryBIO.collectingOutput { bio in
            guard let passphrase else {
                guard PEM_write_bio_PKCS8_PRIV_KEY_INFO(bio, info) == 1 else {
                    throw OpenSSLErrorQueue.error("PEM_write_bio_PKCS8_PRIV_KEY_INFO")
                }
                return
            }
            guard passphrase.count <= Int(Int32.max) else {
                throw CryptoError.invalidArgument("passphrase too long")
            }
            let encrypted = ByteBuffers.with(passphrase) { base, count in
                base.withMemoryRebound(to: CChar.self, capacity: max(count, 1)) { characters in
                    // pbe_nid -1 with a cipher selects PBES2; salt nil/0 asks for a random salt
                    // of OpenSSL's default length; the PRF defaults to HMAC-SHA-256.
                    PKCS8_encrypt(-1, EVP_aes_256_cbc(), characters, Int32(count), nil, 0,
                                  Int32(Self.pbkdf2Iterations), info)
                }
            }
            guard let encrypted else { throw OpenSSLErrorQueue.error("PKCS8_encrypt") }
            defer { X509_SIG_free(encrypted) }
            guard PEM_write_bio_PKCS8(bio, encrypted) == 1 else {
                throw OpenSSLErrorQueue.error("PEM_write_bio_PKCS8")
            }
        }
        defer {
            output.withUnsafeMutableBytes { buffer in
                if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A DER ECDSA-Sig-Value (RFC 3279 §2.2.3) over `digest`, a 32-byte SHA-256 digest.
    /// OpenSSL picks a fresh random nonce for every signature.
    ///
    /// - Throws: `CryptoError.invalidArgument` if `digest` is not 32 bytes;
    ///   `CryptoError.openssl` if signing fails.
    public func signature(forDigest digest: some Collection<UInt8>) throws -> [UInt8] {
        try ByteBuffers.with(digest) { base, count in
            try signature(forDigest: UnsafeRawBufferPointer(start: base, count: count))
        }
    }

    /// ``signature(forDigest:)-(Collection<UInt8>)`` of an array, compiled for its concrete
    /// type (the generic looked up type metadata at run time for every signature).
    public func signature(forDigest digest: [UInt8]) throws -> [UInt8] {
        try digest.withUnsafeBytes { try signature(forDigest: $0) }
    }

    private func signature(forDigest digest: UnsafeRawBufferPointer) throws -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Self.maximumSignatureLength)
        let length = try signature.withUnsafeMutableBytes { try self.signature(forDigest: digest, into: $0) }
        signature.removeLast(Self.maximumSignatureLength - length)
        return signature
    }

    /// The longest DER ECDSA-Sig-Value on P-256: two 33-byte INTEGERs in a SEQUENCE.
    public static let maximumSignatureLength = 72

    /// Writes a DER ECDSA-Sig-Value over `digest` (32 bytes) into the start of `buffer`, which
    /// must have room for ``maximumSignatureLength`` bytes, and returns its length: for a caller
    /// that needs the signature only until it is copied into a SignedData, with no array of its
    /// own.
    ///
    /// - Throws: `CryptoError.invalidArgument` if `digest` is not 32 bytes or `buffer` is too
    ///   small; `CryptoError.openssl` if signing fails.
    public func signature(forDigest digest: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        // Clearing the queue walks all sixteen of its slots even when it is empty (some 800
        // instructions, paid for every signed sample); a signature that succeeded has left
        // nothing in it, which one look at the oldest entry tells.
        defer { if ERR_peek_error() != 0 { OpenSSLErrorQueue.clear() } }
        guard digest.count == Digest.sha256ByteCount, let digestBase = digest.baseAddress else {
            throw CryptoError.invalidArgument("an ECDSA P-256 / SHA-256 digest is 32 bytes, not \(digest.count)")
        }
        let maximumLength = Self.maximumSignatureLength
        guard buffer.count >= maximumLength, let output = buffer.baseAddress else {
            throw CryptoError.invalidArgument("a P-256 signature needs room for \(maximumLength) bytes")
        }
        return try ThreadContexts.with(handle.pointer, for: .sign) { context in
            var length = maximumLength
            let status = EVP_PKEY_sign(context, output.assumingMemoryBound(to: UInt8.self), &length,
                                       digestBase.assumingMemoryBound(to: UInt8.self), digest.count)
            guard status == 1, length > 0, length <= maximumLength else {
                throw OpenSSLErrorQueue.error("EVP_PKEY_sign")
            }
            return (succeeded: true, result: length)
        }
    }

    /// A DER ECDSA-Sig-Value over the SHA-256 digest of `message` (`ecdsa-with-SHA256`).
    ///
    /// - Throws: `CryptoError.openssl` if signing fails.
    public func signature(forMessage message: some Collection<UInt8>) throws -> [UInt8] {
        try signature(forDigest: Digest.sha256(message))
    }
}

extension P256PrivateKey: CustomStringConvertible {
    /// Shows only the public key identifier, never private material.
    public var description: String {
        "P256PrivateKey(public key id \(Hex.encode(publicKey.keyIdentifier)))"
    }
}
