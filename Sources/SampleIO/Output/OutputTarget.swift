#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an output path names, and therefore how it is written.
///
/// Only a regular file, or a path where nothing exists yet, is replaced atomically (temporary
/// file beside it, then `rename(2)`). Anything else that can be written is written in place and
/// never created, renamed over or unlinked: renaming a file over `/dev/null` run as root would
/// replace the machine's null device. Symbolic links are followed and the rule applies to what
/// they name, so a link to a file keeps being a link and the file it names is replaced.
public enum OutputTarget: Sendable, Equatable {
    /// `-`: the process's standard output.
    case standardOutput
    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`: a descriptor the process
    /// already holds, written through a duplicate so that its offset and append mode are kept
    /// (reopening `/proc/self/fd/1` would start a redirected file at offset 0).
    case openDescriptor(path: String, descriptor: Int32)
    /// A regular file or a path that does not exist yet, replaced atomically. `path` is where the
    /// file is once symbolic links are followed; `existing` describes the file replaced.
    case replaceableFile(path: String, existing: ExistingFile?)
    /// A character device or a FIFO, opened and written in place.
    case inPlace(path: String)

    /// The permission bits and owner of a regular file that an output replaces.
    public struct ExistingFile: Sendable, Equatable {
        public let mode: UInt32
        public let owner: UInt32
        public let group: UInt32
    }

    /// Most symbolic links followed for a path that does not exist yet (Linux's own limit).
    static let maximumLinkDepth = 40

    /// Classifies `path`.
    ///
    /// - Throws: ``OutputFileError/destinationIsDirectory(_:)``,
    ///   ``OutputFileError/unsupportedDestination(path:kind:)`` (block device, socket) or
    ///   ``OutputFileError/cannotOpen(path:errno:message:)`` (a link loop, a path that cannot
    ///   be examined).
    public static func of(_ path: String) throws(OutputFileError) -> OutputTarget {
        if path == "-" { return .standardOutput }
        if let descriptor = openDescriptorNumber(path) { return .openDescriptor(path: path, descriptor: descriptor) }
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            guard code == ENOENT else { throw .cannotOpen(path: path, errno: code, message: OutputFileError.message(for: code)) }
            return .replaceableFile(path: try finalLinkTarget(of: path), existing: nil)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let existing = ExistingFile(mode: UInt32(info.st_mode & 0o7777), owner: UInt32(info.st_uid), group: UInt32(info.st_gid))
            return .replaceableFile(path: realPath(path) ?? path, existing: existing)
        case S_IFDIR:
            throw .destinationIsDirectory(path)
        case S_IFCHR, S_IFIFO:
            return .inPlace(path: path)
        case S_IFBLK:
            throw .unsupportedDestination(path: path, kind: "a block device")
        case S_IFSOCK:
            throw .unsupportedDestination(path: path, kind: "a socket")
        default:
            throw .unsupportedDestination(path: path, kind: "not a regular file")
        }
    }

    /// The descriptor number a `/dev/stdout`-style path names, if it is one.
    static func openDescriptorNumber(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            let digits = path.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int32(digits)
        }
        return nil
    }

    /// Where a path that does not exist would be created: itself, or, when it is a symbolic
    /// link to nothing (yet), the path at the end of the chain of links.
    static func finalLinkTarget(of path: String) throws(OutputFileError) -> String {
        var current = path
        for _ in 0..<maximumLinkDepth {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let target = readLink(current) else {
                let code = errno
                throw .cannotOpen(path: path, errno: code, message: OutputFileError.message(for: code))
            }
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        throw .cannotOpen(path: path, errno: ELOOP, message: OutputFileError.message(for: ELOOP))
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
            guard let base = pointer.baseAddress else { return -1 }
            return readlink(path, base, pointer.count - 1)
        }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The absolute path with symbolic links resolved, for a file that exists.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
