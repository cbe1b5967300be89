import Foundation

/// Hex helpers for tests.
enum TestHex {
    static func decode(_ text: String) -> [UInt8] {
        let digits = text.filter { $0.isHexDigit }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2, limitedBy: digits.endIndex) ?? digits.endIndex
            bytes.append(UInt8(digits[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    static func encode(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

extension [UInt8] {
    /// Base64 in 64-character lines (test fixtures only).
    func base64Lines() -> String {
        let text = Data(self).base64EncodedString()
        var lines = ""
        var index = text.startIndex
        while index < text.endIndex {
            let end = text.index(index, offsetBy: 64, limitedBy: text.endIndex) ?? text.endIndex
            lines += text[index..<end] + "\n"
            index = end
        }
        return lines
    }
}
