import ArgumentParser
import CMS
import DER
import Foundation
import HealthSigKit

struct CMSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cms",
        abstract: "Sign or verify arbitrary content as a profile CMS SignedData.",
        subcommands: [CMSSignCommand.self, CMSVerifyCommand.self]
    )

    func run() throws {
        throw CommandExit.missingSubcommand(Self.self)
    }
}

enum SignerIDChoice: String, ExpressibleByArgument, CaseIterable {
    case ski
    case issuerSerial = "issuer-serial"
}

enum OutputForm: String, ExpressibleByArgument, CaseIterable {
    case der, base64
}

enum InputForm: String, ExpressibleByArgument, CaseIterable {
    case der, base64, auto
}

struct CMSSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sign", abstract: "Sign a file's bytes (attached content).")

    @Option(help: "Private key PEM (PKCS#8, encrypted PKCS#8 or SEC1).") var key: String
    @Option(help: "Signer certificate PEM (needed for --sid issuer-serial and --embed-cert).") var cert: String?
    @Option(help: "Signer identifier: ski (subjectKeyIdentifier, default) or issuer-serial.") var sid: SignerIDChoice = .ski
    @Flag(help: "Add content-type, message-digest and signing-time signed attributes.") var signedAttributes = false
    @Flag(help: "Embed the signer certificate.") var embedCert = false
    @Option(help: "Content to sign (- for standard input).") var `in`: String
    @Option(help: "Where to write the SignedData (- for standard output).") var out: String
    @Option(help: "der (default) or base64.") var outform: OutputForm = .der
    @OptionGroup var passphrase: PassphraseOptions

    func validate() throws {
        if (sid == .issuerSerial || embedCert) && cert == nil {
            throw ValidationError("--sid issuer-serial and --embed-cert need --cert")
        }
    }

    func run() throws {
        try runTool { () throws(ToolError) in
            let options = CMSSigning.Options(
                certificatePath: cert, issuerAndSerial: sid == .issuerSerial,
                signedAttributes: signedAttributes, embedCertificate: embedCert)
            let der = try CMSSigning.sign(contentPath: self.in, keyPath: key, passphrase: passphrase.source, options: options,
                                          keyWarning: { printError("healthsig: warning: \($0)") })
            let bytes = outform == .der ? der : Array((Data(der).base64EncodedString() + "\n").utf8)
            try OutputFiles.write(bytes, to: out, protecting: [self.in, key] + (cert.map { [$0] } ?? []) + passphrase.source.filePaths)
        }
    }
}

struct CMSVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a SignedData against trusted keys/certificates.",
        discussion: "Prints `valid signer=<key id hex>` or `<verdict>: <reason>`. Exit 0 only when valid and trusted."
    )

    @Option(help: "PEM file of public keys and/or certificates, or a directory of them (repeatable).") var trust: [String]
    @Option(help: "The SignedData (- for standard input).") var `in`: String
    @Option(help: "der, base64 or auto (default).") var inform: InputForm = .auto
    @Option(help: "Content for a detached signature.") var content: String?
    @Option(name: .customLong("content-out"), help: "Write the verified content here.") var contentOut: String?
    @Option(help: "Check certificates at this time: now (default) or an RFC 3339 date-time.") var at: String?

    func validate() throws {
        if trust.isEmpty { throw ValidationError("give at least one --trust") }
    }

    func run() throws {
        let outcome = try runTool { () throws(ToolError) in
            try CMSSigning.verify(inputPath: self.in, inform: CMSSigning.InputForm(rawValue: inform.rawValue) ?? .auto,
                                  trustPaths: trust, detachedContentPath: content,
                                  certificateTime: try at.map { text throws(ToolError) in try CertificateTimeOption.parse(text) },
                                  skippedTrustEntry: { printError("healthsig: warning: \($0)") })
        }
        switch outcome {
        case .valid(let summary):
            // A file is written before the verdict line, so a run that cannot write it (exit 2)
            // never also prints `valid`; on standard output the line comes first, then the content.
            let writeContent = { () throws(CommandExit) in
                guard let contentOut else { return }
                try runTool { () throws(ToolError) in
                    try OutputFiles.write(summary.content, to: contentOut,
                                          protecting: [self.in] + (content.map { [$0] } ?? []) + TrustLoader.inputFiles(trust))
                }
            }
            if contentOut != "-" { try writeContent() }
            try printOut("valid signer=\(summary.keyIdentifierHex)\n")
            if contentOut == "-" { try writeContent() }
        default:
            try printOut("\(outcome.name): \(TerminalText(outcome.reason))\n")
            throw CommandExit.verificationFailed
        }
    }
}
