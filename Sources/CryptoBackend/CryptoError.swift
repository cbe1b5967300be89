/// Everything that can go wrong in CryptoBackend.
///
/// Messages describe *what* was wrong and *where* (PEM block number and line, which curve, which
/// field) but never contain key material, passphrases or digests of secrets. Tests should match
/// on the case; the associated strings are for people.
public enum CryptoError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Key bytes that could not be decoded or that fail validation (not on the curve, point at
    /// infinity, wrong length, private scalar out of range, public half not matching the private).
    case invalidKey(String)
    /// A well-formed key of a kind this toolkit does not use: another curve (the message names
    /// it, e.g. `secp384r1`), RSA, Ed25519, or explicitly encoded curve parameters.
    case unsupportedKey(String)
    /// The private key is encrypted and no passphrase was supplied.
    case passphraseRequired
    /// The private key is encrypted and the passphrase does not decrypt it.
    case wrongPassphrase
    /// Certificate bytes that OpenSSL cannot parse, or that are not DER.
    case invalidCertificate(String)
    /// CRL bytes that are not strict DER, that OpenSSL cannot parse, or whose entries or
    /// extensions are malformed; or a CRL that cannot be issued as asked (see the message).
    case invalidCRL(String)
    /// PEM text that is empty, malformed, has an unexpected label or holds the wrong number of
    /// blocks. The message says which block (1-based) and on which line it starts.
    case invalidPEM(String)
    /// A PRIVATE KEY block found where only public material is allowed (a trust bundle). Such a
    /// block is never loaded as trust.
    case privateKeyNotAllowed(String)
    /// A distinguished-name string (`"CN=Foo,O=Bar"` or `"/O=Bar/CN=Foo"`) that cannot be used.
    case invalidSubject(String)
    /// A caller-supplied parameter outside its allowed range (digest length, validity days,
    /// serial number encoding).
    case invalidArgument(String)
    /// X.509 path validation failed; `reason` is OpenSSL's verify error string plus the subject
    /// of the certificate concerned, `depth` is its position in the chain (0 = leaf).
    case chainVerificationFailed(reason: String, depth: Int)
    /// An OpenSSL call failed for a reason not covered above. `detail` is the drained OpenSSL
    /// error queue.
    case openssl(function: String, detail: String)

    /// A one-line, human-readable explanation.
    public var description: String {
        switch self {
        case .invalidKey(let message):
            return "invalid key: \(message)"
        case .unsupportedKey(let message):
            return "unsupported key: \(message); only ECDSA P-256 (prime256v1) keys are supported"
        case .passphraseRequired:
            return "the private key is encrypted; a passphrase is required"
        case .wrongPassphrase:
            return "the passphrase does not decrypt the private key"
        case .invalidCertificate(let message):
            return "invalid certificate: \(message)"
        case .invalidCRL(let message):
            return "invalid CRL: \(message)"
        case .invalidPEM(let message):
            return "invalid PEM: \(message)"
        case .privateKeyNotAllowed(let message):
            return "private key not allowed here: \(message)"
        case .invalidSubject(let message):
            return "invalid subject name: \(message)"
        case .invalidArgument(let message):
            return "invalid argument: \(message)"
        case .chainVerificationFailed(let reason, let depth):
            return "certificate chain verification failed at depth \(depth): \(reason)"
        case .openssl(let function, let detail):
            return "OpenSSL \(function) failed: \(detail)"
        }
    }

    /// The same error with `location` (e.g. "PEM block 2, line 14") put in front of its message,
    /// for errors raised while handling one part of a larger input.
    func located(_ location: String) -> CryptoError {
        switch self {
        case .invalidKey(let message): return .invalidKey("\(location): \(message)")
        case .unsupportedKey(let message): return .unsupportedKey("\(location): \(message)")
        case .invalidCertificate(let message): return .invalidCertificate("\(location): \(message)")
        case .invalidPEM(let message): return .invalidPEM("\(location): \(message)")
        case .invalidCRL(let message): return .invalidCRL("\(location): \(message)")
        case .privateKeyNotAllowed(let message): return .privateKeyNotAllowed("\(location): \(message)")
        case .invalidSubject(let message): return .invalidSubject("\(location): \(message)")
        case .invalidArgument(let message): return .invalidArgument("\(location): \(message)")
        case .openssl(let function, let detail): return .openssl(function: function, detail: "\(location): \(detail)")
        case .passphraseRequired, .wrongPassphrase, .chainVerificationFailed:
            return self
        }
    }
}
