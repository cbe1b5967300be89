import ArgumentParser
import HealthSigKit

struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Generate a P-256 device key (NAME.key.pem, NAME.pub.pem, optional NAME.cert.pem).",
        discussion: "Prints the key identifier (RFC 5280 4.2.1.2 method 1) in hex. Never overwrites existing files."
    )

    @Option(help: "Directory to write the files into (created if missing).")
    var out: String

    @Option(help: "Base name of the files.")
    var name: String

    @Flag(help: "Also write a self-signed certificate with a subjectKeyIdentifier extension.")
    var cert = false

    @Option(help: "Certificate subject, e.g. \"CN=Acme BP Cuff,O=Acme\" (implies --cert).")
    var subject: String?

    @Option(help: "Certificate validity in days.")
    var days = 3650

    @OptionGroup var passphrase: PassphraseOptions

    func run() throws {
        let subject = (cert || self.subject != nil) ? (self.subject ?? "CN=\(name)") : nil
        let generated = try runTool { () throws(ToolError) in
            try KeyFiles.generate(directory: out, name: name, certificateSubject: subject, days: days,
                                  passphrase: passphrase.source)
        }
        try printOut(generated.keyIdentifierHex + "\n")
    }
}
