import CryptoBackend
import Foundation

/// The suite's published TEST keys, kept in `TestVectors/test-keys/` so that regenerating adds
/// tests signed by the same keys as the existing ones.
///
/// Every file is created once, with the `openssl` tool, the first time it is needed, and read
/// back on later runs. The names start with `TEST-ONLY-`: the private keys are public on
/// purpose and must never be trusted outside the suite.
final class TestKeyStore {
    /// `…/test-keys`.
    let directory: URL
    private let openssl: () throws -> OpenSSLCommandLine

    init(directory: URL, openssl: @escaping () throws -> OpenSSLCommandLine) {
        self.directory = directory
        self.openssl = openssl
    }

    /// Subject names of the suite's certificates (OpenSSL `-subj` syntax).
    enum Subject {
        static let signerB = "/O=healthsig test vectors/CN=TEST signer B - never trust"
        static let certificateAuthority = "/O=healthsig test vectors/CN=TEST CA - never trust"
        static let leaf = "/O=healthsig test vectors/CN=TEST device leaf - never trust"
        static let untrusted = "/O=healthsig test vectors/CN=TEST untrusted signer"
    }

    /// Signer A: trusted as a bare public key (the profile's usual case, sid = key identifier).
    private(set) lazy var signerA: Result<P256PrivateKey, Error> = Result { try privateKey("signer-a") }
    /// Signer B: trusted through its self-signed certificate (issuer and serial number sids).
    private(set) lazy var signerB: Result<(P256PrivateKey, Certificate), Error> = Result {
        let key = try privateKey("signer-b")
        return (key, try certificate("signer-b", key: "signer-b", subject: Subject.signerB, serial: "0x1001",
                                     issuer: nil, extensions: "ext_signer"))
    }
    /// A signer nobody trusts, with a self-signed certificate of its own.
    private(set) lazy var untrusted: Result<(P256PrivateKey, Certificate), Error> = Result {
        let key = try privateKey("untrusted")
        return (key, try certificate("untrusted", key: "untrusted", subject: Subject.untrusted, serial: "0x3001",
                                     issuer: nil, extensions: "ext_signer"))
    }
    /// A certificate authority (trusted as a certificate) and a device key it certified.
    private(set) lazy var certificateAuthority: Result<(ca: Certificate, leafKey: P256PrivateKey, leaf: Certificate), Error> = Result {
        _ = try privateKey("ca")
        let ca = try certificate("ca", key: "ca", subject: Subject.certificateAuthority, serial: "0x2001",
                                 issuer: nil, extensions: "ext_ca")
        let leafKey = try privateKey("leaf")
        let leaf = try certificate("leaf", key: "leaf", subject: Subject.leaf, serial: "0x2002",
                                   issuer: "ca", extensions: "ext_signer")
        return (ca, leafKey, leaf)
    }

    // MARK: - Files

    private func url(_ name: String, _ suffix: String) -> URL {
        directory.appendingPathComponent("TEST-ONLY-\(name).\(suffix)")
    }

    private func read(_ url: URL) throws -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw VectorSuiteError.testKeys("\(url.path): \(error)")
        }
    }

    private func write(_ text: String, to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let readme = directory.appendingPathComponent("README.md")
            if !FileManager.default.fileExists(atPath: readme.path) {
                try OutputFiles.write(Array(Self.readme.utf8), to: readme.path)
            }
            try OutputFiles.write(Array(text.utf8), to: url.path)
        } catch {
            throw VectorSuiteError.testKeys("\(url.path): \(error)")
        }
    }

    /// `TEST-ONLY-<name>.key.pem` (PKCS#8, made by `openssl genpkey`), with its public key
    /// written beside it as `TEST-ONLY-<name>.pub.pem`.
    private func privateKey(_ name: String) throws -> P256PrivateKey {
        let keyURL = url(name, "key.pem")
        let pem: String
        if let existing = try read(keyURL) {
            pem = existing
        } else {
            pem = try openssl().text(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
            try write(pem, to: keyURL)
        }
        let key: P256PrivateKey
        do {
            key = try P256PrivateKey(pem: pem)
        } catch {
            throw VectorSuiteError.testKeys("\(keyURL.path): \(error)")
        }
        let publicURL = url(name, "pub.pem")
        if try read(publicURL) == nil { try write(key.publicKey.pemString, to: publicURL) }
        return key
    }

    /// `TEST-ONLY-<name>.cert.pem`: self-signed (`issuer` nil) or issued by `TEST-ONLY-<issuer>`,
    /// valid for 100 years, with subjectKeyIdentifier = SHA-1 of the key (RFC 5280 4.2.1.2).
    private func certificate(_ name: String, key: String, subject: String, serial: String, issuer: String?,
                             extensions: String) throws -> Certificate {
        let certificateURL = url(name, "cert.pem")
        let pem: String
        if let existing = try read(certificateURL) {
            pem = existing
        } else {
            let tool = try openssl()
            let config = tool.path("req.cnf")
            try write(Self.opensslConfig, to: URL(fileURLWithPath: config))
            let keyPath = url(key, "key.pem").path
            if let issuer {
                let request = tool.path("\(name).csr")
                try tool.run(["req", "-new", "-config", config, "-key", keyPath, "-subj", subject, "-out", request])
                pem = try tool.text(["x509", "-req", "-in", request, "-CA", url(issuer, "cert.pem").path,
                                     "-CAkey", url(issuer, "key.pem").path, "-set_serial", serial, "-days", "36500",
                                     "-sha256", "-extfile", config, "-extensions", extensions])
            } else {
                pem = try tool.text(["req", "-new", "-x509", "-config", config, "-extensions", extensions,
                                     "-key", keyPath, "-subj", subject, "-days", "36500", "-set_serial", serial,
                                     "-sha256"])
            }
            try write(pem, to: certificateURL)
        }
        do {
            return try Certificate(pem: pem)
        } catch {
            throw VectorSuiteError.testKeys("\(certificateURL.path): \(error)")
        }
    }

    /// The README written beside the keys.
    static let readme = """
        # TEST keys of the conformance vectors

        **These private keys are published on purpose. Never trust them, never use them outside the test suite.**

        They were made once with the `openssl` command by `healthsig vectors generate` and are reused so that
        regenerating the vectors adds tests signed by the same signers (TestVectors/README.md, "Test keys").

        | files | role |
        | --- | --- |
        | `TEST-ONLY-signer-a.*` | trusted as a bare public key (`cms`, `records`, `samples` group `trusted-key`) |
        | `TEST-ONLY-signer-b.*` | trusted through its self-signed certificate (`cms` group `trusted-certificate`) |
        | `TEST-ONLY-ca.*` | a CA certificate trusted by `cms` group `trusted-ca` |
        | `TEST-ONLY-leaf.*` | a device key certified by that CA |
        | `TEST-ONLY-untrusted.*` | a signer nobody trusts, with a self-signed certificate |

        """

    /// A configuration that does not depend on the system's openssl.cnf.
    static let opensslConfig = """
        [req]
        distinguished_name = dn
        prompt = no
        [dn]
        [ext_signer]
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        [ext_ca]
        subjectKeyIdentifier = hash
        basicConstraints = critical, CA:TRUE
        keyUsage = critical, keyCertSign, cRLSign

        """
}
