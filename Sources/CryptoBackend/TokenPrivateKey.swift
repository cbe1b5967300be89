import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension P256PrivateKey {
    /// The P-256 private key `uri` names in a PKCS#11 token, reached through OpenSSL's pkcs11
    /// engine (libp11) driving the PKCS#11 library `module` (as SoftHSM2's
    /// `/usr/lib/softhsm/libsofthsm2.so`), logged in with `pin`.
    ///
    /// The private key never leaves the token: every signature made with the returned key (CMS,
    /// certificates, CRLs) is computed inside it; only the public point is read out.
    /// ``isInToken`` is true, so `SignedDataBuilder` checks each signature under the public key.
    ///
    /// The engine and the module stay loaded for the rest of the process: libp11 unloads the
    /// module when its last engine reference goes, which would leave a key still in use
    /// pointing into unloaded code.
    ///
    /// - Throws: `TokenKeyError` naming the problem: `moduleUnavailable` (no engine, no such
    ///   module), `wrongPIN`, `pinLocked`, `objectNotFound`, `unsupportedKey` (not P-256),
    ///   `tokenFailure` otherwise.
    public static func inToken(_ uri: PKCS11URI, module: String, pin: [UInt8]?) throws(TokenKeyError) -> P256PrivateKey {
        defer { OpenSSLErrorQueue.clear() }
        OpenSSLErrorQueue.clear()
        // libp11 loads the module only when the first key is asked for, and then prints the
        // loader's complaint on standard error itself; a module that is not there is said here.
        guard access(module, R_OK) == 0 else {
            throw .moduleUnavailable(module: module, detail: String(cString: strerror(errno)))
        }
        if let pin, pin.contains(0) {
            throw .tokenFailure(uri: uri.text, detail: "the PIN holds a NUL byte")
        }
        let engine: OpaquePointer? = module.withCString { modulePath in
            guard let pin else { return healthsig_pkcs11_engine_open(modulePath, nil) }
            var terminated = pin + [0]
            defer { terminated.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
            return terminated.withUnsafeBytes { bytes in
                healthsig_pkcs11_engine_open(modulePath, bytes.bindMemory(to: CChar.self).baseAddress)
            }
        }
        guard let engine else {
            throw .moduleUnavailable(module: module, detail: OpenSSLErrorQueue.drain())
        }
        guard let pkey = uri.text.withCString({ healthsig_pkcs11_load_private_key(engine, $0) }) else {
            throw loadFailure(uri, module: module, OpenSSLErrorQueue.drainEntries())
        }
        do {
            try P256KeyFactory.requireP256(pkey)
            return try P256PrivateKey(tokenKey: pkey)
        } catch let error as CryptoError {
            EVP_PKEY_free(pkey)
            throw .unsupportedKey(uri: uri.text, reason: error.description)
        } catch {
            EVP_PKEY_free(pkey)
            throw .tokenFailure(uri: uri.text, detail: "\(error)")
        }
    }

    /// Wraps a key whose operations run in a token, taking ownership. Unlike a decoded key it is
    /// not canonicalised: that would need the private scalar, which the token keeps.
    private init(tokenKey pkey: OpaquePointer) throws {
        handle = PKeyHandle(taking: pkey)
        publicKey = try P256PublicKey(x963: P256KeyFactory.encodedPublicPoint(pkey))
        isInToken = true
    }

    /// Which failure libp11 reported. Its reasons are known only by their text (the PKCS#11
    /// return value's name, or the engine's "object not found"): libp11 registers its error
    /// library codes at run time.
    private static func loadFailure(_ uri: PKCS11URI, module: String, _ entries: [OpenSSLErrorEntry]) -> TokenKeyError {
        let text = OpenSSLErrorQueue.describe(entries)
        let lowered = text.lowercased()
        if lowered.contains("pin incorrect") || lowered.contains("pin_incorrect") { return .wrongPIN(uri: uri.text) }
        if lowered.contains("pin locked") || lowered.contains("pin_locked") { return .pinLocked(uri: uri.text) }
        if lowered.contains("object not found") { return .objectNotFound(uri: uri.text) }
        if lowered.contains("unable to load pkcs#11 module") { return .moduleUnavailable(module: module, detail: text) }
        return .tokenFailure(uri: uri.text, detail: text)
    }
}
