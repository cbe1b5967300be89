import CryptoBackend
import Foundation
import HealthSigKit

/// What the families need while proposing tests: the test keys and the `openssl` tool, both
/// created on first use (a run that adds no test touches neither).
final class VectorGenerationContext {
    /// The vector directory.
    let directory: URL
    /// The suite's test keys (`test-keys/`).
    private(set) lazy var keys = TestKeyStore(directory: directory.appendingPathComponent("test-keys"),
                                              openssl: { [unowned self] in try self.openssl() })
    private var tool: OpenSSLCommandLine?

    init(directory: URL) {
        self.directory = directory
    }

    /// The `openssl` tool, started on first use.
    func openssl() throws -> OpenSSLCommandLine {
        if let tool { return tool }
        let made = try OpenSSLCommandLine()
        tool = made
        return made
    }

    /// Removes the tool's scratch files.
    func cleanUp() {
        tool?.cleanUp()
    }
}
