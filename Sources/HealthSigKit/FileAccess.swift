import Foundation

/// Reading whole files (or standard input for `-`) with errors that name the path.
public enum FileAccess {
    /// Largest file read whole (keys, certificates, single signatures, JSON arrays). Streams
    /// (JSON Lines, export.xml) are read incrementally elsewhere.
    public static let maximumWholeFileSize = 256 * 1024 * 1024

    /// The bytes of `path`, or of standard input when `path` is `-`.
    ///
    /// Read with `open(2)`/`read(2)`, so pipes work as well as regular files: a passphrase given
    /// as `--passphrase-file <(pass show device)`, a signature as `--in <(base64 -d sig.b64)` or
    /// `/dev/stdin`. The size limit is checked from `fstat` for regular files and while reading
    /// for anything else, so an endless stream cannot fill memory.
    public static func readBytes(_ path: String) throws(ToolError) -> [UInt8] {
        let name = path == "-" ? "standard input" : path
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .io(path: name, reason: message(for: errno)) }
        }
        defer { if path != "-" { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io(path: name, reason: message(for: errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .io(path: name, reason: "is a directory") }
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > maximumWholeFileSize {
            throw .io(path: name, reason: "file is larger than \(maximumWholeFileSize) bytes")
        }
        var bytes: [UInt8] = []
        let chunkSize = 64 * 1024
        while true {
            var count = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                count = read(descriptor, buffer.baseAddress, buffer.count)
                initialized = max(count, 0)
            }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .io(path: name, reason: message(for: code))
            }
            guard bytes.count + count <= maximumWholeFileSize else {
                throw .io(path: name, reason: "input is larger than \(maximumWholeFileSize) bytes")
            }
            bytes += chunk
        }
        return bytes
    }

    /// The text of `path` (UTF-8).
    public static func readText(_ path: String) throws(ToolError) -> String {
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .io(path: path == "-" ? "standard input" : path, reason: "not UTF-8 text")
        }
        return text
    }

    /// The text of an `errno` value, `no such file` for `ENOENT`.
    static func message(for code: Int32) -> String {
        code == ENOENT ? "no such file" : String(cString: strerror(code))
    }

    /// A readable reason for a Foundation file error: the POSIX error underneath when there is
    /// one (Foundation's own texts, "The operation could not be completed. The file doesn't
    /// exist.", can name the wrong problem).
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file or directory"
            case NSFileWriteFileExistsError: return "already exists and is not a directory"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
            case NSFileWriteOutOfSpaceError: return "no space left on device"
            case NSFileWriteVolumeReadOnlyError: return "read-only file system"
            default: break
            }
        }
        return ns.localizedDescription
    }
}
