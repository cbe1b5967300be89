/// Everything that can go wrong reaching a private key in a PKCS#11 token.
///
/// Messages name the URI, module or token concerned, never the PIN.
public enum TokenKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not a usable PKCS#11 URI (RFC 7512); `reason` says why.
    case invalidURI(uri: String, reason: String)
    /// OpenSSL's pkcs11 engine (libp11) or the PKCS#11 module could not be loaded or initialised.
    case moduleUnavailable(module: String, detail: String)
    /// The token refused the PIN (CKR_PIN_INCORRECT).
    case wrongPIN(uri: String)
    /// The token's PIN is locked after too many wrong attempts (CKR_PIN_LOCKED).
    case pinLocked(uri: String)
    /// No token matches the URI, or the token holds no private key matching it.
    case objectNotFound(uri: String)
    /// The key in the token is not an ECDSA P-256 key (the message says what it is).
    case unsupportedKey(uri: String, reason: String)
    /// Another failure of the token or the engine; `detail` is OpenSSL's error queue.
    case tokenFailure(uri: String, detail: String)

    public var description: String {
        switch self {
        case .invalidURI(let uri, let reason):
            "invalid PKCS#11 URI \(uri): \(reason)"
        case .moduleUnavailable(let module, let detail):
            "cannot use PKCS#11 module \(module) through OpenSSL's pkcs11 engine: \(detail)"
        case .wrongPIN(let uri):
            "the token refused the PIN for \(uri) (wrong PIN)"
        case .pinLocked(let uri):
            "the token's PIN is locked (too many wrong PINs) for \(uri)"
        case .objectNotFound(let uri):
            "no private key matches \(uri) (no such token, or no such object in it)"
        case .unsupportedKey(let uri, let reason):
            "the key \(uri) is not usable: \(reason); only ECDSA P-256 (prime256v1) keys are supported"
        case .tokenFailure(let uri, let detail):
            "the token failed for \(uri): \(detail)"
        }
    }
}
