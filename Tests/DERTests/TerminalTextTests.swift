import DER
import Testing

/// What a terminal would obey is escaped; everything else is shown as it is.
@Suite struct TerminalTextTests {
    @Test("C0 controls, DEL and C1 controls are escaped", arguments: [
        ("\u{1B}[2K\u{1B}[1Gvalid", "\\u{1B}[2K\\u{1B}[1Gvalid"),
        ("a\u{0}b\u{7}c\u{8}d\u{B}e", "a\\u{0}b\\u{7}c\\u{8}d\\u{B}e"),
        ("tab\there\rcr\nlf", "tab\\there\\rcr\\nlf"),
        ("del\u{7F}", "del\\u{7F}"),
        ("csi\u{9B}31m nel\u{85} c1\u{80}\u{9F}", "csi\\u{9B}31m nel\\u{85} c1\\u{80}\\u{9F}"),
    ])
    func controlCharactersAreEscaped(input: String, shown: String) {
        #expect(TerminalText(input).description == shown)
    }

    @Test("bidirectional controls and line or paragraph separators are escaped", arguments: [
        ("\u{202E}dilavni", "\\u{202E}dilavni"),
        ("a\u{202A}b\u{202B}c\u{202C}d\u{202D}e", "a\\u{202A}b\\u{202B}c\\u{202C}d\\u{202D}e"),
        ("\u{2066}x\u{2067}y\u{2068}z\u{2069}", "\\u{2066}x\\u{2067}y\\u{2068}z\\u{2069}"),
        ("\u{200E}\u{200F}\u{61C}", "\\u{200E}\\u{200F}\\u{61C}"),
        ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
    ])
    func reorderingCharactersAreEscaped(input: String, shown: String) {
        #expect(TerminalText(input).description == shown)
    }

    @Test func printableTextIsUnchanged() {
        let text = "Simon’s iPhone\u{A0}· 36,6 °C — Acme \"BP-200\" \\ 日本 👍🏽 é (e\u{301}) \u{200D}\u{A0}\u{FEFF}"
        #expect(TerminalText(text).description == text)
        #expect(TerminalText(lines: text).description == text)
    }

    @Test func lineModeKeepsLineFeedsOnly() {
        #expect(TerminalText(lines: "one\ntwo\r\n\u{1B}[1Athree\n").description == "one\ntwo\\r\n\\u{1B}[1Athree\n")
        #expect(TerminalText("one\ntwo").description == "one\\ntwo")
    }

    @Test func escapingTwiceChangesNothing() {
        let once = TerminalText("\u{1B}[2K\u{202E}x\ny\\u{1B}").description
        #expect(TerminalText(once).description == once)
        #expect(TerminalText(lines: once).description == once)
    }

    @Test func prettyPrinterQuotesWithTheSameEscapes() throws {
        // UTF8String "a<ESC>[2K<U+202E>b\"" rendered by the structure dump.
        let value = Array("a\u{1B}[2K\u{202E}\u{9B}b\"".utf8)
        let der: [UInt8] = [0x0C, UInt8(value.count)] + value
        let text = DERPrettyPrinter.render(try DER.parse(der))
        #expect(text.contains("\"a\\u{1B}[2K\\u{202E}\\u{9B}b\\\"\""), "\(text)")
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{9B}" })
    }
}
