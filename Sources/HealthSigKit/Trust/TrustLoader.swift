import CMS
import CryptoBackend
import Foundation

/// Builds a `TrustSet` from `--trust` paths: PEM files holding public keys and/or certificates,
/// or directories of such files (`*.pem`, `*.crt`, `*.cer`, `*.pub`, read in name order).
public enum TrustLoader {
    /// File name endings read from a trust directory.
    public static let trustFileExtensions: Set<String> = ["pem", "crt", "cer", "pub"]

    /// An entry of a trust directory that has a trust file's name but is not a regular file (a
    /// FIFO, a device, a socket, a subdirectory): it is not read, since opening a FIFO would wait
    /// for a writer forever and a device could be read without end.
    public struct SkippedEntry: Sendable, Equatable, CustomStringConvertible {
        /// The entry's path.
        public let path: String
        /// What it is, e.g. `a FIFO`.
        public let kind: String

        /// `skipping keys/x.pem in a trust directory: a FIFO, not a regular file`.
        public var description: String { "skipping \(path) in a trust directory: \(kind), not a regular file" }
    }

    /// Loads every path; an empty result is an error (verifying against nothing is a mistake).
    ///
    /// - Parameter skipped: told of each trust-directory entry that is not a regular file (the
    ///   command prints it on standard error).
    public static func load(_ paths: [String], skipped: (SkippedEntry) -> Void = { _ in }) throws(ToolError) -> TrustSet {
        var items: [PEMItem] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .io(path: path, reason: "no such file or directory")
            }
            if isDirectory.boolValue {
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
                } catch {
                    throw .io(path: path, reason: FileAccess.reason(error))
                }
                // `*.crl.pem` files are CRLs, read by RevocationLoader, not trust.
                for name in names where trustFileExtensions.contains((name as NSString).pathExtension.lowercased())
                    && !RevocationLoader.isCRLFileName(name) {
                    let file = (path as NSString).appendingPathComponent(name)
                    // Only regular files (or links to them) are trust files.
                    if let kind = try nonRegularKind(file) {
                        skipped(SkippedEntry(path: file, kind: kind))
                        continue
                    }
                    // `keygen` writes NAME.key.pem beside NAME.pub.pem; a directory of device keys
                    // may therefore hold private keys. They are skipped, never trusted or read
                    // further. A private key in a file named explicitly is still an error.
                    if try holdsOnlyPrivateKey(file) { continue }
                    items += try loadFile(file)
                }
            } else {
                items += try loadFile(path)
            }
        }
        guard !items.isEmpty else {
            throw .keyMaterial(path: paths.joined(separator: ", "), reason: "no public keys or certificates found")
        }
        return TrustSet(pemItems: items)
    }

    /// The paths themselves plus the files a trust directory contributes: inputs an output
    /// must never replace (`verify --out` naming a trusted key would destroy the trust anchor).
    public static func inputFiles(_ paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            files.append(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names where trustFileExtensions.contains((name as NSString).pathExtension.lowercased()) {
                files.append((path as NSString).appendingPathComponent(name))
            }
        }
        return files
    }

    /// What `path` is when it is not a regular file (following symbolic links); `nil` for a
    /// regular file.
    static func nonRegularKind(_ path: String) throws(ToolError) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .io(path: path, reason: String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    static func holdsOnlyPrivateKey(_ path: String) throws(ToolError) -> Bool {
        let text = try FileAccess.readText(path)
        // `isNewline`, not "\n": a CRLF pair is one Character, which "\n" would not split.
        let labels = text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("-----BEGIN ") }
        return !labels.isEmpty && labels.allSatisfy { $0.contains("PRIVATE KEY") }
    }

    /// The certificates of the PEM files `paths` (`--tsa-trust`); a file holding a bare public
    /// key or no certificate is refused, since a time-stamp authority is trusted through its chain.
    public static func certificates(_ paths: [String]) throws(ToolError) -> [Certificate] {
        var found: [Certificate] = []
        for path in paths {
            let items = try loadFile(path)
            var inFile = 0
            for item in items {
                guard case .certificate(let certificate) = item else {
                    throw .keyMaterial(path: path, reason: "a public key, not a certificate: a time-stamp authority is trusted through its certificate")
                }
                found.append(certificate)
                inFile += 1
            }
            if inFile == 0 { throw .keyMaterial(path: path, reason: "no certificate") }
        }
        return found
    }

    static func loadFile(_ path: String) throws(ToolError) -> [PEMItem] {
        let text = try FileAccess.readText(path)
        do {
            return try PEMBundle.parse(text)
        } catch {
            throw .keyMaterial(path: path, reason: "\(error)")
        }
    }
}
