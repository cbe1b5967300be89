/// How many terminal cells text takes, and text wrapped to a number of cells.
///
/// A terminal gives most characters one cell, East Asian wide and fullwidth characters (CJK
/// ideographs, Hangul, kana, fullwidth forms) and most emoji two, and combining marks,
/// zero-width characters and variation selectors none (UAX #11 and the `wcwidth` tables, in
/// the ranges common text uses). Table text is already escaped (``DER/TerminalText``), so it
/// holds no control characters.
enum TerminalColumns {
    /// Cells taken by `text`.
    static func width(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += width(scalar) }
        return total
    }

    /// Cells taken by `character`.
    static func width(_ character: Character) -> Int {
        var total = 0
        for scalar in character.unicodeScalars { total += width(scalar) }
        return total
    }

    /// Cells taken by one scalar: 0, 1 or 2.
    static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        if isZeroWidth(scalar) { return 0 }
        return isWide(value) ? 2 : 1
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: break
        }
        switch scalar.value {
        case 0x1160...0x11FF, 0x200B, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
        default: return false
        }
    }

    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
             0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
             0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
             0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF,
             0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B16F, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A,
             0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF,
             0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` as lines of at most `limit` cells: broken after a space where one is near enough
    /// (a word is not split unless it is longer than a line), else between characters. Spaces
    /// at a break are dropped. Always at least one line (`""` for empty text).
    static func wrap(_ text: String, to limit: Int) -> [String] {
        let limit = max(limit, 2)
        var lines: [String] = []
        var rest = Substring(text)
        while width(String(rest)) > limit {
            // The longest prefix that fits, in whole characters.
            var used = 0
            var fitEnd = rest.startIndex
            var lastSpace: String.Index?
            var index = rest.startIndex
            while index < rest.endIndex {
                let cells = width(rest[index])
                if used + cells > limit { break }
                used += cells
                if rest[index] == " " { lastSpace = index }
                index = rest.index(after: index)
                fitEnd = index
            }
            if fitEnd == rest.startIndex {
                // Not even one character fits (a wide one in a one-cell column): take it anyway.
                fitEnd = rest.index(after: rest.startIndex)
            }
            var breakAt = fitEnd
            // Prefer a space, unless it would leave the line less than half full.
            if fitEnd < rest.endIndex, rest[fitEnd] != " ", let lastSpace,
               width(String(rest[rest.startIndex..<lastSpace])) * 2 >= limit {
                breakAt = lastSpace
            }
            lines.append(String(rest[rest.startIndex..<breakAt]).trailingSpacesRemoved)
            rest = rest[breakAt...].drop { $0 == " " }
        }
        lines.append(String(rest))
        return lines
    }

    /// `text` cut to at most `limit` cells, ending in `…` where it was cut (a wide character
    /// that would straddle the limit is left out whole).
    static func truncated(_ text: String, to limit: Int) -> String {
        guard width(text) > limit else { return text }
        guard limit > 0 else { return "" }
        var kept = ""
        var cells = 0
        for character in text {
            let w = width(character)
            if cells + w > limit - 1 { break }
            kept.append(character)
            cells += w
        }
        return kept.trailingSpacesRemoved + "…"
    }

    /// `text` followed by spaces up to `cells` cells.
    static func padded(_ text: String, to cells: Int) -> String {
        let missing = cells - width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}

extension String {
    /// The string without spaces at its end.
    var trailingSpacesRemoved: String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[..<end])
    }
}
