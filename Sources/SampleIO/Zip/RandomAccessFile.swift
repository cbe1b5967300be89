#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only file read at explicit offsets with `pread(2)`, so several readers can share it
/// without a shared file position.
final class RandomAccessFile {
    let path: String
    let size: UInt64
    private let descriptor: Int32

    init(path: String) throws(FileReadError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw .cannotOpen(path: path, errno: code, message: FileReadError.message(for: code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .cannotOpen(path: path, errno: code, message: FileReadError.message(for: code))
        }
        descriptor = fd
        size = UInt64(max(0, info.st_size))
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `count` bytes at `offset`; fewer only at end of file.
    func read(at offset: UInt64, count: Int) throws(FileReadError) -> [UInt8] {
        guard count > 0, offset < size else { return [] }
        let wanted = Int(min(UInt64(count), size - offset))
        var buffer = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let result = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return pread(descriptor, base + filled, wanted - filled, off_t(offset) + off_t(filled))
            }
            if result > 0 {
                filled += result
            } else if result == 0 {
                break
            } else {
                let code = errno
                if code == EINTR { continue }
                throw .readFailed(path: path, errno: code, message: FileReadError.message(for: code))
            }
        }
        if filled < wanted { buffer.removeSubrange(filled...) }
        return buffer
    }
}
