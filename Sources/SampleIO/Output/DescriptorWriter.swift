#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole buffers with `write(2)`, reporting every failure as a typed error.
///
/// Short writes are continued, `EINTR` is retried and `EAGAIN` (a non-blocking descriptor
/// inherited as standard output) waits until the descriptor is writable. `EPIPE` becomes
/// ``OutputFileError/brokenPipe(path:)`` so that a command can end quietly, any other error
/// ``OutputFileError/writeFailed(path:errno:message:)`` naming `path`. Nothing traps: Foundation's
/// `FileHandle.write(_:)` raises an exception (a crash on Linux) when standard output is full or
/// closed.
public enum DescriptorWriter {
    /// Writes all of `bytes` to `descriptor`; `path` names it in errors.
    public static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(OutputFileError) {
        // Array's withUnsafeBytes rethrows untyped errors; the Result keeps the type.
        try bytes.withUnsafeBytes { raw in Result { () throws(OutputFileError) in try write(raw, to: descriptor, path: path) } }.get()
    }

    /// ``write(_:to:path:)-([UInt8],_,_)`` of the bytes at `bytes`, for a caller whose bytes
    /// are not an array (a report's buffer), so that they need not be copied into one.
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(OutputFileError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let result = systemWrite(descriptor, base + offset, bytes.count - offset)
            if result > 0 {
                offset += result
                continue
            }
            let code = result < 0 ? errno : EIO
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)
            case EPIPE:
                throw .brokenPipe(path: path)
            default:
                throw .writeFailed(path: path, errno: code, message: OutputFileError.message(for: code))
            }
        }
    }

    /// Writes the UTF-8 bytes of `text`.
    public static func write(_ text: String, to descriptor: Int32, path: String) throws(OutputFileError) {
        try write(Array(text.utf8), to: descriptor, path: path)
    }
}

/// `write(2)` under another name, so that `DescriptorWriter.write(_:to:path:)` can call it.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
