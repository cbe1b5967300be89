import ArgumentParser
import HealthSigKit

extension RevocationIssuer.Reason: ExpressibleByArgument {}

struct RevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Add a device certificate to the vendor CA's CRL (created if absent), signed by the CA, written as PEM.",
        discussion: """
        The entry's revocationDate is now; --compromised-at (not after now) is written as its invalidityDate. \
        Each run numbers the CRL one above the last (cRLNumber) and sets nextUpdate --next-update-days ahead. \
        verify, report and fhir read the CRL given to them or found in a trust directory (docs/TRUST.md).
        """
    )

    @Option(help: ArgumentHelp("The vendor CA that issued the certificate (CA.cert.pem and CA.key.pem, as keygen --ca wrote them), "
                               + "or a PKCS#11 URI naming the CA key in a token.", valueName: "CA"))
    var ca: String

    @Option(name: .customLong("ca-cert"), help: ArgumentHelp("The CA's certificate, when --ca is a PKCS#11 URI.", valueName: "CERT"))
    var caCert: String?

    @Option(help: ArgumentHelp("The device certificate to revoke.", valueName: "CERT"))
    var cert: String

    @Option(help: ArgumentHelp("Why: key-compromise, superseded, cessation-of-operation, affiliation-changed or unspecified.",
                               valueName: "REASON"))
    var reason: RevocationIssuer.Reason

    @Option(name: .customLong("compromised-at"),
            help: ArgumentHelp("When the key is known or suspected to have been compromised: an RFC 3339 date-time, not after now.",
                               valueName: "TIME"))
    var compromisedAt: String?

    @Option(help: ArgumentHelp("The CRL file to extend (or create), written atomically as PEM.", valueName: "CRL"))
    var crl: String

    @Option(name: .customLong("next-update-days"), help: "Days until the CRL's nextUpdate.")
    var nextUpdateDays = 30

    @OptionGroup var passphrase: PassphraseOptions

    @OptionGroup var token: TokenOptions

    func run() throws {
        let outcome = try runTool { () throws(ToolError) in
            let compromise = try compromisedAt.map { text throws(ToolError) in try RevocationIssuer.parseCompromiseTime(text) }
            return try RevocationIssuer.revoke(ca: ca, passphrase: passphrase.source, certificatePath: cert, reason: reason,
                                               compromisedAt: compromise, crlPath: crl, nextUpdateDays: nextUpdateDays,
                                               caCertificatePath: caCert, token: token.access)
        }
        try printOut("\(crl): CRL number \(outcome.crl.number ?? "?") with \(outcome.crl.entries.count) revoked "
                     + "certificate\(outcome.crl.entries.count == 1 ? "" : "s")\n")
    }
}
