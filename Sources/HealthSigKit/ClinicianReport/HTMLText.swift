/// Escaping for text that goes into HTML (element content and quoted attribute values).
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, so nothing read
    /// from an input can open a tag, close an attribute or start an entity; and every control,
    /// bidirectional or other invisible formatting character shown as a visible escape
    /// (`⟨U+202E⟩`), so stored text cannot reorder or hide what the page shows next to it: a
    /// right-to-left override in a manufacturer's name would otherwise turn "✓ dilav" into
    /// "valid ✓" on the screen.
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
            case "\t", "\n": out.unicodeScalars.append(character)
            default:
                if isInvisible(character) {
                    out += visibleEscape(character)
                } else {
                    out.unicodeScalars.append(character)
                }
            }
        }
        return out
    }

    /// `⟨U+202E⟩`: how an invisible character is shown.
    static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "⟨U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "⟩"
    }

    /// Whether `scalar` draws nothing of its own or changes how its neighbours are drawn:
    /// controls (C0, DEL, C1), format characters (Unicode category Cf: the bidirectional
    /// embeddings, overrides and isolates, zero-width spaces and joiners, the byte-order mark,
    /// soft hyphen, invisible operators, tags), line and paragraph separators, variation
    /// selectors and the characters Unicode lists as default-ignorable that render blank
    /// (Hangul fillers, combining grapheme joiner, Mongolian free variation selectors).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            break
        }
        switch scalar.value {
        case 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x3164, 0xFE00...0xFE0F, 0xFFA0,
             0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }
}
