import Foundation
import SampleIO

/// Reading whole files (or standard input for `-`) with errors that name the path.
public enum FileAccess {
    /// Largest file read whole (keys, certificates, single signatures, JSON arrays). Streams
    /// (JSON Lines, export.xml) are read incrementally elsewhere.
    public static let maximumWholeFileSize = 256 * 1024 * 1024

    /// How `path` is named in messages: `standard input` for `-`.
    public static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : path
    }

    /// The bytes of `path`, or of standard input when `path` is `-`.
    ///
    /// Read through ``SampleIO/FileChunkSource``, so pipes work as well as regular files: a
    /// passphrase given as `--passphrase-file <(pass show device)`, a signature as
    /// `--in <(base64 -d sig.b64)` or `/dev/stdin`. The size limit is checked from `fstat` for
    /// regular files and while reading for anything else, so an endless stream cannot fill memory.
    public static func readBytes(_ path: String) throws(ToolError) -> [UInt8] {
        let name = displayName(path)
        do {
            let source = try FileChunkSource(path: path, chunkSize: 64 * 1024)
            let status = source.status
            if status.isDirectory { throw ToolError.io(path: name, reason: "is a directory") }
            if let size = status.regularFileSize, size > maximumWholeFileSize {
                throw ToolError.io(path: name, reason: "file is larger than \(maximumWholeFileSize) bytes")
            }
            var bytes: [UInt8] = []
            while let chunk = try source.nextChunk() {
                guard bytes.count + chunk.count <= maximumWholeFileSize else {
                    throw ToolError.io(path: name, reason: "input is larger than \(maximumWholeFileSize) bytes")
                }
                bytes += chunk
            }
            return bytes
        } catch let error as ToolError {
            throw error
        } catch let error as FileReadError {
            throw ioError(error, name)
        } catch {
            throw .io(path: name, reason: "\(error)")
        }
    }

    /// The text of `path` (UTF-8).
    public static func readText(_ path: String) throws(ToolError) -> String {
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .io(path: displayName(path), reason: "not UTF-8 text")
        }
        return text
    }

    /// An I/O error of an input, its path given once.
    public static func ioError(_ error: FileReadError, _ path: String) -> ToolError {
        switch error {
        case .cannotOpen(_, _, let message): return .io(path: path, reason: "cannot open: \(message)")
        case .readFailed(_, _, let message): return .io(path: path, reason: "cannot read: \(message)")
        }
    }

    /// A readable reason for a Foundation file error: the POSIX error underneath when there is
    /// one (Foundation's own texts, "The operation could not be completed. The file doesn't
    /// exist.", can name the wrong problem).
    package static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file or directory"
            case NSFileWriteFileExistsError: return "a file of that name already exists"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
            case NSFileWriteOutOfSpaceError: return "no space left on device"
            case NSFileWriteVolumeReadOnlyError: return "read-only file system"
            default: break
            }
        }
        return ns.localizedDescription
    }
}
