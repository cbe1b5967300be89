import Foundation

/// Reading whole files (or standard input for `-`) with errors that name the path.
public enum FileAccess {
    /// Largest file read whole (keys, certificates, single signatures, JSON arrays). Streams
    /// (JSON Lines, export.xml) are read incrementally elsewhere.
    public static let maximumWholeFileSize = 256 * 1024 * 1024

    /// The bytes of `path`, or of standard input when `path` is `-`.
    public static func readBytes(_ path: String) throws(ToolError) -> [UInt8] {
        if path == "-" {
            return Array(FileHandle.standardInput.readDataToEndOfFile())
        }
        let url = URL(fileURLWithPath: path)
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? NSNumber, size.intValue > maximumWholeFileSize {
                throw ToolError.io(path: path, reason: "file is larger than \(maximumWholeFileSize) bytes")
            }
            if (attributes[.type] as? FileAttributeType) == .typeDirectory {
                throw ToolError.io(path: path, reason: "is a directory")
            }
            return Array(try Data(contentsOf: url))
        } catch let error as ToolError {
            throw error
        } catch {
            throw .io(path: path, reason: Self.reason(error))
        }
    }

    /// The text of `path` (UTF-8).
    public static func readText(_ path: String) throws(ToolError) -> String {
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .io(path: path, reason: "not UTF-8 text")
        }
        return text
    }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain, ns.code == NSFileReadNoSuchFileError || ns.code == 260 {
            return "no such file"
        }
        return ns.localizedDescription
    }
}
