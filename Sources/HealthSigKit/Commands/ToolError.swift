import CryptoBackend
import SampleIO

/// Errors of the tool layer: bad arguments and I/O. The command maps these to exit code 2.
public enum ToolError: Error, Sendable, CustomStringConvertible {
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// The arguments do not make sense together.
    case usage(String)
    /// A key, certificate or trust file could not be used.
    case keyMaterial(path: String, reason: String)
    /// A private key in a PKCS#11 token could not be used (bad URI, module, PIN, no such object).
    case tokenKey(TokenKeyError)
    /// The reader of an output pipe or FIFO went away (`EPIPE`): the command ends quietly.
    case brokenPipe(path: String)

    /// An output error: a broken pipe stays one, anything else is an I/O error naming the path.
    public static func output(_ error: OutputFileError) -> ToolError {
        if case .brokenPipe(let path) = error { return .brokenPipe(path: path) }
        return .io(path: error.path.isEmpty ? "output" : error.path, reason: error.reason)
    }

    public var description: String {
        switch self {
        case .io(let path, let reason): return "\(path): \(reason)"
        case .usage(let message): return message
        case .keyMaterial(let path, let reason): return "\(path): \(reason)"
        case .tokenKey(let error): return error.description
        case .brokenPipe(let path): return "\(path): the reader has gone (broken pipe)"
        }
    }
}
