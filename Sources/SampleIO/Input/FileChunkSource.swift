#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``ByteChunkSource`` that reads a file (or standard input) with `read(2)`, one chunk at a time.
///
/// A class because it owns a file descriptor, which is closed when the source goes away.
public final class FileChunkSource: ByteChunkSource {
    /// The default chunk size: large enough that system-call overhead is negligible, small enough
    /// to keep memory flat.
    public static let defaultChunkSize = 256 * 1024

    /// The path the source reads (`-` for standard input).
    public let path: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let chunkSize: Int
    private var finished = false

    /// Opens `path` for reading; `-` reads standard input.
    ///
    /// - Parameter chunkSize: bytes per chunk, clamped to 4 KiB…16 MiB.
    /// - Throws: ``FileReadError/cannotOpen(path:errno:message:)``.
    public init(path: String, chunkSize: Int = FileChunkSource.defaultChunkSize) throws(FileReadError) {
        self.path = path
        self.chunkSize = min(max(chunkSize, 4096), 16 * 1024 * 1024)
        if path == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        } else {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                let code = errno
                throw .cannotOpen(path: path, errno: code, message: FileReadError.message(for: code))
            }
            descriptor = fd
            ownsDescriptor = true
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// What `fstat(2)` says of the open file: whether it is a directory (which opens, but cannot
    /// be read), and its size when it is a regular file (pipes and devices have none).
    public var status: (isDirectory: Bool, regularFileSize: Int?) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return (false, nil) }
        let type = info.st_mode & S_IFMT
        return (type == S_IFDIR, type == S_IFREG ? Int(info.st_size) : nil)
    }

    /// Whether a `read(2)` would return at once: `poll(2)` with no wait reports data, the end of
    /// the stream or an error (a regular file always does). A pipe or terminal with nothing
    /// written yet answers `false`.
    public func chunkIsReady() -> Bool {
        if finished { return true }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0 && request.revents != 0
    }

    /// Reads the next chunk; retries on `EINTR`.
    public func nextChunk() throws -> [UInt8]? {
        guard !finished else { return nil }
        while true {
            // Read straight into uninitialized array storage: no zero-filling of each chunk.
            var count = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                count = read(descriptor, buffer.baseAddress, buffer.count)
                initialized = max(count, 0)
            }
            if count > 0 { return chunk }
            if count == 0 {
                finished = true
                return nil
            }
            let code = errno
            if code == EINTR { continue }
            throw FileReadError.readFailed(path: path, errno: code, message: FileReadError.message(for: code))
        }
    }
}
