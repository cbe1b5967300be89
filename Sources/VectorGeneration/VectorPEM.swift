import Foundation
import HealthSigKit

/// PEM text for deviant key material the vectors build by hand (RFC 7468: 64-column base64,
/// LF line ends).
enum VectorPEM {
    static func block(_ label: String, _ der: [UInt8]) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines: [Substring] = []
        var start = base64.startIndex
        while start < base64.endIndex {
            let end = base64.index(start, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(base64[start..<end])
            start = end
        }
        return "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n") + "\n-----END \(label)-----\n"
    }

    /// The DER inside the first block of `pem` (nil when there is none or it is not base64).
    static func der(of pem: String) -> [UInt8]? {
        let lines = pem.split(whereSeparator: \.isNewline)
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") }),
              let end = lines[begin...].firstIndex(where: { $0.hasPrefix("-----END ") }) else { return nil }
        return Data(base64Encoded: lines[(begin + 1)..<end].joined()).map { Array($0) }
    }
}
