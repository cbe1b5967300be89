import Foundation

/// Paths and scratch copies for the vector tests of the library (checking) and of the generator.
public enum VectorTestSupport {
    /// The committed `TestVectors/` directory of this package.
    public static let committedDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestVectors", isDirectory: true)

    /// The vector file names, in the order `check` reports them.
    public static let fileNames = ["der.json", "cms.json", "records.json", "samples.json", "keys.json", "batch.json", "revocation.json",
                                         "timestamps.json"]

    /// A fresh, empty temporary directory.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("healthsig-vector-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A temporary copy of the committed vectors (the files, the schema and `test-keys/`).
    public static func copyOfCommitted() throws -> URL {
        let root = try temporaryDirectory()
        let copy = root.appendingPathComponent("TestVectors", isDirectory: true)
        try FileManager.default.copyItem(at: committedDirectory, to: copy)
        return copy
    }

    public static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

    /// Every regular file below `directory`, by relative path, with its bytes.
    public static func snapshot(_ directory: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let base = directory.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return out
        }
        for case let url as URL in enumerator {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            out[String(path.dropFirst(base.count))] = try Data(contentsOf: url)
        }
        return out
    }

    /// The top-level JSON object of a vector file, read with Foundation (fine for edits that do
    /// not involve decimals).
    public static func readObject(_ url: URL) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return object as? [String: Any] ?? [:]
    }

    public static func writeObject(_ object: [String: Any], to url: URL) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }

    /// All tests of a file read with Foundation, in file order.
    public static func tests(_ url: URL) throws -> [[String: Any]] {
        let groups = try readObject(url)["testGroups"] as? [[String: Any]] ?? []
        return groups.flatMap { $0["tests"] as? [[String: Any]] ?? [] }
    }
}
