import CryptoBackend

/// The case of a `CryptoError` without its message, so tests can assert the exact case while
/// checking only the relevant part of the human-readable text.
enum CryptoErrorCase: Equatable {
    case invalidKey, unsupportedKey, passphraseRequired, wrongPassphrase, invalidCertificate
    case invalidPEM, invalidCRL, privateKeyNotAllowed, invalidSubject, invalidArgument, chainVerificationFailed, openssl
}

extension CryptoError {
    var errorCase: CryptoErrorCase {
        switch self {
        case .invalidKey: .invalidKey
        case .unsupportedKey: .unsupportedKey
        case .passphraseRequired: .passphraseRequired
        case .wrongPassphrase: .wrongPassphrase
        case .invalidCertificate: .invalidCertificate
        case .invalidPEM: .invalidPEM
        case .invalidCRL: .invalidCRL
        case .privateKeyNotAllowed: .privateKeyNotAllowed
        case .invalidSubject: .invalidSubject
        case .invalidArgument: .invalidArgument
        case .chainVerificationFailed: .chainVerificationFailed
        case .openssl: .openssl
        }
    }

    /// The associated message (or reason), empty for cases without one.
    var message: String {
        switch self {
        case .invalidKey(let text), .unsupportedKey(let text), .invalidCertificate(let text), .invalidPEM(let text), .invalidCRL(let text),
             .privateKeyNotAllowed(let text), .invalidSubject(let text), .invalidArgument(let text):
            text
        case .chainVerificationFailed(let reason, _):
            reason
        case .openssl(_, let detail):
            detail
        case .passphraseRequired, .wrongPassphrase:
            ""
        }
    }
}
