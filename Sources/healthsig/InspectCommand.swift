import ArgumentParser
import DER
import HealthSigKit

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a signature's DER/CMS structure and its decoded record.",
        discussion: """
        Input: one signature as DER, PEM or base64 (the HKDigitalSignature text itself), or with --line N \
        the signature of line N of a JSON Lines file of signed samples.
        """
    )

    @Option(help: "File holding the signature (- for standard input).") var `in`: String?
    @Option(help: "The base64 signature text itself.") var signature: String?
    @Option(help: "With --in FILE.jsonl: inspect the signature of this line (1-based).") var line: Int?

    func validate() throws {
        if (self.in == nil) == (signature == nil) { throw ValidationError("give exactly one of --in or --signature") }
        if line != nil && self.in == nil { throw ValidationError("--line needs --in FILE.jsonl") }
    }

    func run() throws {
        let raw = try runTool { () throws(ToolError) in
            if let signature { return Array(signature.utf8) }
            let path = self.in ?? "-"
            let bytes = try FileAccess.readBytes(path)
            if let line { return try InspectLineSelection.signature(ofLine: line, in: bytes, path: path) }
            // A file of samples is the natural first try; say what inspect takes instead of
            // calling it a malformed signature.
            if InspectLineSelection.looksLikeJSON(bytes) { throw .usage(InspectLineSelection.explanation(for: bytes, path: path)) }
            return bytes
        }
        // Input that is not a signature is malformed input: exit 1, like every command.
        guard let der = Inspector.decodeInput(raw) else {
            try printOut("malformed: the input is neither DER, PEM nor base64 text\n")
            throw CommandExit.verificationFailed
        }
        let inspection = Inspector.inspect(der)
        // Values are escaped where the report is built; this also covers any text built from
        // the input elsewhere (names in a signer identifier, error texts).
        try printOut(TerminalText(lines: inspection.text).description)
        if inspection.problem != nil { throw CommandExit.verificationFailed }
    }
}
