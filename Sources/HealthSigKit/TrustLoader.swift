import CMS
import CryptoBackend
import Foundation

/// Builds a `TrustSet` from `--trust` paths: PEM files holding public keys and/or certificates,
/// or directories of such files (`*.pem`, `*.crt`, `*.cer`, `*.pub`, read in name order).
public enum TrustLoader {
    /// File name endings read from a trust directory.
    public static let trustFileExtensions: Set<String> = ["pem", "crt", "cer", "pub"]

    /// Loads every path; an empty result is an error (verifying against nothing is a mistake).
    public static func load(_ paths: [String]) throws(ToolError) -> TrustSet {
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
                for name in names where trustFileExtensions.contains((name as NSString).pathExtension.lowercased()) {
                    let file = (path as NSString).appendingPathComponent(name)
                    // Only files are trust files (a subdirectory named `old.pem` is not read).
                    var entryIsDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: file, isDirectory: &entryIsDirectory), entryIsDirectory.boolValue {
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

    static func holdsOnlyPrivateKey(_ path: String) throws(ToolError) -> Bool {
        let text = try FileAccess.readText(path)
        // `isNewline`, not "\n": a CRLF pair is one Character, which "\n" would not split.
        let labels = text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("-----BEGIN ") }
        return !labels.isEmpty && labels.allSatisfy { $0.contains("PRIVATE KEY") }
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
