import COpenSSL
import DER
import OwnedMemory

/// An ECDSA public key on NIST P-256 (secp256r1 / prime256v1).
///
/// Every initialiser validates the point (on the curve, not the point at infinity) and refuses
/// keys of other types or curves with `CryptoError.unsupportedKey`. The parsed OpenSSL key is
/// kept, so verifying many signatures does not re-parse it.
///
/// Two keys are equal when their points are equal, however they were encoded on input.
public struct P256PublicKey: Hashable, Sendable {
    let handle: PKeyHandle

    /// The SEC 1 §2.3.3 uncompressed point: 0x04 || X || Y (65 bytes).
    public let x963: [UInt8]

    /// The DER SubjectPublicKeyInfo (RFC 5480): id-ecPublicKey, namedCurve prime256v1,
    /// uncompressed point.
    public let spkiDER: [UInt8]

    /// The RFC 5280 §4.2.1.2 method (1) key identifier: SHA-1 of the subjectPublicKey BIT STRING
    /// value, i.e. of the 65-byte uncompressed point (without tag, length or unused-bits byte).
    /// Equals the Subject Key Identifier OpenSSL writes for `subjectKeyIdentifier=hash`.
    /// Computed once here: verification reports it for every sample.
    public let keyIdentifier: [UInt8]

    /// Wraps an already canonical, validated key (see `P256KeyFactory`).
    init(validatedKey handle: PKeyHandle) throws {
        self.handle = handle
        let point = try P256KeyFactory.encodedPublicPoint(handle.pointer)
        guard point.count == P256KeyFactory.uncompressedPointLength, point.first == 0x04 else {
            throw CryptoError.invalidKey("expected an uncompressed P-256 point, got \(point.count) bytes")
        }
        x963 = point
        keyIdentifier = Digest.sha1(point)
        spkiDER = Self.spkiHeader + point
    }

    /// Builds the canonical key from any EC `EVP_PKEY` OpenSSL decoded (not consumed).
    init(decodedKey pkey: OpaquePointer) throws {
        try P256KeyFactory.requireP256(pkey)
        let point = try P256KeyFactory.encodedPublicPoint(pkey)
        try self.init(x963: point)
    }

    /// Everything of a P-256 SubjectPublicKeyInfo before the 65-byte uncompressed point (RFC 5480
    /// §2): SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING with 0 unused bits }.
    /// With a validated uncompressed point the encoding has no other choice, so it is written
    /// here rather than by `i2d_PUBKEY`, whose OpenSSL 3 encoder look-up costs far more than the
    /// key check itself when many keys are loaded.
    static let spkiHeader: [UInt8] = [
        0x30, 0x59,
        0x30, 0x13,
        0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
        0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07,
        0x03, 0x42, 0x00,
    ]

    /// Parses a DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7, RFC 5480).
    ///
    /// - Throws: `CryptoError.invalidKey` if the bytes are not a single well-formed SPKI or the
    ///   point is invalid; `CryptoError.unsupportedKey` for other key types and curves.
    public init(spkiDER: some Collection<UInt8>) throws {
        defer { OpenSSLErrorQueue.clear() }
        let decoded: OpaquePointer = try ByteBuffers.with(spkiDER) { base, count in
            guard count > 0 else { throw CryptoError.invalidKey("SubjectPublicKeyInfo is empty") }
            var cursor: UnsafePointer<UInt8>? = base
            guard let pkey = d2i_PUBKEY(nil, &cursor, count) else {
                throw CryptoError.invalidKey("SubjectPublicKeyInfo could not be decoded (\(OpenSSLErrorQueue.drain()))")
            }
            let consumed = cursor.map { $0 - base } ?? 0
            guard consumed == count else {
                EVP_PKEY_free(pkey)
                throw CryptoError.invalidKey("\(count - consumed) trailing bytes after the SubjectPublicKeyInfo")
            }
            return pkey
        }
        defer { EVP_PKEY_free(decoded) }
        try self.init(decodedKey: decoded)
    }

    /// Parses a SEC 1 §2.3.3 point: 65 bytes uncompressed (0x04 || X || Y) or 33 bytes
    /// compressed (0x02/0x03 || X).
    ///
    /// - Throws: `CryptoError.invalidKey` for other lengths or prefixes, coordinates outside
    ///   the field, points not on the curve and the point at infinity.
    public init(x963: some Collection<UInt8>) throws {
        defer { OpenSSLErrorQueue.clear() }
        let pkey = try P256KeyFactory.makePublicKey(point: x963)
        try self.init(validatedKey: PKeyHandle(taking: pkey))
    }

    /// Parses PEM text holding exactly one `PUBLIC KEY` block (a SubjectPublicKeyInfo, as
    /// written by `openssl pkey -pubout`).
    ///
    /// - Throws: `CryptoError.invalidPEM` if there is no block, more than one, or a block with
    ///   another label; otherwise as `init(spkiDER:)`.
    public init(pem: String) throws {
        let spki = try PEMReader.singleBlock(in: pem, expecting: "PUBLIC KEY")
        try self.init(spkiDER: spki)
    }

    /// The SubjectPublicKeyInfo as a `PUBLIC KEY` PEM block (64-column base64, trailing newline).
    public var pemString: String {
        PEMWriter.block(label: "PUBLIC KEY", der: spkiDER)
    }

    /// Whether `derSignature` (a DER ECDSA-Sig-Value, RFC 3279 §2.2.3) is a valid signature by
    /// this key over `digest`, a 32-byte SHA-256 digest.
    ///
    /// Returns `false` for a digest that is not 32 bytes and for signatures that are not strict
    /// DER (OpenSSL re-encodes the parsed signature and compares).
    @inlinable
    public func isValidSignature(_ derSignature: some Collection<UInt8>, forDigest digest: some Collection<UInt8>) -> Bool {
        ByteBuffer.withContiguousBytes(of: derSignature) { signature in
            ByteBuffer.withContiguousBytes(of: digest) { isValidSignature(signature, forDigest: $0) }
        }
    }

    /// ``isValidSignature(_:forDigest:)-(Collection,Collection)`` of bytes lent in place: the
    /// CMS verifier reads the signature where it lies in a SignedData and keeps the digest on
    /// its stack.
    public func isValidSignature(_ derSignature: UnsafeRawBufferPointer, forDigest digest: UnsafeRawBufferPointer) -> Bool {
        // A null base (empty bytes) is refused by the length checks before OpenSSL sees it.
        guard let signatureBase = derSignature.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let digestBase = digest.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        return isValidSignature(signatureBase, derSignature.count, forDigest: digestBase, digest.count)
    }

    private func isValidSignature(_ signature: UnsafePointer<UInt8>, _ signatureLength: Int,
                                  forDigest digest: UnsafePointer<UInt8>, _ digestLength: Int) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        // A DER ECDSA-Sig-Value for P-256 is at most 72 bytes; refuse absurd input before
        // calling into OpenSSL.
        guard digestLength == Digest.sha256ByteCount, signatureLength > 0, signatureLength <= 256 else {
            return false
        }
        let valid = try? ThreadContexts.with(handle.pointer, for: .verify) { context in
            let status = EVP_PKEY_verify(context, signature, signatureLength, digest, digestLength)
            // 0 is a signature that does not verify, which leaves the context as it was;
            // anything else is an error inside OpenSSL, after which it is not reused.
            return (succeeded: status == 1 || status == 0, result: status == 1)
        }
        return valid ?? false
    }

    /// Whether `derSignature` is a valid signature by this key over the SHA-256 digest of
    /// `message` (ECDSA with SHA-256, as in `ecdsa-with-SHA256`).
    public func isValidSignature(_ derSignature: some Collection<UInt8>, forMessage message: some Collection<UInt8>) -> Bool {
        isValidSignature(derSignature, forDigest: Digest.sha256(message))
    }

    /// Keys are equal when their uncompressed points are equal.
    public static func == (lhs: P256PublicKey, rhs: P256PublicKey) -> Bool {
        lhs.x963 == rhs.x963
    }

    /// Hashes the uncompressed point.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x963)
    }
}

extension P256PublicKey: CustomStringConvertible {
    /// The RFC 5280 key identifier in hex.
    public var description: String {
        "P256PublicKey(key id \(Hex.encode(keyIdentifier)))"
    }
}
