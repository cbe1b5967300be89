/// Why output could not be written.
public enum OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The destination is the same file as one of the inputs (same resolved path, or same
    /// device and inode, e.g. through a hard or symbolic link). Writing would destroy the input.
    case destinationIsInput(destination: String, input: String)
    /// The destination is an existing directory.
    case destinationIsDirectory(String)
    /// The temporary file could not be created in the destination's directory.
    case cannotCreateTemporaryFile(directory: String, errno: Int32, message: String)
    /// Writing, syncing or closing failed.
    case writeFailed(path: String, errno: Int32, message: String)
    /// Renaming the temporary file over the destination failed.
    case renameFailed(from: String, to: String, errno: Int32, message: String)
    /// A write or commit after commit or discard.
    case alreadyFinished

    /// A one-line description.
    public var description: String {
        switch self {
        case .destinationIsInput(let destination, let input): "refusing to overwrite \(destination): it is the input \(input)"
        case .destinationIsDirectory(let path): "\(path) is a directory"
        case .cannotCreateTemporaryFile(let directory, _, let message): "cannot create a temporary file in \(directory): \(message)"
        case .writeFailed(let path, _, let message): "cannot write \(path): \(message)"
        case .renameFailed(let from, let to, _, let message): "cannot rename \(from) to \(to): \(message)"
        case .alreadyFinished: "output already committed or discarded"
        }
    }
}
