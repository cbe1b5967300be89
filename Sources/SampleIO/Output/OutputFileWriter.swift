#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OwnedMemory

/// Writes one output: a regular file so that it appears complete or not at all, anything else
/// that can be written in place.
///
/// What happens depends on what the destination names (``OutputTarget``):
/// - a regular file, or a path where nothing exists yet: bytes go to a temporary file
///   `.NAME.tmp-XXXXXX` created with `O_EXCL` beside the file (beside the file a symbolic link
///   names, when it is one); ``commit()`` `fsync`s it, checks that the destination is still a
///   regular file (or still absent), renames the temporary file over it and `fsync`s the
///   directory. Until then the destination is untouched; on every error, on ``discard()``, when
///   the writer is deallocated uncommitted, and on SIGINT/SIGTERM/SIGHUP
///   (``TemporaryFileRegistry``) the temporary file is removed.
/// - a character device or a FIFO: opened without creating anything and written in place
///   (a FIFO's `open` waits for a reader, as a shell redirection does); nothing is ever renamed
///   over it or unlinked.
/// - `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`: the descriptor the process already holds.
/// - a directory, a block device or a socket: refused.
///
/// Before anything is created a regular-file destination is compared with every input: same
/// resolved path, or same device and inode (hard links, symbolic links, `./x` vs `x`), is
/// refused with ``OutputFileError/destinationIsInput(destination:input:)`` — signing a file "in
/// place" by naming it twice would otherwise read a file while replacing it. Devices and FIFOs
/// are not compared: writing them destroys nothing (`--in /dev/tty --out /dev/tty` is fine).
///
/// Permissions of a replaced or new file: `permissions` when given (e.g. 0600 for a private
/// key; set before any byte is written); otherwise an existing file's permission bits (and,
/// when run as root, its owner) are kept and new files get 0644.
public final class OutputFileWriter {
    /// The path given as destination (`-` for standard output).
    public let destination: String
    /// What the destination names.
    public let target: OutputTarget
    /// The temporary file's path; `nil` unless a regular file is being replaced.
    public private(set) var temporaryPath: String?
    private var registration: TemporaryFileRegistry.Registration?
    private var descriptor: Int32
    private let ownsDescriptor: Bool
    private var finished = false
    /// Up to `flushThreshold` bytes, written out whenever they fill up.
    private var buffer = ByteBuffer(capacity: OutputFileWriter.flushThreshold)
    private static let flushThreshold = 64 * 1024

    /// How the destination is named in errors.
    private var displayName: String { destination == "-" ? StandardStreams.outputName : destination }

    /// Prepares to write `destination`: creates the temporary file, or opens the device, FIFO
    /// or descriptor.
    ///
    /// - Parameters:
    ///   - inputs: files the output must never replace (`-` is ignored).
    ///   - permissions: mode bits for a new or replaced regular file.
    /// - Throws: ``OutputFileError``.
    public init(destination: String, protecting inputs: [String] = [], permissions: UInt16? = nil) throws(OutputFileError) {
        self.destination = destination
        target = try OutputTarget.of(destination)
        switch target {
        case .standardOutput:
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
        case .openDescriptor(let path, let number):
            // A duplicate, so that closing it at commit leaves the process's own descriptor open.
            let duplicate = fcntl(number, F_DUPFD_CLOEXEC, 3)
            guard duplicate >= 0 else {
                let code = errno
                throw .cannotOpen(path: path, errno: code, message: OutputFileError.message(for: code))
            }
            descriptor = duplicate
            ownsDescriptor = true
        case .inPlace(let path):
            descriptor = try Self.openInPlace(path)
            ownsDescriptor = true
        case .replaceableFile(let path, let existing):
            try Self.checkNotAnInput(destination: destination, resolved: path, inputs: inputs)
            let created = try Self.createTemporaryFile(beside: path, for: destination)
            descriptor = created.descriptor
            ownsDescriptor = true
            temporaryPath = created.path
            registration = created.registration
            if let existing, geteuid() == 0 {
                // Root replacing someone's file gives the new file back to its owner (before
                // the mode: chown clears set-id bits).
                _ = fchown(descriptor, uid_t(existing.owner), gid_t(existing.group))
            }
            // The temporary file is created 0600; the output gets its final mode before any
            // byte is written.
            let mode = permissions.map { mode_t($0) } ?? existing.map { mode_t($0.mode) } ?? 0o644
            _ = fchmod(descriptor, mode)
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends bytes (buffered; written out in 64 KiB pieces).
    ///
    /// - Throws: ``OutputFileError/writeFailed(path:errno:message:)``,
    ///   ``OutputFileError/brokenPipe(path:)`` or ``OutputFileError/alreadyFinished``.
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        // Array's withUnsafeBytes rethrows untyped errors; the Result keeps the type.
        try bytes.withUnsafeBytes { raw in Result { () throws(OutputFileError) in try write(raw) } }.get()
    }

    /// Appends the bytes at `bytes`. A piece of at least 64 KiB arriving when nothing is
    /// buffered (a streamed report hands its lines on in such pieces) goes to the descriptor
    /// as it is, not through a copy into the buffer.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        guard !finished else { throw .alreadyFinished }
        let room = Self.flushThreshold - buffer.count
        if bytes.count < room {
            buffer.append(bytes)
            return
        }
        if buffer.isEmpty {
            try DescriptorWriter.write(bytes, to: descriptor, path: displayName)
            return
        }
        // Fill the buffer, write it out whole, and take the rest as a new piece.
        buffer.append(UnsafeRawBufferPointer(rebasing: bytes[..<room]))
        try flush()
        try write(UnsafeRawBufferPointer(rebasing: bytes[room...]))
    }

    /// Appends the UTF-8 bytes of `text`.
    public func write(_ text: String) throws(OutputFileError) {
        try write(Array(text.utf8))
    }

    /// Finishes. A regular file: flushes, `fsync`s, renames the temporary file over the
    /// destination and `fsync`s the directory. Anything else: flushes and closes.
    ///
    /// - Throws: ``OutputFileError``; on failure a temporary file is removed and a regular
    ///   destination is left as it was.
    public func commit() throws(OutputFileError) {
        guard !finished else { throw .alreadyFinished }
        do {
            try flush()
        } catch {
            discard()
            throw error
        }
        guard let temporaryPath, case .replaceableFile(let path, _) = target else {
            finished = true
            if ownsDescriptor, close(descriptor) != 0 {
                let code = errno
                descriptor = -1
                throw .writeFailed(path: displayName, errno: code, message: OutputFileError.message(for: code))
            }
            descriptor = -1
            return
        }
        if fsync(descriptor) != 0 {
            let code = errno
            discard()
            throw .writeFailed(path: destination, errno: code, message: OutputFileError.message(for: code))
        }
        if close(descriptor) != 0 {
            let code = errno
            descriptor = -1
            discard()
            throw .writeFailed(path: destination, errno: code, message: OutputFileError.message(for: code))
        }
        descriptor = -1
        // The path was a regular file (or nothing) when the writer opened; if it has become a
        // device, a directory or a link since, renaming over it would replace that instead.
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            discard()
            throw .destinationChanged(path: destination)
        }
        if rename(temporaryPath, path) != 0 {
            let code = errno
            discard()
            throw .renameFailed(from: temporaryPath, to: path, errno: code, message: OutputFileError.message(for: code))
        }
        finished = true
        if let registration { TemporaryFileRegistry.unregister(registration) }
        registration = nil
        // Make the new directory entry durable; failure here is not fatal (the data is written).
        let directoryDescriptor = open(OutputTarget.directory(of: path), O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Abandons the output: removes the temporary file (a regular destination is untouched);
    /// for anything written in place, closes it (bytes already written stay written).
    public func discard() {
        guard !finished else { return }
        finished = true
        buffer.removeAll()
        if ownsDescriptor, descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporaryPath { unlink(temporaryPath) }
        if let registration { TemporaryFileRegistry.unregister(registration) }
        registration = nil
    }

    /// Writes `bytes` to `destination` in one call.
    public static func write(_ bytes: [UInt8], to destination: String, protecting inputs: [String] = [],
                             permissions: UInt16? = nil) throws(OutputFileError) {
        let writer = try OutputFileWriter(destination: destination, protecting: inputs, permissions: permissions)
        try writer.write(bytes)
        try writer.commit()
    }

    /// The width in cells of the terminal the output is written to (`ioctl` `TIOCGWINSZ`), or
    /// `nil` when it is not a terminal (a file, a pipe) or the terminal does not say.
    public var terminalColumns: Int? {
        guard descriptor >= 0, isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes out what is buffered now, for a reader following the output live (a regular
    /// file's bytes go to its temporary file, which appears only at ``commit()``).
    ///
    /// - Throws: as ``write(_:)``.
    public func flush() throws(OutputFileError) {
        guard !finished else { throw .alreadyFinished }
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { bytes throws(OutputFileError) in
            try DescriptorWriter.write(bytes, to: descriptor, path: displayName)
        }
        buffer.removeAll()
    }

    // MARK: - Opening

    /// Opens a character device or FIFO for writing: never creates, never truncates.
    private static func openInPlace(_ path: String) throws(OutputFileError) -> Int32 {
        while true {
            let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            if fd >= 0 { return fd }
            let code = errno
            if code == EINTR { continue }
            throw .cannotOpen(path: path, errno: code, message: OutputFileError.message(for: code))
        }
    }

    /// Creates `.NAME.tmp-XXXXXX` beside `path` with `O_EXCL`, registered for removal on signals
    /// before it exists.
    private static func createTemporaryFile(beside path: String, for destination: String) throws(OutputFileError)
        -> (path: String, descriptor: Int32, registration: TemporaryFileRegistry.Registration) {
        let directory = OutputTarget.directory(of: path)
        let name = OutputTarget.lastComponent(of: path)
        var lastError = EEXIST
        for _ in 0..<100 {
            let candidate = "\(directory)/.\(name).tmp-\(randomSuffix())"
            let registration = try TemporaryFileRegistry.register(candidate, for: destination)
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (candidate, fd, registration) }
            lastError = errno
            TemporaryFileRegistry.unregister(registration)
            if lastError != EEXIST && lastError != EINTR { break }
        }
        throw .cannotCreateTemporaryFile(destination: destination, directory: directory, errno: lastError, message: OutputFileError.message(for: lastError))
    }

    /// Six letters or digits, as `mkstemp` uses (O_EXCL, not the name, is what makes it safe).
    private static func randomSuffix() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }

    // MARK: - Same-file check

    static func checkNotAnInput(destination: String, resolved: String, inputs: [String]) throws(OutputFileError) {
        var destinationInfo = stat()
        let destinationExists = stat(resolved, &destinationInfo) == 0
        let resolvedDestination = resolvedPath(of: resolved)
        for input in inputs where input != "-" {
            var inputInfo = stat()
            if destinationExists, stat(input, &inputInfo) == 0,
               inputInfo.st_dev == destinationInfo.st_dev, inputInfo.st_ino == destinationInfo.st_ino {
                throw .destinationIsInput(destination: destination, input: input)
            }
            if let resolvedDestination, let resolvedInput = resolvedPath(of: input), resolvedInput == resolvedDestination {
                throw .destinationIsInput(destination: destination, input: input)
            }
        }
    }

    /// The absolute path with symbolic links resolved; for a file that does not exist yet, its
    /// directory is resolved and the last component appended.
    static func resolvedPath(of path: String) -> String? {
        if let full = OutputTarget.realPath(path) { return full }
        guard let directory = OutputTarget.realPath(OutputTarget.directory(of: path)) else { return nil }
        let name = OutputTarget.lastComponent(of: path)
        return directory == "/" ? "/" + name : directory + "/" + name
    }
}
