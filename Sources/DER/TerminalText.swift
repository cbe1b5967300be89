/// Text from an input, made safe to show on a terminal.
///
/// A terminal obeys control characters in what it prints: `ESC [2K ESC [1G` erases the line
/// and rewrites it, so a stored value could redraw a `content-mismatch` row as `valid`. Every
/// scalar that can move the cursor, change the display or reorder a line is written as an
/// escape (`\u{1B}`, `\n`, `\t`, `\r`) instead:
/// - C0 controls U+0000–U+001F and DEL U+007F;
/// - C1 controls U+0080–U+009F (a UTF-8 terminal may take U+009B as CSI);
/// - Unicode bidirectional controls U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069,
///   which reorder the rest of a line (an override can make `invalid` read `dilavni`);
/// - the line and paragraph separators U+2028 and U+2029.
///
/// Backslashes are kept as they are, so escaping is idempotent: text escaped at a cell and again
/// where the line is printed comes out the same.
public struct TerminalText: Sendable, Hashable, CustomStringConvertible {
    /// The escaped text.
    public let description: String

    /// `text` as one line: line breaks are escaped too, so a value cannot start a line of its own.
    public init(_ text: String) {
        description = Self.escaped(text, keepingLineFeeds: false)
    }

    /// `text` of several lines: each U+000A stays a line break, everything else is escaped.
    public init(lines text: String) {
        description = Self.escaped(text, keepingLineFeeds: true)
    }

    /// Whether `scalar` is shown as an escape.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        default: false
        }
    }

    /// Appends `scalar` to `out`, escaped when ``needsEscape(_:)`` says so.
    public static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        guard needsEscape(scalar) else {
            out.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    private static func escaped(_ text: String, keepingLineFeeds: Bool) -> String {
        // Most text needs nothing: return it without copying.
        guard text.unicodeScalars.contains(where: { needsEscape($0) && !(keepingLineFeeds && $0 == "\n") }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if keepingLineFeeds && scalar == "\n" {
                out.unicodeScalars.append(scalar)
            } else {
                append(scalar, to: &out)
            }
        }
        return out
    }
}
