#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an output file so that it either appears complete or not at all.
///
/// Bytes go to a temporary file created (`mkstemp`) in the destination's directory; ``commit()``
/// `fsync`s it, renames it over the destination (`rename(2)` is atomic within a file system)
/// and `fsync`s the directory so the rename itself is durable. Until then the destination is
/// untouched; a writer that is discarded or deallocated without commit removes its temporary
/// file. Renaming replaces the directory entry: if the destination is a symbolic link, the
/// link is replaced, not its target.
///
/// Before anything is created the destination is compared with every input: same resolved
/// path, or same device and inode (hard links, symbolic links, `./x` vs `x`), is refused with
/// ``OutputFileError/destinationIsInput(destination:input:)`` — signing a file "in place" by
/// naming it twice would otherwise read a file while replacing it.
///
/// The destination `-` means standard output: bytes are written straight through, there is
/// nothing to rename, and ``commit()`` only flushes.
///
/// Permissions: `permissions` when given (e.g. 0600 for a private key; set on the temporary
/// file before any byte is written); otherwise an existing destination's permission bits are
/// kept and new files get 0644.
public final class AtomicFileWriter {
    /// The path given as destination (`-` for standard output).
    public let destination: String
    /// The temporary file's path, `nil` for standard output.
    public private(set) var temporaryPath: String?
    private var descriptor: Int32
    private var pending: [UInt8] = []
    private var finished = false
    private static let flushThreshold = 64 * 1024

    /// Prepares to write `destination`, refusing if it is the same file as any of `inputs`
    /// (inputs named `-` are ignored).
    ///
    /// - Parameter permissions: mode bits for the new file (ignored for standard output).
    /// - Throws: ``OutputFileError``.
    public init(destination: String, protecting inputs: [String] = [], permissions: UInt16? = nil) throws(OutputFileError) {
        self.destination = destination
        if destination == "-" {
            descriptor = STDOUT_FILENO
            temporaryPath = nil
            return
        }
        try Self.checkNotAnInput(destination: destination, inputs: inputs)

        var destinationInfo = stat()
        let exists = stat(destination, &destinationInfo) == 0
        if exists, destinationInfo.st_mode & S_IFMT == S_IFDIR { throw .destinationIsDirectory(destination) }

        let directory = Self.directory(of: destination)
        let name = Self.lastComponent(of: destination)
        var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let address = buffer.baseAddress else { return -1 }
            return mkstemp(address)
        }
        guard fd >= 0 else {
            let code = errno
            throw .cannotCreateTemporaryFile(directory: directory, errno: code, message: FileReadError.message(for: code))
        }
        let path = template.withUnsafeBufferPointer { buffer in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        descriptor = fd
        temporaryPath = path
        // mkstemp creates 0600; give the output ordinary permissions (or the replaced file's).
        // `permissions` (e.g. 0600 for a private key) is applied before any byte is written.
        let mode: mode_t = permissions.map { mode_t($0) } ?? (exists ? destinationInfo.st_mode & 0o7777 : 0o644)
        _ = fchmod(fd, mode)
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends bytes (buffered; written out in 64 KiB pieces).
    ///
    /// - Throws: ``OutputFileError/writeFailed(path:errno:message:)`` or ``OutputFileError/alreadyFinished``.
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        guard !finished else { throw .alreadyFinished }
        pending.append(contentsOf: bytes)
        if pending.count >= Self.flushThreshold { try flush() }
    }

    /// Appends the UTF-8 bytes of `text`.
    public func write(_ text: String) throws(OutputFileError) {
        try write(Array(text.utf8))
    }

    /// Finishes: flushes, `fsync`s, renames the temporary file over the destination and
    /// `fsync`s the directory. For standard output only flushes.
    ///
    /// - Throws: ``OutputFileError``; on failure the temporary file is removed and the
    ///   destination is left as it was.
    public func commit() throws(OutputFileError) {
        guard !finished else { throw .alreadyFinished }
        do {
            try flush()
        } catch {
            discard()
            throw error
        }
        guard let temporaryPath else {
            finished = true
            return
        }
        if fsync(descriptor) != 0 {
            let code = errno
            discard()
            throw .writeFailed(path: temporaryPath, errno: code, message: FileReadError.message(for: code))
        }
        if close(descriptor) != 0 {
            let code = errno
            descriptor = -1
            discard()
            throw .writeFailed(path: temporaryPath, errno: code, message: FileReadError.message(for: code))
        }
        descriptor = -1
        if rename(temporaryPath, destination) != 0 {
            let code = errno
            discard()
            throw .renameFailed(from: temporaryPath, to: destination, errno: code, message: FileReadError.message(for: code))
        }
        finished = true
        // Make the new directory entry durable; failure here is not fatal (the data is written).
        let directoryDescriptor = open(Self.directory(of: destination), O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Abandons the output: closes and removes the temporary file; the destination is untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        pending.removeAll()
        if let temporaryPath {
            if descriptor >= 0 { close(descriptor) }
            unlink(temporaryPath)
        }
        descriptor = -1
    }

    /// Writes `bytes` to `destination` atomically in one call.
    public static func write(_ bytes: [UInt8], to destination: String, protecting inputs: [String] = [],
                             permissions: UInt16? = nil) throws(OutputFileError) {
        let writer = try AtomicFileWriter(destination: destination, protecting: inputs, permissions: permissions)
        try writer.write(bytes)
        try writer.commit()
    }

    private func flush() throws(OutputFileError) {
        var offset = 0
        let path = temporaryPath ?? "standard output"
        while offset < pending.count {
            let result = pending.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return systemWrite(descriptor, base + offset, raw.count - offset)
            }
            if result > 0 {
                offset += result
            } else {
                let code = errno
                if result < 0, code == EINTR { continue }
                throw .writeFailed(path: path, errno: code, message: FileReadError.message(for: code))
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    // MARK: - Same-file check

    static func checkNotAnInput(destination: String, inputs: [String]) throws(OutputFileError) {
        var destinationInfo = stat()
        let destinationExists = stat(destination, &destinationInfo) == 0
        let resolvedDestination = resolvedPath(of: destination)
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
        if let full = realPath(path) { return full }
        guard let directory = realPath(directory(of: path)) else { return nil }
        return directory == "/" ? "/" + lastComponent(of: path) : directory + "/" + lastComponent(of: path)
    }

    private static func realPath(_ path: String) -> String? {
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

/// `write(2)` under another name, so that `AtomicFileWriter.write(_:)` can call it.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
