import CryptoBackend
import Foundation

/// How to reach private keys named by PKCS#11 URIs (`--pkcs11-module`, `--pin-env`,
/// `--pin-file`): the module and where its PIN comes from, never the command line.
public struct TokenAccess: Sendable {
    /// The PKCS#11 library, as `/usr/lib/softhsm/libsofthsm2.so`.
    public let module: String
    /// Where the token's user PIN comes from (an environment variable or a file's first line).
    public let pin: KeyFiles.PassphraseSource

    public init(module: String, pin: KeyFiles.PassphraseSource) {
        self.module = module
        self.pin = pin
    }

    /// The PIN file, as a list (empty or one path): an input never to be overwritten.
    public var filePaths: [String] { pin.filePaths }
}

extension KeyFiles {
    /// The key `uri` names in a token reached with `token` (docs/TRUST.md, "Keys in hardware").
    /// `option` is the option that named it (`--key`, `--issuer`, `--ca`), for the messages.
    ///
    /// A PIN is required: without one, OpenSSL's pkcs11 engine would prompt on the terminal,
    /// which a command run by a script must never do.
    public static func loadTokenKey(_ uri: String, token: TokenAccess?, option: String) throws(ToolError) -> P256PrivateKey {
        let parsed: PKCS11URI
        do {
            parsed = try PKCS11URI(uri)
        } catch {
            throw .tokenKey(error)
        }
        guard let token else {
            throw .usage("\(option) \(uri) is a key in a PKCS#11 token: give the module with --pkcs11-module")
        }
        if case .none = token.pin {
            throw .usage("\(option) \(uri) is a key in a PKCS#11 token: give its PIN with --pin-env or --pin-file")
        }
        guard var pin = try passphrase(from: token.pin, what: "PIN") else {
            throw .usage("\(option) \(uri): no PIN")
        }
        defer { for index in pin.indices { pin[index] = 0 } }
        do {
            return try P256PrivateKey.inToken(parsed, module: token.module, pin: pin)
        } catch {
            throw .tokenKey(error)
        }
    }

    /// ``loadPrivateKey(_:passphrase:passphraseOption:warning:)`` for a file, ``loadTokenKey(_:token:option:)``
    /// for a `pkcs11:` URI; a file given with token options is refused, since whoever gave them
    /// believes the key is in a token.
    public static func loadKey(_ reference: String, token: TokenAccess?, option: String,
                               passphrase: PassphraseSource = .none, passphraseOption: String = "passphrase",
                               warning: ((String) -> Void)? = nil) throws(ToolError) -> P256PrivateKey {
        if PKCS11URI.isPKCS11URI(reference) {
            return try loadTokenKey(reference, token: token, option: option)
        }
        if token != nil {
            throw .usage("--pkcs11-module, --pin-env and --pin-file are for a key in a token: \(option) \(reference) is a file, "
                         + "not a pkcs11: URI")
        }
        return try loadPrivateKey(reference, passphrase: passphrase, passphraseOption: passphraseOption, warning: warning)
    }
}
