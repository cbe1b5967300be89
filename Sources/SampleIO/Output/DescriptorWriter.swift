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
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return systemWrite(descriptor, base + offset, raw.count - offset)
            }
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
