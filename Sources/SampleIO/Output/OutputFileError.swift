/// Why output could not be written.
public enum OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The destination is the same file as one of the inputs (same resolved path, or same
    /// device and inode, e.g. through a hard or symbolic link). Writing would destroy the input.
    case destinationIsInput(destination: String, input: String)
    /// The destination is an existing directory.
    case destinationIsDirectory(String)
    /// The destination is a kind of file that is neither replaced nor written: a block device
    /// (writing would overwrite a disk) or a socket (`open(2)` cannot write one).
    case unsupportedDestination(path: String, kind: String)
    /// A destination written in place (device, FIFO, open descriptor) could not be opened, or a
    /// chain of symbolic links could not be followed.
    case cannotOpen(path: String, errno: Int32, message: String)
    /// The temporary file for `destination` could not be created in `directory`.
    case cannotCreateTemporaryFile(destination: String, directory: String, errno: Int32, message: String)
    /// Every slot for live temporary files is taken (see ``TemporaryFileRegistry``).
    case tooManyTemporaryFiles(limit: Int)
    /// Writing, syncing or closing failed.
    case writeFailed(path: String, errno: Int32, message: String)
    /// The reader of a pipe or FIFO went away (`EPIPE`). Commands end quietly on it, as Unix
    /// tools do when the program they write to stops reading.
    case brokenPipe(path: String)
    /// The regular file being replaced was swapped for something else (a device, a directory)
    /// while the output was written; it is left alone.
    case destinationChanged(path: String)
    /// Renaming the temporary file over the destination failed.
    case renameFailed(from: String, to: String, errno: Int32, message: String)
    /// A write or commit after commit or discard.
    case alreadyFinished

    /// A one-line description that names the path.
    public var description: String {
        switch self {
        case .tooManyTemporaryFiles, .alreadyFinished: reason
        default: "\(path): \(reason)"
        }
    }

    /// The path the error is about: the destination as given.
    public var path: String {
        switch self {
        case .destinationIsInput(let destination, _): destination
        case .destinationIsDirectory(let path), .unsupportedDestination(let path, _), .cannotOpen(let path, _, _),
             .writeFailed(let path, _, _), .brokenPipe(let path), .destinationChanged(let path),
             .cannotCreateTemporaryFile(let path, _, _, _): path
        case .renameFailed(_, let to, _, _): to
        case .tooManyTemporaryFiles, .alreadyFinished: ""
        }
    }

    /// What went wrong, without the path (for messages that name the path themselves).
    public var reason: String {
        switch self {
        case .destinationIsInput(_, let input): "refusing to overwrite it: it is the input \(input)"
        case .destinationIsDirectory: "is a directory"
        case .unsupportedDestination(_, let kind): "is \(kind); outputs are regular files, character devices, FIFOs or standard output"
        case .cannotOpen(_, _, let message): "cannot open: \(message)"
        case .cannotCreateTemporaryFile(_, let directory, _, let message): "cannot create a temporary file in \(directory): \(message)"
        case .tooManyTemporaryFiles(let limit): "more than \(limit) outputs open at once"
        case .writeFailed(_, _, let message): "cannot write: \(message)"
        case .brokenPipe: "cannot write: the reader has gone (broken pipe)"
        case .destinationChanged: "stopped being a regular file while the output was written; left alone"
        case .renameFailed(let from, _, _, let message): "cannot rename \(from) into place: \(message)"
        case .alreadyFinished: "output already committed or discarded"
        }
    }

    /// The text of `errno` value `code`.
    static func message(for code: Int32) -> String {
        FileReadError.message(for: code)
    }
}
