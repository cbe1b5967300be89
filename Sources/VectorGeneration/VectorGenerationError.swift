/// Why the vectors could not be generated (reading an existing file that is broken throws
/// `VectorSuiteError` instead, as the checker does, and the file is left as it is).
public enum VectorGenerationError: Error, Sendable, CustomStringConvertible {
    /// A file could not be written.
    case unwritable(path: String, reason: String)
    /// The `openssl` tool needed to make key material failed.
    case openssl(String)
    /// The test keys in `test-keys/` could not be loaded or created.
    case testKeys(String)
    /// A test could not be built (a bug in the generator).
    case generation(family: String, comment: String, reason: String)

    /// One line naming the file or step and what went wrong.
    public var description: String {
        switch self {
        case .unwritable(let path, let reason): return "\(path): cannot be written: \(reason)"
        case .openssl(let message): return message
        case .testKeys(let message): return "test keys: \(message)"
        case .generation(let family, let comment, let reason): return "\(family) test '\(comment)': \(reason)"
        }
    }
}
