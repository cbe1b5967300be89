import ArgumentParser
import HealthSigKit

/// How to reach a key given as a PKCS#11 URI. Like the passphrase, the PIN has no option taking
/// it directly: command lines are visible to other users of the machine.
struct TokenOptions: ParsableArguments {
    @Option(name: .customLong("pkcs11-module"),
            help: ArgumentHelp("The PKCS#11 library of the token holding a pkcs11: key (e.g. /usr/lib/softhsm/libsofthsm2.so).",
                               valueName: "PATH"))
    var module: String?

    @Option(name: .customLong("pin-env"), help: ArgumentHelp("Read the token's PIN from this environment variable.", valueName: "NAME"))
    var pinEnvironment: String?

    @Option(name: .customLong("pin-file"), help: ArgumentHelp("Read the token's PIN from the first line of this file.", valueName: "PATH"))
    var pinFile: String?

    func validate() throws {
        if pinEnvironment != nil && pinFile != nil {
            throw ValidationError("give --pin-env or --pin-file, not both")
        }
        if module == nil && (pinEnvironment != nil || pinFile != nil) {
            throw ValidationError("--pin-env and --pin-file are for a key in a token: give --pkcs11-module too")
        }
    }

    /// The token access, when a module is given.
    var access: TokenAccess? {
        guard let module else { return nil }
        let pin: KeyFiles.PassphraseSource = pinEnvironment.map { .environment($0) } ?? pinFile.map { .file($0) } ?? .none
        return TokenAccess(module: module, pin: pin)
    }
}
