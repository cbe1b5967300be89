import Foundation
import SampleIO

/// Reading one vector file.
package enum VectorFileIO {
    /// Current `formatVersion` of every vector file.
    package static let formatVersion = 1

    /// The top-level object of the file at `url`.
    package static func load(_ url: URL) throws -> JSONObject {
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

    /// The test groups of a loaded file, each an object.
    package static func groups(of document: JSONObject, path: String) throws -> [JSONObject] {
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
    package static func tests(of group: JSONObject, path: String, index: Int) throws -> [JSONObject] {
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
