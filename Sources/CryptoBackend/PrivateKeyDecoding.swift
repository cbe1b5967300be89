import COpenSSL

/// Decoding of the private key formats `P256PrivateKey` accepts. Every function returns an
/// `EVP_PKEY` owned by the caller, not yet checked for curve or validity.
enum PrivateKeyDecoding {
    /// Decodes one PEM block whose label ends in "PRIVATE KEY".
    static func decode(_ block: PEMBlockView, passphrase: [UInt8]?) throws -> OpaquePointer {
        switch block.label {
        case "PRIVATE KEY":
            try requireNoHeaders(block)
            return try decodePKCS8(block.data, block.length)
        case "ENCRYPTED PRIVATE KEY":
            try requireNoHeaders(block)
            guard let passphrase else { throw CryptoError.passphraseRequired }
            return try decodeEncryptedPKCS8(block.data, block.length, passphrase: passphrase)
        case "EC PRIVATE KEY":
            return try decodeSEC1(block, passphrase: passphrase)
        default:
            // "RSA PRIVATE KEY", "DSA PRIVATE KEY", "OPENSSH PRIVATE KEY", ...
            let kind = block.label.dropLast(" PRIVATE KEY".count)
            throw CryptoError.unsupportedKey(kind.isEmpty ? "\(block.label) block" : "\(kind) private key")
        }
    }

    /// PKCS#8 PrivateKeyInfo (RFC 5208 §5), which must fill the whole buffer.
    static func decodePKCS8(_ base: UnsafePointer<UInt8>, _ count: Int) throws -> OpaquePointer {
        guard count > 0 else { throw CryptoError.invalidKey("PKCS#8 PrivateKeyInfo is empty") }
        var cursor: UnsafePointer<UInt8>? = base
        guard let info = d2i_PKCS8_PRIV_KEY_INFO(nil, &cursor, count) else {
            throw CryptoError.invalidKey("PKCS#8 PrivateKeyInfo could not be decoded (\(OpenSSLErrorQueue.drain()))")
        }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        try requireFullyConsumed(base, count, cursor, what: "PKCS#8 PrivateKeyInfo")
        guard let pkey = EVP_PKCS82PKEY(info) else {
            // Unknown algorithms end up here as well as malformed EC keys.
            throw CryptoError.invalidKey("PKCS#8 key could not be loaded (\(OpenSSLErrorQueue.drain()))")
        }
        return pkey
    }

    /// PKCS#8 EncryptedPrivateKeyInfo (RFC 5208 §6) decrypted with `passphrase`.
    static func decodeEncryptedPKCS8(
        _ base: UnsafePointer<UInt8>,
        _ count: Int,
        passphrase: [UInt8]
    ) throws -> OpaquePointer {
        var cursor: UnsafePointer<UInt8>? = base
        guard count > 0, let encrypted = d2i_X509_SIG(nil, &cursor, count) else {
            throw CryptoError.invalidKey("PKCS#8 EncryptedPrivateKeyInfo could not be decoded (\(OpenSSLErrorQueue.drain()))")
        }
        defer { X509_SIG_free(encrypted) }
        try requireFullyConsumed(base, count, cursor, what: "PKCS#8 EncryptedPrivateKeyInfo")
        guard passphrase.count <= Int(Int32.max) else { throw CryptoError.wrongPassphrase }
        let info = ByteBuffers.with(passphrase) { passBase, passCount in
            passBase.withMemoryRebound(to: CChar.self, capacity: max(passCount, 1)) { characters in
                PKCS8_decrypt(encrypted, characters, Int32(passCount))
            }
        }
        guard let info else {
            throw classifyDecryptionFailure(OpenSSLErrorQueue.drainEntries())
        }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        guard let pkey = EVP_PKCS82PKEY(info) else {
            throw CryptoError.invalidKey("decrypted PKCS#8 key could not be loaded (\(OpenSSLErrorQueue.drain()))")
        }
        return pkey
    }

    /// SEC 1 ECPrivateKey (RFC 5915), optionally encrypted with OpenSSL's legacy RFC 1421
    /// `Proc-Type: 4,ENCRYPTED` / `DEK-Info` headers (decrypted in place in `block.data`).
    static func decodeSEC1(_ block: PEMBlockView, passphrase: [UInt8]?) throws -> OpaquePointer {
        var length = block.length
        if block.hasHeaders {
            var cipherInfo = EVP_CIPHER_INFO()
            guard PEM_get_EVP_CIPHER_INFO(block.header, &cipherInfo) == 1 else {
                throw CryptoError.invalidPEM("unsupported PEM encryption headers (\(OpenSSLErrorQueue.drain()))")
            }
            if cipherInfo.cipher != nil {
                guard let passphrase else { throw CryptoError.passphraseRequired }
                var source = LegacyPassphrase(bytes: passphrase)
                let status = withUnsafeMutablePointer(to: &source) { sourcePointer in
                    PEM_do_header(&cipherInfo, block.data, &length, legacyPassphraseCallback, sourcePointer)
                }
                guard status == 1 else {
                    throw classifyDecryptionFailure(OpenSSLErrorQueue.drainEntries())
                }
            }
        }
        guard length > 0 else { throw CryptoError.invalidKey("ECPrivateKey is empty") }
        var cursor: UnsafePointer<UInt8>? = UnsafePointer(block.data)
        guard let pkey = d2i_PrivateKey(EVP_PKEY_EC, nil, &cursor, length) else {
            let entries = OpenSSLErrorQueue.drainEntries()
            // After legacy decryption with a wrong passphrase, the padding check usually
            // fails; if it happens to pass, the garbage fails to parse here instead.
            if block.hasHeaders { throw CryptoError.wrongPassphrase }
            throw CryptoError.invalidKey("SEC 1 ECPrivateKey could not be decoded (\(OpenSSLErrorQueue.describe(entries)))")
        }
        do {
            try requireFullyConsumed(UnsafePointer(block.data), length, cursor, what: "SEC 1 ECPrivateKey")
        } catch {
            EVP_PKEY_free(pkey)
            throw error
        }
        return pkey
    }

    // MARK: - Helpers

    private static func requireNoHeaders(_ block: PEMBlockView) throws {
        guard !block.hasHeaders else {
            throw CryptoError.invalidPEM("unexpected RFC 1421 headers in a \(block.label) block")
        }
    }

    private static func requireFullyConsumed(
        _ base: UnsafePointer<UInt8>,
        _ count: Int,
        _ cursor: UnsafePointer<UInt8>?,
        what: String
    ) throws {
        let consumed = cursor.map { $0 - base } ?? 0
        guard consumed == count else {
            throw CryptoError.invalidKey("\(count - consumed) trailing bytes after the \(what)")
        }
    }

    /// Decides whether a failed decryption means "wrong passphrase" or "cannot decrypt this at
    /// all". A wrong passphrase shows up as bad CBC padding ("bad decrypt") or, when the
    /// padding happens to be valid, as garbage that does not parse; an algorithm the provider
    /// lacks shows up as "unsupported" / "unknown" errors.
    static func classifyDecryptionFailure(_ entries: [OpenSSLErrorEntry]) -> CryptoError {
        let unsupported = entries.contains { entry in
            let text = entry.text.lowercased()
            return text.contains("unsupported") || text.contains("unknown") || text.contains("not supported")
        }
        if unsupported {
            return .unsupportedKey("key encryption algorithm not available (\(OpenSSLErrorQueue.describe(entries)))")
        }
        return .wrongPassphrase
    }
}

/// The passphrase handed to OpenSSL's legacy PEM decryption through its `void *` argument.
private struct LegacyPassphrase {
    let bytes: [UInt8]
}

/// `pem_password_cb` that copies the passphrase from a `LegacyPassphrase` into OpenSSL's buffer.
private func legacyPassphraseCallback(
    _ buffer: UnsafeMutablePointer<CChar>?,
    _ size: Int32,
    _ writing: Int32,
    _ user: UnsafeMutableRawPointer?
) -> Int32 {
    guard let buffer, let user else { return -1 }
    let source = user.assumingMemoryBound(to: LegacyPassphrase.self)
    let bytes = source.pointee.bytes
    guard bytes.count <= Int(size) else { return -1 }
    bytes.withUnsafeBytes { raw in
        if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: raw.count) }
    }
    return Int32(bytes.count)
}
