/// Lowercase hexadecimal rendering for descriptions (never used for key material).
enum Hex {
    private static let digits = Array("0123456789abcdef")

    /// `bytes` as lowercase hex without separators.
    static func string(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}
