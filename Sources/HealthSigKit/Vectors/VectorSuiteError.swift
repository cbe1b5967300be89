/// Why the vector suite could not run (as opposed to a test that failed).
public enum VectorSuiteError: Error, Sendable, CustomStringConvertible {
    /// A vector file is missing, unreadable or not valid JSON.
    case unreadableFile(path: String, reason: String)
    /// A vector file is valid JSON but not in the vector format (README of TestVectors).
    case invalidFile(path: String, reason: String)
    /// The files hold no test at all.
    case noTests(directory: String)
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
        case .unreadableFile(let path, let reason): return "\(path): cannot be read: \(reason)"
        case .invalidFile(let path, let reason): return "\(path): not a vector file: \(reason)"
        case .noTests(let directory): return "\(directory): the vector files hold no tests"
        case .unwritable(let path, let reason): return "\(path): cannot be written: \(reason)"
        case .openssl(let message): return message
        case .testKeys(let message): return "test keys: \(message)"
        case .generation(let family, let comment, let reason): return "\(family) test '\(comment)': \(reason)"
        }
    }
}
