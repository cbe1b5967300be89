import ArgumentParser
import HealthSigKit

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a signature's DER/CMS structure and its decoded record.",
        discussion: "Input: DER, PEM or base64 (the HKDigitalSignature text itself)."
    )

    @Option(help: "File holding the signature (- for standard input).") var `in`: String?
    @Option(help: "The base64 signature text itself.") var signature: String?

    func validate() throws {
        if (self.in == nil) == (signature == nil) { throw ValidationError("give exactly one of --in or --signature") }
    }

    func run() throws {
        let report = try runTool { () throws(ToolError) in
            let raw: [UInt8]
            if let signature { raw = Array(signature.utf8) } else { raw = try FileAccess.readBytes(self.in ?? "-") }
            return Inspector.report(for: try Inspector.decodeInput(raw))
        }
        printOut(report)
    }
}
