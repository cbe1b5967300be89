import ArgumentParser
import HealthSigKit

struct TimestampCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timestamp",
        abstract: "Add an RFC 3161 timestamp token to each signature of signed JSON Lines (HealthSigTimestamp, HealthSigBatchTimestamp).",
        discussion: """
        Each token's message imprint is SHA-256 of the signature's DER; the TSA certificate is included. \
        The tokens are metadata outside the signed record: stamping changes no signature. The TSA is this \
        gateway itself (a key and a TSA certificate, which keygen makes under a CA) or a TSA over HTTP \
        (RFC 3161, application/timestamp-query). verify reads the tokens against the TSAs it is told to trust \
        (docs/TRUST.md).
        """ + " " + OverwriteRule.help
    )

    @Option(help: ArgumentHelp("Signed JSON Lines (- for standard input).", valueName: "SIGNED"))
    var `in`: String

    @Option(help: ArgumentHelp("Where to write the stamped JSON Lines (- for standard output), atomically.", valueName: "STAMPED"))
    var out: String

    @Option(name: .customLong("tsa-key"), help: ArgumentHelp("This gateway's TSA key (PEM).", valueName: "KEY"))
    var tsaKey: String?

    @Option(name: .customLong("tsa-cert"), help: ArgumentHelp("This gateway's TSA certificate (PEM), for the key.", valueName: "CERT"))
    var tsaCert: String?

    @Option(name: .customLong("tsa-url"), help: ArgumentHelp("A TSA's URL (http://HOST[:PORT]/PATH), asked over HTTP POST.", valueName: "URL"))
    var tsaURL: String?

    @Option(name: .customLong("timeout"), help: "Seconds to wait for the TSA at the URL, for each request.")
    var timeout = 30

    @Flag(help: "Replace an existing output file (never the input).") var force = false

    @OptionGroup var passphrase: PassphraseOptions

    func validate() throws {
        let local = tsaKey != nil || tsaCert != nil
        if local && tsaURL != nil { throw ValidationError("give --tsa-key with --tsa-cert, or --tsa-url, not both") }
        if !local && tsaURL == nil { throw ValidationError("give a TSA: --tsa-key KEY --tsa-cert CERT, or --tsa-url URL") }
        if local && (tsaKey == nil || tsaCert == nil) { throw ValidationError("--tsa-key and --tsa-cert go together") }
        if !(1...600).contains(timeout) { throw ValidationError("--timeout must be 1 to 600 seconds") }
    }

    func run() throws {
        let summary = try runTool { () throws(ToolError) in
            try OutputFiles.refuseExistingFile(out, force: force, inputs: [`in`])
            if let tsaURL {
                let source = try HTTPTimeStampSource(url: tsaURL, timeoutSeconds: timeout)
                return try TimestampService.run(input: `in`, output: out, source: source)
            }
            let source = try LocalTimeStampSource(keyPath: tsaKey ?? "", certificatePath: tsaCert ?? "",
                                                  passphrase: passphrase.source)
            return try TimestampService.run(input: `in`, output: out, source: source)
        }
        printError("timestamp: \(summary.sampleSignatures) signature\(summary.sampleSignatures == 1 ? "" : "s") and "
                   + "\(summary.batchSignatures) batch carrier\(summary.batchSignatures == 1 ? "" : "s") stamped "
                   + "(\(summary.tokens) token\(summary.tokens == 1 ? "" : "s")) in \(summary.lines) line\(summary.lines == 1 ? "" : "s")")
    }
}
