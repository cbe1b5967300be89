import Foundation

/// Finding the repository's own files (`examples/`, `TestVectors/`) from any working directory.
public enum RepositoryFiles {
    /// The first existing `relative` path in the working directory or one of its parents, then
    /// beside the running executable or one of its parents (a binary in `.build/debug` finds
    /// the package root); nil when there is none.
    public static func locate(_ relative: String) -> String? {
        let manager = FileManager.default
        var roots = [manager.currentDirectoryPath]
        if let executable = executablePath() { roots.append((executable as NSString).deletingLastPathComponent) }
        for root in roots {
            var directory = URL(fileURLWithPath: root).standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent(relative).path
                if manager.fileExists(atPath: candidate) { return candidate }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return nil
    }

    /// The running executable's path, symbolic links resolved (Linux: `/proc/self/exe`).
    static func executablePath() -> String? {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        return URL(fileURLWithPath: first).resolvingSymlinksInPath().path
    }
}
