import CMS
import CryptoBackend

/// Where `healthsig timestamp` gets a TimeStampToken for an imprint: its own TSA key
/// (``LocalTimeStampSource``) or a TSA over HTTP (``HTTPTimeStampSource``).
public protocol TimeStampSource {
    /// A token (DER ContentInfo) whose messageImprint is `imprint` (SHA-256).
    func token(imprint: [UInt8]) throws(ToolError) -> [UInt8]
}

/// A gateway that is its own TSA: tokens issued with its key and TSA certificate.
public struct LocalTimeStampSource: TimeStampSource {
    public let authority: TimeStampAuthority

    /// The source of the key and certificate files (`--tsa-key`, `--tsa-cert`).
    public init(keyPath: String, certificatePath: String, passphrase: KeyFiles.PassphraseSource = .none) throws(ToolError) {
        let key = try KeyFiles.loadPrivateKey(keyPath, passphrase: passphrase)
        let certificate = try KeyFiles.loadCertificate(certificatePath)
        do {
            authority = try TimeStampAuthority(key: key, certificate: certificate)
        } catch {
            throw .keyMaterial(path: certificatePath, reason: "\(error)")
        }
    }

    public func token(imprint: [UInt8]) throws(ToolError) -> [UInt8] {
        do {
            return try authority.token(imprint: imprint)
        } catch {
            throw .usage("cannot issue a timestamp token: \(error)")
        }
    }
}
