import Foundation
import Testing

/// Keys that never leave a PKCS#11 token (docs/TRUST.md, "Keys in hardware"): a vendor CA key
/// and a device key made non-extractable in a SoftHSM2 token, used by `keygen --issuer`,
/// `sign --key` and `revoke --ca` as PKCS#11 URIs, and everything they write checked by the
/// real `openssl` command.
@Suite("Keys in a PKCS#11 token")
struct TokenKeyCommandTests {
    static let module = "/usr/lib/softhsm/libsofthsm2.so"
    static let caURI = "pkcs11:token=factory;object=factory-ca"
    static let deviceURI = "pkcs11:token=factory;object=bp200-0001"
    static let pin = "4711-factory"

    let directory: TemporaryDirectory
    /// SOFTHSM2_CONF for every command: the token lives in this test's directory only.
    let environment: [String: String]

    init() throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("tokens"), withIntermediateDirectories: true)
        let configuration = try directory.write("softhsm2.conf", "directories.tokendir = \(directory.path("tokens"))\n"
                                                + "objectstore.backend = file\nlog.level = ERROR\n")
        // The engine reads its module and PIN from this configuration when the openssl command
        // makes the CA's own certificate and the device key's certificate with the token's keys.
        _ = try directory.write("engine.cnf", """
            openssl_conf = healthsig_test
            [healthsig_test]
            engines = engine_section
            [engine_section]
            pkcs11 = pkcs11_section
            [pkcs11_section]
            MODULE_PATH = \(Self.module)
            PIN = \(Self.pin)
            init = 0

            """)
        environment = ["SOFTHSM2_CONF": configuration, "TOKEN_PIN": Self.pin]
        try run("softhsm2-util", ["--init-token", "--free", "--label", "factory", "--pin", Self.pin, "--so-pin", "0000-so"])
        for (label, id) in [("factory-ca", "01"), ("bp200-0001", "02")] {
            try run("pkcs11-tool", ["--module", Self.module, "--token-label", "factory", "--login", "--pin", Self.pin,
                                    "--keypairgen", "--key-type", "EC:prime256v1", "--label", label, "--id", id,
                                    "--usage-sign", "--sensitive"])
        }
        // The certificates start before the example readings (dated 2026-11-20 and 21), as a
        // signer's chain is checked at each reading's time: `openssl ca`, whose -startdate the
        // openssl 3.0 req and x509 commands lack, signs both with the CA key in the token.
        _ = try directory.write("index.txt", "")
        _ = try directory.write("serial", "01\n")
        _ = try directory.write("ca.cnf", "[ca]\ndefault_ca = token_ca\n[token_ca]\ndatabase = index.txt\nnew_certs_dir = .\n"
                                + "serial = serial\ndefault_md = sha256\npolicy = any_name\nunique_subject = no\n"
                                + "[any_name]\ncommonName = supplied\norganizationName = optional\n")
        _ = try directory.write("ca.ext", "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n"
                                + "subjectKeyIdentifier=hash\n")
        _ = try directory.write("device.ext", "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n"
                                + "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n")
        let tokenCA = ["-batch", "-notext", "-config", "ca.cnf", "-engine", "pkcs11", "-keyform", "engine", "-keyfile", Self.caURI,
                       "-startdate", "20260101000000Z"]
        try openssl(["req", "-new", "-engine", "pkcs11", "-keyform", "engine", "-key", Self.caURI,
                     "-subj", "/CN=Factory CA/O=Acme", "-out", "ca.csr"])
        try openssl(["ca"] + tokenCA + ["-selfsign", "-in", "ca.csr", "-enddate", "20280101000000Z", "-extfile", "ca.ext",
                                        "-out", "ca.cert.pem"])
        try openssl(["req", "-new", "-engine", "pkcs11", "-keyform", "engine", "-key", Self.deviceURI,
                     "-subj", "/CN=BP200 0001/O=Acme", "-out", "bp200.csr"])
        try openssl(["ca"] + tokenCA + ["-cert", "ca.cert.pem", "-in", "bp200.csr", "-enddate", "20271201000000Z",
                                        "-extfile", "device.ext", "-out", "bp200.cert.pem"])
        try directory.write("readings.jsonl", String(decoding: try Data(contentsOf: Examples.readingsURL), as: UTF8.self))
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> CommandResult {
        let result = try CLI.run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, in: directory.url, environment: environment)
        guard result.status == 0 else {
            throw CLI.SetupError(description: "\(tool) \(arguments) failed (scripts/install-deps installs softhsm2, opensc and "
                                 + "libengine-pkcs11-openssl): \(result)")
        }
        return result
    }

    @discardableResult
    private func openssl(_ arguments: [String]) throws -> CommandResult {
        let result = try directory.openssl(arguments, environment: environment.merging(["OPENSSL_CONF": directory.path("engine.cnf")]) { $1 })
        guard result.status == 0 else { throw CLI.SetupError(description: "openssl \(arguments): \(result)") }
        return result
    }

    private func healthsig(_ arguments: [String]) throws -> CommandResult {
        try directory.healthsig(arguments, environment: environment)
    }

    private var tokenOptions: [String] { ["--pkcs11-module", Self.module, "--pin-env", "TOKEN_PIN"] }

    /// CKA_NEVER_EXTRACTABLE: the key has never been extractable (not even wrapped) since it was
    /// made in the token; CKA_SENSITIVE: its value is never revealed in plain.
    @Test("the token's private keys are sensitive and never extractable")
    func tokenKeysCannotBeExported() throws {
        let listing = try run("pkcs11-tool", ["--module", Self.module, "--token-label", "factory", "--login", "--pin", Self.pin,
                                              "--list-objects", "--type", "privkey"]).stdout
        let keys = listing.components(separatedBy: "Private Key Object").dropFirst()
        #expect(keys.count == 2, "\(listing)")
        for key in keys {
            #expect(key.contains("sensitive") && key.contains("never extractable"), "\(key)")
        }
    }

    @Test("keygen --issuer with the CA key in the token issues a device certificate openssl verify accepts")
    func tokenCAIssuesADeviceCertificate() throws {
        let made = try healthsig(["keygen", "--out", "devices", "--name", "bp1", "--issuer", Self.caURI, "--issuer-cert", "ca.cert.pem",
                                  "--subject", "CN=Acme BP 1,O=Acme", "--days", "20"] + tokenOptions)
        #expect(made.status == 0, "\(made)")
        let verified = try directory.openssl(["verify", "-CAfile", "ca.cert.pem", "devices/bp1.cert.pem"])
        #expect(verified.status == 0 && verified.stdout.contains("devices/bp1.cert.pem: OK"), "\(verified)")
        let issuer = try directory.openssl(["x509", "-in", "devices/bp1.cert.pem", "-noout", "-issuer"]).stdout
        #expect(issuer.contains("CN = Factory CA"), "\(issuer)")
    }

    @Test("sign --key with the device key in the token writes signatures openssl cms -verify accepts, and verify finds them valid")
    func tokenDeviceKeySignsReadings() throws {
        let signed = try healthsig(["sign", "--key", Self.deviceURI, "--cert", "bp200.cert.pem", "--embed-cert",
                                    "--in", "readings.jsonl", "--out", "signed.jsonl"] + tokenOptions)
        #expect(signed.status == 0, "\(signed)")
        let lines = try directory.text("signed.jsonl").split(separator: "\n")
        #expect(lines.count == (try Examples.lines()).count)
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let text = try #require((object["metadata"] as? [String: Any])?["HKDigitalSignature"] as? String)
            try directory.write("signature-\(index).der", bytes: try #require(Data(base64Encoded: text)))
            let cms = try directory.openssl(["cms", "-verify", "-binary", "-inform", "DER", "-in", "signature-\(index).der",
                                             "-CAfile", "ca.cert.pem", "-out", "/dev/null"])
            #expect(cms.status == 0 && cms.stderr.contains("Verification successful"), "line \(index + 1): \(cms)")
        }
        let verified = try healthsig(["verify", "--trust", "ca.cert.pem", "--in", "signed.jsonl", "--require-signed", "--summary"])
        #expect(verified.status == 0 && verified.stdout.contains("valid=\(lines.count) "), "\(verified)")
        let withoutCertificate = try healthsig(["sign", "--key", Self.deviceURI, "--in", "readings.jsonl", "--out", "bare.jsonl"]
                                               + tokenOptions)
        #expect(withoutCertificate.status == 0, "\(withoutCertificate)")
    }

    @Test("revoke --ca with the CA key in the token writes a CRL openssl crl -verify and cms -verify -crl_check honour")
    func tokenCARevokes() throws {
        let signed = try healthsig(["sign", "--key", Self.deviceURI, "--cert", "bp200.cert.pem", "--embed-cert",
                                    "--in", "readings.jsonl", "--out", "signed.jsonl"] + tokenOptions)
        #expect(signed.status == 0, "\(signed)")
        _ = try directory.write("pin.txt", Self.pin + "\n")
        let revoked = try healthsig(["revoke", "--ca", Self.caURI, "--ca-cert", "ca.cert.pem", "--cert", "bp200.cert.pem",
                                     "--reason", "key-compromise", "--crl", "factory.crl.pem",
                                     "--pkcs11-module", Self.module, "--pin-file", "pin.txt"])
        #expect(revoked.status == 0 && revoked.stdout.contains("CRL number 1 with 1 revoked certificate"), "\(revoked)")
        let crl = try directory.openssl(["crl", "-in", "factory.crl.pem", "-noout", "-CAfile", "ca.cert.pem"])
        #expect(crl.status == 0 && crl.stderr.contains("verify OK"), "\(crl)")
        let line = try #require(try directory.text("signed.jsonl").split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let text = try #require((object["metadata"] as? [String: Any])?["HKDigitalSignature"] as? String)
        try directory.write("signature.der", bytes: try #require(Data(base64Encoded: text)))
        try directory.write("ca-and-crl.pem", try directory.text("ca.cert.pem") + directory.text("factory.crl.pem"))
        let refused = try directory.openssl(["cms", "-verify", "-binary", "-inform", "DER", "-in", "signature.der",
                                             "-CAfile", "ca-and-crl.pem", "-crl_check", "-out", "/dev/null"])
        #expect(refused.status != 0 && refused.stderr.contains("certificate revoked"), "\(refused)")
    }

    @Test("a wrong PIN, a missing object, an unknown token and a malformed URI are refused with exit 2, naming the problem")
    func tokenFailuresAreNamed() throws {
        func sign(_ key: String, _ options: [String], pinValue: String = Self.pin) throws -> CommandResult {
            try directory.healthsig(["sign", "--key", key, "--in", "readings.jsonl", "--out", "out.jsonl"] + options,
                                    environment: environment.merging(["TOKEN_PIN": pinValue]) { $1 })
        }
        let wrongPIN = try sign(Self.deviceURI, tokenOptions, pinValue: "0000")
        #expect(wrongPIN.status == 2 && wrongPIN.stderr == "healthsig: the token refused the PIN for \(Self.deviceURI) (wrong PIN)\n",
                "\(wrongPIN)")
        let missing = "pkcs11:token=factory;object=bp200-9999"
        let missingObject = try sign(missing, tokenOptions)
        #expect(missingObject.status == 2
                && missingObject.stderr == "healthsig: no private key matches \(missing) (no such token, or no such object in it)\n",
                "\(missingObject)")
        let otherToken = "pkcs11:token=elsewhere;object=bp200-0001"
        let unknownToken = try sign(otherToken, tokenOptions)
        #expect(unknownToken.status == 2 && unknownToken.stderr.contains("no private key matches \(otherToken)"), "\(unknownToken)")
        let cases: [(uri: String, message: String)] = [
            ("pkcs11:token=factory;object=a b", "invalid PKCS#11 URI pkcs11:token=factory;object=a b: attribute object: byte 0x20 "
             + "must be percent-encoded (RFC 7512 §2.3)"),
            ("pkcs11:token=factory", "invalid PKCS#11 URI pkcs11:token=factory: it names no key: give object=LABEL or id=%XX (RFC 7512 §2.3)"),
            ("pkcs11:token=factory;colour=red;object=x", "invalid PKCS#11 URI pkcs11:token=factory;colour=red;object=x: "
             + "unknown attribute 'colour' (RFC 7512 §2.3)"),
            ("pkcs11:object=x;object=y", "invalid PKCS#11 URI pkcs11:object=x;object=y: attribute object is given twice (RFC 7512 §2.3)"),
            ("pkcs11:object=x%4", "invalid PKCS#11 URI pkcs11:object=x%4: attribute object: '%' must be followed by two hexadecimal digits"),
            ("pkcs11:object=x;type=cert", "invalid PKCS#11 URI pkcs11:object=x;type=cert: type=cert names no private key; "
             + "leave type out or give type=private"),
            ("pkcs11:object=x?pin-value=1234", "invalid PKCS#11 URI pkcs11:object=x?pin-value=1234: pin-value puts the PIN on the "
             + "command line; give it with --pin-env or --pin-file"),
        ]
        for (uri, message) in cases {
            let refused = try sign(uri, tokenOptions)
            #expect(refused.status == 2 && refused.stderr == "healthsig: \(message)\n", "\(uri): \(refused)")
        }
        let noModule = try sign(Self.deviceURI, [])
        #expect(noModule.status == 2 && noModule.stderr.contains("is a key in a PKCS#11 token: give the module with --pkcs11-module"),
                "\(noModule)")
        let noPIN = try sign(Self.deviceURI, ["--pkcs11-module", Self.module])
        #expect(noPIN.status == 2 && noPIN.stderr.contains("give its PIN with --pin-env or --pin-file"), "\(noPIN)")
        let badModule = try sign(Self.deviceURI, ["--pkcs11-module", directory.path("no-such-module.so"), "--pin-env", "TOKEN_PIN"])
        #expect(badModule.status == 2 && badModule.stderr.contains("cannot use PKCS#11 module \(directory.path("no-such-module.so"))"),
                "\(badModule)")
        let fileWithModule = try sign("readings.jsonl", tokenOptions)
        #expect(fileWithModule.status == 2 && fileWithModule.stderr.contains("is a file, not a pkcs11: URI"), "\(fileWithModule)")
        #expect(!directory.exists("out.jsonl"))
    }
}
