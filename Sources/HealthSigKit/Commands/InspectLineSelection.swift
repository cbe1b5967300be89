import Foundation
import HealthSamples
import SampleIO

/// `inspect --in FILE.jsonl --line N`: the signature of one stored sample of a JSON Lines file,
/// and the explanation `inspect` gives when it is handed such a file without `--line`.
public enum InspectLineSelection {
    /// Whether `bytes` look like samples in JSON (first significant byte `{` or `[`) rather
    /// than a signature (DER, PEM or base64 text never start so).
    public static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        let significant = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        return significant.first == UInt8(ascii: "{") || significant.first == UInt8(ascii: "[")
    }

    /// What to tell someone who gave a whole file of samples: `inspect` shows one signature.
    public static func explanation(for bytes: [UInt8], path: String) -> String {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).count
        return "\(path) holds samples in JSON (\(lines) line(s)), not one signature; inspect shows one signature: "
            + "add --line N to inspect the HKDigitalSignature of line N, or give --signature BASE64"
    }

    /// The `HKDigitalSignature` text (or its SDK alias) of line `line` (1-based, counted as
    /// `sign` and `verify` count lines) of a JSON Lines file.
    ///
    /// - Throws: ``ToolError/usage(_:)`` naming the line when there is no such line, it is not a
    ///   JSON object, or it carries no signature.
    public static func signature(ofLine line: Int, in bytes: [UInt8], path: String) throws(ToolError) -> [UInt8] {
        guard line >= 1 else { throw .usage("--line counts from 1, not \(line)") }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard line <= lines.count, !lines[line - 1].allSatisfy({ $0 == 0x0D || $0 == 0x20 }) else {
            throw .usage("\(path) has no sample on line \(line) (\(lines.count) line(s))")
        }
        var text = String(decoding: lines[line - 1], as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let value: JSONValue
        do {
            value = try JSONParser().parse(text)
        } catch {
            throw .usage("\(path) line \(line) is not a JSON object (\(error.reasonText) at column \(error.column)); --line takes JSON Lines, one sample per line")
        }
        guard case .object(let object) = value else {
            throw .usage("\(path) line \(line) is not a JSON object; --line takes JSON Lines, one sample per line")
        }
        let key = MetadataKey.digitalSignature
        guard case .object(let metadata)? = object["metadata"],
              case .string(let signature)? = metadata[key.storedName] ?? metadata[key.constantName] else {
            throw .usage("\(path) line \(line) has no metadata.\(key.storedName): the sample is unsigned")
        }
        return Array(signature.utf8)
    }
}
