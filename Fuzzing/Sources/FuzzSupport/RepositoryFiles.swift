import Foundation

/// Files of the healthsig repository the targets take their known-good material from. The path
/// is fixed at build time (this file lives in `Fuzzing/Sources/FuzzSupport/`), so a target run from
/// any directory finds them.
public enum RepositoryFiles {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // FuzzSupport
        .deletingLastPathComponent()   // Sources
        .deletingLastPathComponent()   // Fuzzing
        .deletingLastPathComponent()   // repository

    public static func bytes(_ relativePath: String) -> [UInt8] {
        let url = root.appendingPathComponent(relativePath)
        guard let data = try? Data(contentsOf: url) else {
            Invariant.require(false, "cannot read \(url.path): run the target from a checkout of the repository")
            return []
        }
        return Array(data)
    }
}
