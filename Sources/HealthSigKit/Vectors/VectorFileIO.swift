import Foundation
import SampleIO

/// Reading and writing one vector file.
enum VectorFileIO {
    /// The top-level object of the file at `url`.
    static func load(_ url: URL) throws -> JSONObject {
        let bytes: [UInt8]
        do {
            bytes = try FileAccess.readBytes(url.path)
        } catch {
            if case .io(_, let reason) = error { throw VectorSuiteError.unreadableFile(path: url.path, reason: reason) }
            throw VectorSuiteError.unreadableFile(path: url.path, reason: error.description)
        }
        let value: JSONValue
        do {
            value = try JSONParser().parse(bytes)
        } catch {
            throw VectorSuiteError.unreadableFile(path: url.path, reason: "\(error)")
        }
        guard let object = value.objectValue else {
            throw VectorSuiteError.invalidFile(path: url.path, reason: "the top level is not a JSON object")
        }
        return object
    }

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
            throw VectorSuiteError.unwritable(path: url.deletingLastPathComponent().path, reason: FileAccess.reason(error))
        }
        do {
            try OutputFiles.write(bytes, to: url.path)
        } catch {
            if case .io(_, let reason) = error { throw VectorSuiteError.unwritable(path: url.path, reason: reason) }
            throw VectorSuiteError.unwritable(path: url.path, reason: error.description)
        }
    }

    /// Whether `path` is a regular file (following links): only those are read back for the
    /// comparison, so a FIFO in the way cannot block the run.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The test groups of a loaded file, each an object.
    static func groups(of document: JSONObject, path: String) throws -> [JSONObject] {
        guard let groups = document["testGroups"]?.arrayValue else {
            throw VectorSuiteError.invalidFile(path: path, reason: "no testGroups array")
        }
        var out: [JSONObject] = []
        for (index, group) in groups.enumerated() {
            guard let object = group.objectValue else {
                throw VectorSuiteError.invalidFile(path: path, reason: "testGroups[\(index)] is not an object")
            }
            out.append(object)
        }
        return out
    }

    /// The tests of a group, each an object.
    static func tests(of group: JSONObject, path: String, index: Int) throws -> [JSONObject] {
        guard let tests = group["tests"]?.arrayValue else {
            throw VectorSuiteError.invalidFile(path: path, reason: "testGroups[\(index)] has no tests array")
        }
        var out: [JSONObject] = []
        for (position, test) in tests.enumerated() {
            guard let object = test.objectValue else {
                throw VectorSuiteError.invalidFile(path: path, reason: "testGroups[\(index)].tests[\(position)] is not an object")
            }
            out.append(object)
        }
        return out
    }
}
