import Foundation

/// The executables SwiftPM built beside this test bundle, and a way to run them.
enum BuiltProducts {
    /// What one run produced.
    struct Run: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String
        var description: String { "exit \(status)\n--- stdout:\n\(stdout)\n--- stderr:\n\(stderr)" }
    }

    struct NotFound: Error, CustomStringConvertible {
        let description: String
    }

    /// The directory holding the test bundle, `healthsig` and `make-vectors` (`.build/debug`).
    static func executable(_ name: String) throws -> URL {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates += [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let arg0 = CommandLine.arguments.first {
            let url = URL(fileURLWithPath: arg0).resolvingSymlinksInPath()
            candidates += [url.deletingLastPathComponent(), url.deletingLastPathComponent().deletingLastPathComponent()]
        }
        for directory in candidates {
            let file = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: file.path) {
                return file
            }
        }
        throw NotFound(description: "\(name) not found beside the test bundle (build with `swift build --build-tests`)")
    }

    /// Runs `executable arguments…` in `directory`; output goes to files so it can never block.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Run {
        let out = directory.appendingPathComponent(".run-\(UUID().uuidString).out")
        let err = directory.appendingPathComponent(".run-\(UUID().uuidString).err")
        let input = directory.appendingPathComponent(".run-\(UUID().uuidString).in")
        defer {
            for url in [out, err, input] { try? FileManager.default.removeItem(at: url) }
        }
        for url in [out, err, input] { try Data().write(to: url) }
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        // An empty file of our own as standard input, never the machine's device nodes.
        let inHandle = try FileHandle(forReadingFrom: input)
        defer {
            for handle in [outHandle, errHandle, inHandle] { try? handle.close() }
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = inHandle
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}
