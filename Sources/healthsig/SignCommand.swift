import ArgumentParser
import Foundation
import DER
import HealthSigKit

struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign device readings (JSON Lines or a JSON array) into signed samples.",
        discussion: """
        Writes the same samples with metadata.HKDigitalSignature added and nothing else changed, in input \
        order. By default nothing is written when any line is invalid or already signed; --skip-invalid \
        writes the good ones, --replace-signatures replaces existing signatures. With --cert, a reading dated \
        outside the certificate's validity is such a bad line unless --allow-outside-validity is given.
        """ + " " + OverwriteRule.help
    )

    @Option(help: ArgumentHelp("Device private key PEM, or a PKCS#11 URI (pkcs11:token=...;object=...) of a key in a token.",
                               valueName: "KEY")) var key: String
    @Option(help: "Device certificate PEM (for --sid issuer-serial and --embed-cert).") var cert: String?
    @Option(help: "Signer identifier: ski (default) or issuer-serial.") var sid: SignerIDChoice = .ski
    @Option(help: "Readings, JSON Lines or a JSON array (- for standard input).") var `in`: String
    @Option(help: "Signed samples (- for standard output).") var out: String
    @Flag(help: "Carry the device certificate in every signature, so a verifier can trust the vendor CA alone.")
    var embedCert = false
    @Flag(help: "Write the valid readings and list the invalid ones instead of refusing.") var skipInvalid = false
    @Flag(help: "Sign readings dated outside the --cert certificate's validity instead of refusing them (they verify untrusted-signer through it).")
    var allowOutsideValidity = false
    @Flag(help: "Replace the signature of samples that already carry HKDigitalSignature instead of refusing them.")
    var replaceSignatures = false
    @Flag(help: "Replace an existing output file (never one of the inputs).") var force = false
    @Option(help: "Batch signatures: at most N consecutive samples of one device per batch (1...65535; docs/BATCH.md).")
    var batch: Int?
    @Option(help: "Batch signatures: close a batch after S seconds of sample time (with or without --batch).")
    var batchSeconds: Int64?
    @Option(help: "Batch signatures: store each batch's signature on K of its samples, the last and evenly spaced others (1...16, default 1; docs/BATCH.md).")
    var batchCarriers: Int?
    @OptionGroup var passphrase: PassphraseOptions
    @OptionGroup var token: TokenOptions
    @OptionGroup var execution: RunOptions

    func validate() throws {
        if sid == .issuerSerial && cert == nil { throw ValidationError("--sid issuer-serial needs --cert") }
        if embedCert && cert == nil { throw ValidationError("--embed-cert needs --cert") }
        if allowOutsideValidity && cert == nil { throw ValidationError("--allow-outside-validity needs --cert") }
        try execution.validate()
        if let batch, !(1...65_535).contains(batch) { throw ValidationError("--batch must be 1...65535, not \(batch)") }
        if let batchSeconds, !(1...31_622_400).contains(batchSeconds) {
            throw ValidationError("--batch-seconds must be 1...31622400 (366 days), not \(batchSeconds)")
        }
        if let batchCarriers {
            guard batch != nil || batchSeconds != nil else { throw ValidationError("--batch-carriers needs --batch or --batch-seconds") }
            guard (1...16).contains(batchCarriers) else { throw ValidationError("--batch-carriers must be 1...16, not \(batchCarriers)") }
        }
    }

    /// The batch options, when either was given (a batch then holds at most 65,535 samples).
    var batching: SignRun.Batching? {
        guard batch != nil || batchSeconds != nil else { return nil }
        return SignRun.Batching(maximumCount: batch ?? 65_535, maximumSeconds: batchSeconds, carriers: batchCarriers ?? 1)
    }

    func run() throws {
        if cert != nil && !embedCert {
            // --cert alone only names the signer (its key id or issuer and serial): a verifier
            // that trusts the vendor CA alone cannot find the device certificate.
            printError("healthsig: note: --cert without --embed-cert: the signatures do not carry the certificate, so a verifier "
                       + "must trust the device certificate or key itself; add --embed-cert to let it trust the CA alone")
        }
        let result = try runTool { () throws(ToolError) in
            let options = CMSSigning.Options(certificatePath: cert, issuerAndSerial: sid == .issuerSerial,
                                             embedCertificate: embedCert, allowOutsideValidity: allowOutsideValidity)
            // Each problem goes to standard error as it is found (one line, whatever the
            // input's text holds), so memory does not grow with the number of bad lines. On a
            // terminal the line first erases a progress line drawn there; the display redraws.
            let erase = isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[K" : ""
            return try SignRun.run(inputPath: self.in, outputPath: out, keyPath: key,
                                       passphrase: passphrase.source, options: options, skipInvalid: skipInvalid,
                                       replaceSignatures: replaceSignatures, jobs: execution.workerCount, force: force,
                                       progress: execution.progress(verb: "signed"), batching: batching,
                                       problemHandler: { printError(erase + TerminalText($0.description).description) },
                                       keyWarning: { printError("healthsig: warning: \($0)") }, token: token.access)
        }
        if result.signed == 0 && result.problemCount == 0 {
            printError("healthsig: warning: \(FileAccess.displayName(self.in)) holds no readings")
        }
        printError(result.summary)
        if !result.wroteOutput || (result.problemCount > 0 && !skipInvalid) { throw CommandExit.verificationFailed }
    }
}
