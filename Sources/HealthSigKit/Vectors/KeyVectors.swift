import CryptoBackend
import Foundation
import SampleIO

/// `keys.json`: key and certificate encodings that must load as a P-256 key (with the expected
/// key identifier) and those that must be refused (with the `CryptoError` case).
///
/// A test holds `format` and its input: `pem` (text), `der` (hex) or `point` (hex SEC 1 point),
/// optionally `passphrase`; then `result` `valid` with `keyId`, or `invalid` with `error`.
/// Formats: `spki-pem`, `spki-der`, `point`, `private-pem` (PKCS#8, encrypted PKCS#8 or SEC 1 by
/// its label), `pkcs8-der`, `certificate-pem`, `certificate-der`, `trust-pem` (a trust bundle).
package struct KeyVectors: VectorFamily {
    package let family = "keys"

    package init() {}

    package func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome {
        let got: (result: String, detail: String)
        do {
            got = ("valid", VectorHex.encode(try load(test).keyIdentifier))
        } catch let error as CryptoError {
            got = ("invalid", Self.caseName(error))
        } catch let error as VectorInputError {
            return .disagree(error.message)
        } catch {
            got = ("invalid", "\(type(of: error)): \(error)")
        }
        var outcome = VectorOutcome()
        let expected = test.string("result") ?? "(missing)"
        outcome.compare(nil, expected: expected, got: got.result)
        if outcome.disagreements.isEmpty {
            outcome.compare(expected == "valid" ? "keyId" : "error",
                            expected: test.string(expected == "valid" ? "keyId" : "error") ?? "(missing)", got: got.detail)
        } else {
            outcome.disagreements[0] += " (\(got.detail))"
        }
        return outcome
    }

    /// Loads the test's input the way its `format` says.
    private func load(_ test: JSONObject) throws -> P256PublicKey {
        let format = test.string("format") ?? ""
        func text() throws -> String {
            guard let pem = test.string("pem") else { throw VectorInputError("format \(format) needs pem") }
            return pem
        }
        func bytes(_ field: String) throws -> [UInt8] {
            guard let hex = test.string(field), let bytes = VectorHex.decode(hex) else {
                throw VectorInputError("format \(format) needs \(field) as hex")
            }
            return bytes
        }
        switch format {
        case "spki-pem": return try P256PublicKey(pem: try text())
        case "spki-der": return try P256PublicKey(spkiDER: try bytes("der"))
        case "point": return try P256PublicKey(x963: try bytes("point"))
        case "private-pem":
            return try P256PrivateKey(pem: try text(), passphrase: test.string("passphrase").map { Array($0.utf8) }).publicKey
        case "pkcs8-der": return try P256PrivateKey(derPKCS8: try bytes("der")).publicKey
        case "certificate-pem": return try Certificate(pem: try text()).p256PublicKey()
        case "certificate-der": return try Certificate(derEncoded: try bytes("der")).p256PublicKey()
        case "trust-pem":
            let items = try PEMBundle.parse(try text())
            guard items.count == 1 else { throw VectorInputError("a trust-pem test must hold one item, found \(items.count)") }
            switch items[0] {
            case .publicKey(let key): return key
            case .certificate(let certificate): return try certificate.p256PublicKey()
            }
        default:
            throw VectorInputError("unknown format '\(format)'")
        }
    }

    /// The case name of a `CryptoError` (`invalidKey`, `unsupportedKey`, …), as `error` holds it.
    static func caseName(_ error: CryptoError) -> String {
        switch error {
        case .invalidKey: return "invalidKey"
        case .unsupportedKey: return "unsupportedKey"
        case .passphraseRequired: return "passphraseRequired"
        case .wrongPassphrase: return "wrongPassphrase"
        case .invalidCertificate: return "invalidCertificate"
        case .invalidPEM: return "invalidPEM"
        case .invalidCRL: return "invalidCRL"
        case .privateKeyNotAllowed: return "privateKeyNotAllowed"
        case .invalidSubject: return "invalidSubject"
        case .invalidArgument: return "invalidArgument"
        case .chainVerificationFailed: return "chainVerificationFailed"
        case .openssl: return "openssl"
        }
    }
}
