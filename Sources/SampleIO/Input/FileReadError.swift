#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Errors from reading files.
public enum FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `open(2)` failed (the `errno` value and its text are given).
    case cannotOpen(path: String, errno: Int32, message: String)
    /// `read(2)`/`pread(2)` failed.
    case readFailed(path: String, errno: Int32, message: String)

    /// A one-line description.
    public var description: String {
        switch self {
        case .cannotOpen(let path, _, let message): "cannot open \(path): \(message)"
        case .readFailed(let path, _, let message): "cannot read \(path): \(message)"
        }
    }

    static func message(for code: Int32) -> String {
        String(cString: strerror(code))
    }
}
