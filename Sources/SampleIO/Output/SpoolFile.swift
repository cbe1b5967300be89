#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An anonymous temporary file: written, then read back from the start.
///
/// Created with `O_EXCL` (mode 0600) in `$TMPDIR` (or `/tmp`) and unlinked at once, so it has no
/// name while it holds data and disappears with the process however the process ends — a
/// signal, a crash or `exit` leave nothing behind. Used to hold an output that can only be
/// written in place (standard output, a device, a FIFO) until the run has succeeded.
public final class SpoolFile {
    private var descriptor: Int32
    private let directory: String
    private var pending: [UInt8] = []
    private static let flushThreshold = 64 * 1024

    /// Creates the file.
    ///
    /// - Throws: ``OutputFileError/cannotCreateTemporaryFile(destination:directory:errno:message:)``.
    public init() throws(OutputFileError) {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if base.isEmpty { base = "/tmp" }
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        directory = base
        var lastError = EEXIST
        for _ in 0..<100 {
            let candidate = "\(base)/healthsig-spool-\(UInt64.random(in: 0...UInt64.max))"
            // Registered while it has a name, so a signal in between cannot leave it behind.
            let registration = try TemporaryFileRegistry.register(candidate, for: Self.name(in: base))
            let fd = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                unlink(candidate)
                TemporaryFileRegistry.unregister(registration)
                descriptor = fd
                return
            }
            lastError = errno
            TemporaryFileRegistry.unregister(registration)
            if lastError != EEXIST && lastError != EINTR { break }
        }
        throw .cannotCreateTemporaryFile(destination: Self.name(in: base), directory: base, errno: lastError, message: OutputFileError.message(for: lastError))
    }

    deinit {
        close(descriptor)
    }

    private var name: String { Self.name(in: directory) }

    private static func name(in directory: String) -> String { "the temporary copy in \(directory)" }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        // Array's withUnsafeBytes rethrows untyped errors; the Result keeps the type.
        try bytes.withUnsafeBytes { raw in Result { () throws(OutputFileError) in try write(raw) } }.get()
    }

    /// Appends the bytes at `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        pending.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
        if pending.count >= Self.flushThreshold { try flush() }
    }

    /// Hands every byte written, from the first, to `body` in chunks of at most 256 KiB.
    public func readBack(_ body: ([UInt8]) throws(OutputFileError) -> Void) throws(OutputFileError) {
        try flush()
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            let code = errno
            throw .writeFailed(path: name, errno: code, message: OutputFileError.message(for: code))
        }
        let chunkSize = 256 * 1024
        while true {
            var count = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                count = read(descriptor, buffer.baseAddress, buffer.count)
                initialized = max(count, 0)
            }
            if count == 0 { return }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .writeFailed(path: name, errno: code, message: OutputFileError.message(for: code))
            }
            try body(chunk)
        }
    }

    private func flush() throws(OutputFileError) {
        guard !pending.isEmpty else { return }
        try DescriptorWriter.write(pending, to: descriptor, path: name)
        pending.removeAll(keepingCapacity: true)
    }
}
