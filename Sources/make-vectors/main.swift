import Foundation
import SampleIO
import VectorGeneration

// make-vectors [DIR]: creates or extends the conformance vectors in DIR (default TestVectors).
// A maintainer tool (CONTRIBUTING.md, "Conformance vectors"); vendors run `healthsig vectors check`.

let usage = """
    usage: make-vectors [DIR]
    Creates or extends the conformance vector files in DIR (default: TestVectors): existing tests
    are kept byte for byte, new ones appended with new tcIds; then checks the result.
    Needs the openssl command for new key material ($HEALTHSIG_OPENSSL, /usr/bin/openssl or PATH).

    """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("-h") || arguments.contains("--help") {
    try? StandardStreams.writeOutput(usage)
    exit(0)
}
guard arguments.count <= 1, !(arguments.first?.hasPrefix("-") ?? false) else {
    StandardStreams.writeError(usage)
    exit(2)
}
do {
    let summary = try VectorSuiteGenerator.generate(directory: arguments.first ?? "TestVectors")
    try StandardStreams.writeOutput(summary.text + "\n")
    // A test this implementation disagrees with after generating is a failure, as in `vectors check`.
    exit(summary.check.succeeded ? 0 : 1)
} catch {
    StandardStreams.writeError("make-vectors: \(error)\n")
    exit(2)
}
