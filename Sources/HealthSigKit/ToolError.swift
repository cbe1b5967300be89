/// Errors of the tool layer: bad arguments and I/O. The command maps these to exit code 2.
public enum ToolError: Error, Sendable, CustomStringConvertible {
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// The arguments do not make sense together.
    case usage(String)
    /// A key, certificate or trust file could not be used.
    case keyMaterial(path: String, reason: String)

    public var description: String {
        switch self {
        case .io(let path, let reason): return "\(path): \(reason)"
        case .usage(let message): return message
        case .keyMaterial(let path, let reason): return "\(path): \(reason)"
        }
    }
}
