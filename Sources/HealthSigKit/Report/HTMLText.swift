/// Escaping for text that goes into HTML (element content and quoted attribute values).
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, so nothing read
    /// from an input can open a tag, close an attribute or start an entity.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // C0 controls other than tab/newline are not allowed in HTML text.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
