/// Lower-case hexadecimal text for identifiers shown in verdicts and views.
enum Hex {
    private static let digits = Array("0123456789abcdef")

    /// `bytes` as lower-case hex without separators.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for b in bytes {
            text.append(digits[Int(b >> 4)])
            text.append(digits[Int(b & 0x0F)])
        }
        return text
    }
}
