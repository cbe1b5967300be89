import ArgumentParser
import HealthSigKit

/// Where a private key's passphrase comes from. Deliberately no option taking the passphrase
/// itself: command lines are visible to other users of the machine.
struct PassphraseOptions: ParsableArguments {
    @Option(name: .customLong("passphrase-env"), help: "Read the key passphrase from this environment variable.")
    var environmentVariable: String?

    @Option(name: .customLong("passphrase-file"), help: "Read the key passphrase from the first line of this file.")
    var file: String?

    func validate() throws {
        if environmentVariable != nil && file != nil {
            throw ValidationError("give --passphrase-env or --passphrase-file, not both")
        }
    }

    var source: KeyFiles.PassphraseSource {
        if let environmentVariable { return .environment(environmentVariable) }
        if let file { return .file(file) }
        return .none
    }
}
