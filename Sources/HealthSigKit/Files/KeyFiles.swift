import CryptoBackend
import DER
import Foundation

/// Loading signing keys and writing new ones (`healthsig keygen`).
public enum KeyFiles {
    /// Where a passphrase comes from. Never the command line: argv is visible to other users.
    public enum PassphraseSource: Sendable {
        case none
        /// The named environment variable.
        case environment(String)
        /// The first line of a file.
        case file(String)

        /// The passphrase file, as a list (empty or one path): an input never to be overwritten.
        public var filePaths: [String] {
            if case .file(let path) = self { return [path] }
            return []
        }
    }

    /// Reads the passphrase, if any; `what` names the secret in messages (a token's PIN is read the same way).
    public static func passphrase(from source: PassphraseSource, what: String = "passphrase") throws(ToolError) -> [UInt8]? {
        switch source {
        case .none:
            return nil
        case .environment(let name):
            guard let value = ProcessInfo.processInfo.environment[name] else {
                throw .usage("environment variable \(name) (\(what)) is not set")
            }
            return Array(value.utf8)
        case .file(let path):
            // Split the bytes, not the String: "\r\n" is one Character, so a String split on
            // "\n" would keep a CRLF file whole.
            let bytes = Array(try FileAccess.readText(path).utf8)
            var firstLine = bytes.prefix { $0 != 0x0A }
            if firstLine.last == 0x0D { firstLine.removeLast() }
            return Array(firstLine)
        }
    }

    /// Loads a P-256 private key (PKCS#8, encrypted PKCS#8 or SEC1 PEM). `passphraseOption`
    /// names the options that give its passphrase (`passphrase`: `--passphrase-env` and
    /// `--passphrase-file`; `issuer-passphrase` for a CA key), for the message when it is missing.
    ///
    /// A passphrase given for a key that is not encrypted is not used; `warning` is told so, since
    /// whoever gave it may believe the key protected. (The key is read once: it may be a pipe.)
    public static func loadPrivateKey(_ path: String, passphrase: PassphraseSource = .none,
                                      passphraseOption: String = "passphrase",
                                      warning: ((String) -> Void)? = nil) throws(ToolError) -> P256PrivateKey {
        let text = try FileAccess.readText(path)
        let secret = try self.passphrase(from: passphrase)
        if secret != nil, let warning, let key = try? P256PrivateKey(pem: text, passphrase: nil) {
            let option = if case .file = passphrase { "--\(passphraseOption)-file" } else { "--\(passphraseOption)-env" }
            warning("\(path) is not encrypted; the passphrase given with \(option) is not used")
            return key
        }
        do {
            return try P256PrivateKey(pem: text, passphrase: secret)
        } catch let error as CryptoError {
            switch error {
            case .passphraseRequired:
                throw .keyMaterial(path: path, reason: "the key is encrypted: give --\(passphraseOption)-env or "
                                   + "--\(passphraseOption)-file")
            case .wrongPassphrase:
                throw .keyMaterial(path: path, reason: "wrong passphrase")
            default:
                throw .keyMaterial(path: path, reason: error.description)
            }
        } catch {
            throw .keyMaterial(path: path, reason: "\(error)")
        }
    }

    /// Loads a certificate (PEM or DER).
    public static func loadCertificate(_ path: String) throws(ToolError) -> Certificate {
        let bytes = try FileAccess.readBytes(path)
        do {
            if let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN") {
                return try Certificate(pem: text)
            }
            return try Certificate(derEncoded: bytes)
        } catch {
            throw .keyMaterial(path: path, reason: "\(error)")
        }
    }

    /// What `keygen` wrote.
    public struct GeneratedKey: Sendable {
        public let privateKeyPath: String
        public let publicKeyPath: String
        public let certificatePath: String?
        public let keyIdentifierHex: String
        /// Things the caller should tell the user (a device certificate whose validity starts
        /// before its CA's, where the chain cannot verify).
        public let warnings: [String]
    }

    /// Which certificate `keygen` makes for the new key.
    public enum CertificateRole: Sendable {
        /// Self-signed, cA FALSE: a device certificate trusted by itself (`--cert`).
        case selfSigned
        /// Self-signed, cA TRUE: a vendor CA that issues device certificates (`--ca`).
        case authority
        /// Issued by the CA in `certificatePath` with its key (`--issuer`): a device certificate
        /// that chains to the CA.
        case issued(certificatePath: String, keyPath: String, passphrase: PassphraseSource)
    }

    /// The CA certificate and key files of `--issuer BASE`: `BASE.cert.pem` and `BASE.key.pem`,
    /// as `keygen --ca` writes them; either file's own path is accepted for BASE too.
    public static func issuerFiles(_ base: String) -> (certificatePath: String, keyPath: String) {
        var stem = base
        for suffix in [".cert.pem", ".key.pem", ".pub.pem"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        return (stem + ".cert.pem", stem + ".key.pem")
    }

    /// Generates a P-256 key pair and writes `NAME.key.pem` (PKCS#8, mode 0600, encrypted when a
    /// passphrase is given), `NAME.pub.pem` and, when `certificateSubject` is set,
    /// `NAME.cert.pem` of the given `role`, with subjectKeyIdentifier and authorityKeyIdentifier
    /// extensions, valid from `notBefore` (now when `nil`) for `days` days. Existing files are
    /// never overwritten. An `.issued` role's key may be a `pkcs11:` URI, reached with `issuerToken`.
    /// `timeStamping` makes an issued certificate a time-stamp authority's (`keygen --tsa`:
    /// extendedKeyUsage critical id-kp-timeStamping).
    public static func generate(directory: String, name: String, certificateSubject: String?, days: Int,
                                notBefore: Date? = nil, passphrase: PassphraseSource = .none,
                                role: CertificateRole = .selfSigned, issuerToken: TokenAccess? = nil,
                                timeStamping: Bool = false) throws(ToolError) -> GeneratedKey {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw .usage("--name must be a plain file name, not '\(name)'")
        }
        let base = (directory as NSString).appendingPathComponent(name)
        let keyPath = base + ".key.pem", pubPath = base + ".pub.pem", certPath = base + ".cert.pem"
        // `lstat`, not `stat`: a symbolic link is an existing entry even when it names nothing
        // yet; following it would write a private key wherever the link points.
        for path in [keyPath, pubPath] + (certificateSubject == nil ? [] : [certPath]) {
            var info = stat()
            if lstat(path, &info) == 0 {
                throw .io(path: path, reason: "already exists; refusing to overwrite a key")
            }
        }
        let secret = try self.passphrase(from: passphrase)
        // An empty passphrase (variable set but empty, empty file) is almost certainly a
        // mistake; encrypting with it would only look protected.
        if let secret, secret.isEmpty {
            throw .usage("the passphrase is empty; refusing to encrypt the key with it")
        }
        var warnings: [String] = []
        var issuer: (certificate: Certificate, key: P256PrivateKey)?
        if certificateSubject != nil, case .issued(let certificatePath, let issuerKeyPath, let issuerPassphrase) = role {
            issuer = (try loadCertificate(certificatePath), try loadKey(issuerKeyPath, token: issuerToken, option: "--issuer",
                                                                     passphrase: issuerPassphrase,
                                                                     passphraseOption: "issuer-passphrase",
                                                                     warning: { warnings.append($0) }))
        }
        let key: P256PrivateKey
        let keyPEM: String
        var certPEM: String?
        do {
            key = try P256PrivateKey.generate()
            keyPEM = try key.pkcs8PEM(passphrase: secret)
        } catch {
            throw .keyMaterial(path: base, reason: "\(error)")
        }
        if let subject = certificateSubject {
            do {
                let certificate: Certificate
                if let issuer {
                    certificate = try Certificate.issued(for: key.publicKey, subject: subject, days: days, notBefore: notBefore,
                                                         issuer: issuer.certificate, issuerKey: issuer.key,
                                                         timeStamping: timeStamping)
                    warnings += outsideIssuerWarnings(certificate, issuer: issuer.certificate)
                } else if case .authority = role {
                    certificate = try Certificate.certificateAuthority(privateKey: key, subject: subject, days: days,
                                                                       notBefore: notBefore)
                } else {
                    certificate = try Certificate.selfSigned(privateKey: key, subject: subject, days: days,
                                                             notBefore: notBefore)
                }
                certPEM = certificate.pemString
            } catch {
                throw .keyMaterial(path: base, reason: "\(error)")
            }
        }
        // Created only now, so a refused subject, lifetime or passphrase leaves no trace.
        var isDirectory: ObjCBool = false
        let directoryExisted = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
        if directoryExisted, !isDirectory.boolValue {
            throw .io(path: directory, reason: "exists and is not a directory")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .io(path: directory, reason: FileAccess.reason(error))
        }
        // All or nothing: a key pair half written (a private key without its public key, say)
        // would be refused by the next keygen with the same name yet be unusable.
        var written: [String] = []
        do {
            try OutputFiles.write(Array(keyPEM.utf8), to: keyPath, permissions: 0o600)
            written.append(keyPath)
            try OutputFiles.write(Array(key.publicKey.pemString.utf8), to: pubPath)
            written.append(pubPath)
            if let certPEM { try OutputFiles.write(Array(certPEM.utf8), to: certPath) }
        } catch {
            for path in written { try? FileManager.default.removeItem(atPath: path) }
            if !directoryExisted { try? FileManager.default.removeItem(atPath: directory) }
            throw error
        }
        return GeneratedKey(privateKeyPath: keyPath, publicKeyPath: pubPath,
                            certificatePath: certPEM == nil ? nil : certPath,
                            keyIdentifierHex: Hex.encode(key.publicKey.keyIdentifier), warnings: warnings)
    }

    /// A chain is checked at each reading's time, every certificate on it at once
    /// (docs/VERIFY.md, "Certificate time"): where the device certificate's period starts
    /// before its CA's, readings dated there cannot verify, though the device certificate
    /// looks valid to `sign`. (A period ending after the CA's is the usual result of two
    /// default `--days` and matters only years later; it is not warned about.)
    static func outsideIssuerWarnings(_ certificate: Certificate, issuer: Certificate) -> [String] {
        var warnings: [String] = []
        if certificate.notBefore < issuer.notBefore {
            warnings.append("the device certificate is valid from \(ReportTime.rfc3339(certificate.notBefore)) but its CA "
                            + "\(issuer.subject) only from \(ReportTime.rfc3339(issuer.notBefore)): readings dated before "
                            + "\(ReportTime.rfc3339(issuer.notBefore)) will not verify through the CA; make the CA with an "
                            + "earlier keygen --ca --not-before")
        }
        return warnings
    }
}
