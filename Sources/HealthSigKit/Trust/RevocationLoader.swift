import CMS
import CryptoBackend
import Foundation

/// Reads the CRLs of a run (`--crl FILE`, and `*.crl` / `*.crl.pem` in `--trust` directories)
/// and keeps those that count against the trust set (docs/TRUST.md). Nothing is fetched.
public enum RevocationLoader {
    /// Whether a trust-directory entry named `name` is a CRL file.
    public static func isCRLFileName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".crl") || lower.hasSuffix(".crl.pem")
    }

    /// The CRL files of the trust directories among `trustPaths`, in name order.
    public static func crlFiles(inTrustPaths trustPaths: [String]) -> [String] {
        var files: [String] = []
        for path in trustPaths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted() where isCRLFileName(name) {
                let file = (path as NSString).appendingPathComponent(name)
                // A FIFO or device is not read (TrustLoader's rule); it is reported as ignored.
                files.append(file)
            }
        }
        return files
    }

    /// Adds the CRLs of `crlPaths` and of the trust directories to `trust`; returns the
    /// summary (with the ignored files and their reasons), or `nil` when there were no CRLs.
    /// A file named with `--crl` that cannot be read is an I/O error (exit 2); one that is not a
    /// CRL that counts is ignored and reported.
    public static func load(crlPaths: [String], trustPaths: [String], into trust: inout TrustSet,
                            now: Date = Date()) throws(ToolError) -> RevocationSummary? {
        var sources: [(source: String, bytes: [UInt8])] = []
        var unreadable: [RevocationSet.Refusal] = []
        for path in crlPaths {
            sources.append((path, try FileAccess.readBytes(path)))
        }
        for file in crlFiles(inTrustPaths: trustPaths) {
            do {
                if let kind = try TrustLoader.nonRegularKind(file) {
                    unreadable.append(RevocationSet.Refusal(source: file, reason: "\(kind), not a regular file"))
                    continue
                }
                sources.append((file, try FileAccess.readBytes(file)))
            } catch {
                unreadable.append(RevocationSet.Refusal(source: file, reason: error.description))
            }
        }
        guard !sources.isEmpty || !unreadable.isEmpty else { return nil }
        let (set, refusals) = RevocationSet.build(sources, trust: trust)
        trust.revocations = set
        return RevocationSummary(set: set, refusals: unreadable + refusals, now: now)
    }
}
