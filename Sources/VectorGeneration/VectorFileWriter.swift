import Foundation
import HealthSigKit
import SampleIO

/// Writing one vector file.
enum VectorFileWriter {
    /// Writes `value` pretty-printed with sorted keys; nothing is written when the file already
    /// holds exactly these bytes (so an unchanged file keeps its modification time).
    static func write(_ value: JSONValue, to url: URL) throws {
        try write(text: VectorJSONWriter.prettyPrinted(value), to: url)
    }

    /// Writes `text` unless the file already holds it (through ``OutputFiles``: atomically, and
    /// never renaming over something that is not a regular file).
    static func write(text: String, to url: URL) throws {
        let bytes = Array(text.utf8)
        if isRegularFile(url.path), let existing = try? FileAccess.readBytes(url.path), existing == bytes { return }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw VectorGenerationError.unwritable(path: url.deletingLastPathComponent().path, reason: FileAccess.reason(error))
        }
        do {
            try OutputFiles.write(bytes, to: url.path)
        } catch {
            if case .io(_, let reason) = error { throw VectorGenerationError.unwritable(path: url.path, reason: reason) }
            throw VectorGenerationError.unwritable(path: url.path, reason: error.description)
        }
    }

    /// Whether `path` is a regular file (following links): only those are read back for the
    /// comparison, so a FIFO in the way cannot block the run.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
