import Testing

@testable import CryptoBackend

/// The `--subject` text parser: escapes as RFC 4514 (and openssl's slash form) define them.
@Suite("Distinguished name text")
struct DistinguishedNameParserTests {
    private func value(_ text: String) throws -> String? {
        try DistinguishedNameParser.parse(text).first?.first?.value
    }

    @Test("\\hh takes two ASCII hex digits only; a full-width digit is an escaped character")
    func hexEscapesAreASCII() throws {
        #expect(try value("CN=A\\2fB") == "A/B")
        // U+FF12 FULLWIDTH DIGIT TWO has a hexDigitValue in Swift, but RFC 4514 hexpairs are ASCII.
        #expect(try value("CN=A\\\u{FF12}fB") == "A\u{FF12}fB")
    }

    @Test("a trailing space after an escaped backslash is trimmed; after a single backslash it is kept")
    func trailingSpaces() throws {
        #expect(try value("CN=Acme\\ ") == "Acme ")
        #expect(try value("CN=Acme\\\\ ") == "Acme\\")
        #expect(try value("CN=Acme\\\\\\ ") == "Acme\\ ")
        #expect(try value("CN=Acme  ") == "Acme")
    }
}
