import ArgumentParser
import CryptoBackend
import HealthSigKit

struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Generate a P-256 device key (NAME.key.pem, NAME.pub.pem, optional NAME.cert.pem).",
        discussion: """
        Prints `key id: ` and the key identifier (RFC 5280 4.2.1.2 method 1) in hex. Never overwrites existing files. \
        --cert: a self-signed device certificate, trusted by itself. --ca: a vendor CA certificate. \
        --issuer CA: a device certificate issued by the CA that keygen --ca wrote as CA.cert.pem and CA.key.pem, \
        or by a CA key in a token: --issuer pkcs11:URI --issuer-cert CA.cert.pem with --pkcs11-module and --pin-env or --pin-file; \
        with --tsa, a time-stamp authority's certificate instead.
        """ + " " + OverwriteRule.help
    )

    @Option(help: "Directory to write the files into (created if missing).")
    var out: String

    @Option(help: "Base name of the files.")
    var name: String

    @Flag(help: "Also write a self-signed device certificate (cA FALSE) with a subjectKeyIdentifier extension.")
    var cert = false

    @Flag(help: "Make a vendor CA: a self-signed certificate with cA TRUE and keyCertSign.")
    var ca = false

    @Option(help: ArgumentHelp("Issue the device certificate with this CA (CA.cert.pem and CA.key.pem), or with the CA key a PKCS#11 URI names.",
                               valueName: "CA"))
    var issuer: String?

    @Option(name: .customLong("issuer-cert"),
            help: ArgumentHelp("The CA's certificate, when --issuer is a PKCS#11 URI.", valueName: "CERT"))
    var issuerCert: String?

    @Flag(help: "With --issuer: a time-stamp authority's certificate (extendedKeyUsage critical timeStamping), for a gateway that time-stamps signatures.")
    var tsa = false

    @Option(help: "Certificate subject, e.g. \"CN=Acme BP Cuff,O=Acme\" (implies --cert).")
    var subject: String?

    @Option(help: "Certificate validity in days (from --not-before).")
    var days = 3650

    @Option(name: .customLong("not-before"),
            help: ArgumentHelp("Start of the certificate's validity: an RFC 3339 date-time or a date (midnight UTC); default now. Readings dated before it will not verify.",
                               valueName: "TIME"))
    var notBefore: String?

    @OptionGroup var passphrase: PassphraseOptions

    @Option(name: .customLong("issuer-passphrase-env"), help: "Read the CA key's passphrase from this environment variable.")
    var issuerPassphraseEnvironment: String?

    @Option(name: .customLong("issuer-passphrase-file"), help: "Read the CA key's passphrase from the first line of this file.")
    var issuerPassphraseFile: String?

    @OptionGroup var token: TokenOptions

    func validate() throws {
        if notBefore != nil && !(cert || ca || issuer != nil || subject != nil) {
            throw ValidationError("--not-before needs a certificate: give --cert, --ca, --issuer or --subject")
        }
        if ca && issuer != nil { throw ValidationError("give --ca or --issuer, not both (a CA is issued by itself)") }
        if tsa && issuer == nil { throw ValidationError("--tsa needs --issuer: a TSA certificate is issued by a CA its verifiers trust") }
        if issuer == nil && (issuerPassphraseEnvironment != nil || issuerPassphraseFile != nil) {
            throw ValidationError("--issuer-passphrase-env and --issuer-passphrase-file need --issuer")
        }
        let tokenIssuer = issuer.map(PKCS11URI.isPKCS11URI) ?? false
        if tokenIssuer && issuerCert == nil {
            throw ValidationError("--issuer \(issuer ?? "") is a key in a PKCS#11 token: give the CA certificate with --issuer-cert")
        }
        if !tokenIssuer && issuerCert != nil {
            throw ValidationError("--issuer-cert is for a CA key in a token (--issuer pkcs11:...)")
        }
        if issuerPassphraseEnvironment != nil && issuerPassphraseFile != nil {
            throw ValidationError("give --issuer-passphrase-env or --issuer-passphrase-file, not both")
        }
    }

    func run() throws {
        let wantsCertificate = cert || ca || issuer != nil || self.subject != nil
        let subject = wantsCertificate ? (self.subject ?? "CN=\(name)") : nil
        let role: KeyFiles.CertificateRole
        if let issuer {
            let files = issuerCert.map { (certificatePath: $0, keyPath: issuer) } ?? KeyFiles.issuerFiles(issuer)
            let source: KeyFiles.PassphraseSource = issuerPassphraseEnvironment.map { .environment($0) }
                ?? issuerPassphraseFile.map { .file($0) } ?? .none
            role = .issued(certificatePath: files.certificatePath, keyPath: files.keyPath, passphrase: source)

        } else {
            role = ca ? .authority : .selfSigned
        }
        let generated = try runTool { () throws(ToolError) in
            let start = try notBefore.map { text throws(ToolError) in try CertificateTimeOption.parseNotBefore(text) }
            return try KeyFiles.generate(directory: out, name: name, certificateSubject: subject, days: days,
                                         notBefore: start, passphrase: passphrase.source, role: role,
                                         issuerToken: token.access, timeStamping: tsa)
        }
        for warning in generated.warnings { printError("healthsig: warning: \(warning)") }
        try printOut("key id: \(generated.keyIdentifierHex)\n")
    }
}
