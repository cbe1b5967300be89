/// Why the vector suite could not be checked (as opposed to a test that failed).
public enum VectorSuiteError: Error, Sendable, CustomStringConvertible {
    /// A vector file is missing, unreadable or not valid JSON.
    case unreadableFile(path: String, reason: String)
    /// A vector file is valid JSON but not in the vector format (README of TestVectors).
    case invalidFile(path: String, reason: String)
    /// The files hold no test at all.
    case noTests(directory: String)

    /// One line naming the file or step and what went wrong.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): return "\(path): cannot be read: \(reason)"
        case .invalidFile(let path, let reason): return "\(path): not a vector file: \(reason)"
        case .noTests(let directory): return "\(directory): the vector files hold no tests"
        }
    }
}
