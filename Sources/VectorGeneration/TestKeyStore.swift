import CryptoBackend
import Foundation
import HealthSigKit

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
        static let dated = "/O=healthsig test vectors/CN=TEST dated signer - never trust"
        static let tsa = "/O=healthsig test vectors/CN=TEST TSA - never trust"
        static let tsaWithoutPurpose = "/O=healthsig test vectors/CN=TEST TSA without timeStamping - never trust"
        static let tsaNonCritical = "/O=healthsig test vectors/CN=TEST TSA non-critical timeStamping - never trust"
        static let untrustedTSA = "/O=healthsig test vectors/CN=TEST untrusted TSA"
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
    /// A signer trusted through a self-signed certificate valid only from 2026-11-20T00:00:00Z to
    /// 2026-11-22T00:00:00Z (`samples` group `trusted-dated-certificate`): readings are checked at
    /// their signed time, so ones taken inside that period stay valid after it ended.
    private(set) lazy var dated: Result<(P256PrivateKey, Certificate), Error> = Result {
        let key = try privateKey("dated")
        return (key, try datedCertificate("dated", subject: Subject.dated, notBefore: Self.datedNotBefore,
                                          notAfter: Self.datedNotAfter))
    }
    /// The validity period of `TEST-ONLY-dated.cert.pem` (GeneralizedTime, as `openssl ca` takes it).
    static let datedNotBefore = "20261120000000Z"
    static let datedNotAfter = "20261122000000Z"

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

    /// Time-stamp authorities (`timestamps.json`): one key (`TEST-ONLY-tsa`) certified by the CA
    /// above as a TSA (extendedKeyUsage critical id-kp-timeStamping only), the same key certified
    /// by it without that extension and with it non-critical, and a self-signed TSA nobody trusts
    /// (the `untrusted` key).
    private(set) lazy var timeStampAuthorities: Result<TimeStampAuthorityKeys, Error> = Result {
        let ca = try certificateAuthority.get()
        let key = try privateKey("tsa")
        let untrustedKey = try privateKey("untrusted")
        return TimeStampAuthorityKeys(
            ca: ca.ca, caKey: try privateKey("ca"), key: key,
            tsa: try certificate("tsa", key: "tsa", subject: Subject.tsa, serial: "0x5001", issuer: "ca", extensions: "ext_tsa"),
            withoutTimeStamping: try certificate("tsa-no-eku", key: "tsa", subject: Subject.tsaWithoutPurpose, serial: "0x5002",
                                                 issuer: "ca", extensions: "ext_signer"),
            nonCritical: try certificate("tsa-noncritical", key: "tsa", subject: Subject.tsaNonCritical, serial: "0x5003",
                                         issuer: "ca", extensions: "ext_tsa_noncritical"),
            untrustedKey: untrustedKey,
            untrusted: try certificate("tsa-untrusted", key: "untrusted", subject: Subject.untrustedTSA, serial: "0x5004",
                                       issuer: nil, extensions: "ext_tsa"))
    }

    /// What ``timeStampAuthorities`` holds.
    struct TimeStampAuthorityKeys {
        let ca: Certificate
        /// The CA's key, which also signs the CRLs revoking the device.
        let caKey: P256PrivateKey
        let key: P256PrivateKey
        let tsa: Certificate
        let withoutTimeStamping: Certificate
        let nonCritical: Certificate
        let untrustedKey: P256PrivateKey
        let untrusted: Certificate
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
            throw VectorGenerationError.testKeys("\(url.path): \(error)")
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
            throw VectorGenerationError.testKeys("\(url.path): \(error)")
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
            throw VectorGenerationError.testKeys("\(keyURL.path): \(error)")
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
            throw VectorGenerationError.testKeys("\(certificateURL.path): \(error)")
        }
    }

    /// `TEST-ONLY-<name>.cert.pem`, self-signed with a fixed validity period: `openssl req` and
    /// `x509` only count days from now, `openssl ca` takes start and end dates.
    private func datedCertificate(_ name: String, subject: String, notBefore: String, notAfter: String) throws -> Certificate {
        let certificateURL = url(name, "cert.pem")
        let pem: String
        if let existing = try read(certificateURL) {
            pem = existing
        } else {
            let tool = try openssl()
            let config = tool.path("ca.cnf")
            try write(Self.opensslConfig + Self.caSection(database: tool.path("index.txt"), serial: tool.path("serial"),
                                                          directory: tool.path("")),
                      to: URL(fileURLWithPath: config))
            try write("", to: URL(fileURLWithPath: tool.path("index.txt")))
            try write("4001\n", to: URL(fileURLWithPath: tool.path("serial")))
            let keyPath = url(name, "key.pem").path
            let request = tool.path("\(name).csr")
            let output = tool.path("\(name).cert.pem")
            try tool.run(["req", "-new", "-config", config, "-key", keyPath, "-subj", subject, "-out", request])
            try tool.run(["ca", "-batch", "-notext", "-selfsign", "-config", config, "-keyfile", keyPath, "-in", request,
                          "-startdate", notBefore, "-enddate", notAfter, "-extensions", "ext_signer", "-out", output])
            pem = try String(contentsOfFile: output, encoding: .utf8)
            try write(pem, to: certificateURL)
        }
        do {
            return try Certificate(pem: pem)
        } catch {
            throw VectorGenerationError.testKeys("\(certificateURL.path): \(error)")
        }
    }

    /// The `openssl ca` sections for `datedCertificate`, its bookkeeping files in a scratch directory.
    static func caSection(database: String, serial: String, directory: String) -> String {
        """
        [ca]
        default_ca = dated
        [dated]
        database = \(database)
        serial = \(serial)
        new_certs_dir = \(directory)
        default_md = sha256
        policy = policy_any
        unique_subject = no
        email_in_dn = no
        preserve = yes
        [policy_any]
        organizationName = supplied
        commonName = supplied

        """
    }

    /// The README written beside the keys.
    static let readme = """
        # TEST keys of the conformance vectors

        **These private keys are published on purpose. Never trust them, never use them outside the test suite.**

        They were made once with the `openssl` command by `make-vectors` and are reused so that
        regenerating the vectors adds tests signed by the same signers (TestVectors/README.md, "Test keys").

        | files | role |
        | --- | --- |
        | `TEST-ONLY-signer-a.*` | trusted as a bare public key (`cms`, `records`, `samples`, `batch` group `trusted-key`) |
        | `TEST-ONLY-signer-b.*` | trusted through its self-signed certificate (`cms` group `trusted-certificate`) |
        | `TEST-ONLY-ca.*` | a CA certificate trusted by `cms` group `trusted-ca` |
        | `TEST-ONLY-leaf.*` | a device key certified by that CA |
        | `TEST-ONLY-untrusted.*` | a signer nobody trusts, with a self-signed certificate |
        | `TEST-ONLY-dated.*` | trusted through a self-signed certificate valid 2026-11-20 to 2026-11-22 only (`samples` group `trusted-dated-certificate`) |
        | `TEST-ONLY-tsa.*`, `TEST-ONLY-tsa-no-eku.cert.pem`, `TEST-ONLY-tsa-noncritical.cert.pem` | a time-stamp authority key certified by the CA above as a TSA (extendedKeyUsage critical timeStamping), without that extension, and with it non-critical (`timestamps`) |
        | `TEST-ONLY-tsa-untrusted.cert.pem` | a self-signed TSA certificate of the `untrusted` key, trusted by no test (`timestamps`) |

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
        [ext_tsa]
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        extendedKeyUsage = critical, timeStamping
        [ext_tsa_noncritical]
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        extendedKeyUsage = timeStamping

        """
}
