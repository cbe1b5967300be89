import Testing
@testable import DER

@Suite("Character strings")
struct StringTests {
    static let utf8: [Vector<DERUTF8String>] = [
        .init("ASCII", "0C 05 68 65 6C 6C 6F", "hello"),
        .init("empty", "0C 00", ""),
        .init("two-octet sequence", "0C 02 C3 A9", "é"),
        .init("four-octet sequence", "0C 04 F0 9F 92 93", "💓"),
        .init("NUL is a valid character", "0C 01 00", "\u{0}"),
        .init("lone continuation octet", "0C 01 80", .invalidString),
        .init("truncated two-octet sequence", "0C 01 C3", .invalidString),
        .init("overlong encoding of '/'", "0C 02 C0 AF", .invalidString),
        .init("UTF-16 surrogate D800", "0C 03 ED A0 80", .invalidString),
        .init("above U+10FFFF", "0C 04 F4 90 80 80", .invalidString),
        .init("FF is never UTF-8", "0C 01 FF", .invalidString),
        .init("constructed form", "2C 00", .invalidConstructedFlag),
    ]

    @Test("UTF8String", arguments: utf8)
    func utf8String(_ vector: Vector<DERUTF8String>) { check(vector) }

    static let printable: [Vector<DERPrintableString>] = [
        .init("whole alphabet", "13 4A " + hexString(Array(Self.printableAlphabet.utf8)),
              try! DERPrintableString(Self.printableAlphabet)),
        .init("country code", "13 02 55 53", try! DERPrintableString("US")),
        .init("'*' is not printable", "13 03 2A 2E 74", .invalidString),
        .init("'@' is not printable", "13 03 61 40 62", .invalidString),
        .init("'&' is not printable", "13 01 26", .invalidString),
        .init("'_' is not printable", "13 01 5F", .invalidString),
        .init("control character", "13 01 0A", .invalidString),
        .init("non-ASCII octet", "13 02 C3 A9", .invalidString),
    ]

    static let printableAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '()+,-./:=?"

    @Test("PrintableString", arguments: printable)
    func printableString(_ vector: Vector<DERPrintableString>) { check(vector) }

    static let ia5: [Vector<DERIA5String>] = [
        .init("e-mail address", "16 07 61 40 62 2E 63 6F 6D", try! DERIA5String("a@b.com")),
        .init("controls and DEL are IA5", "16 03 00 0A 7F", try! DERIA5String("\u{0}\n\u{7F}")),
        .init("octet 0x80", "16 01 80", .invalidString),
        .init("UTF-8 é", "16 02 C3 A9", .invalidString),
    ]

    @Test("IA5String", arguments: ia5)
    func ia5String(_ vector: Vector<DERIA5String>) { check(vector) }

    @Test("the whole PrintableString alphabet is exactly the 74 X.680 41.4 characters")
    func printableAlphabetIsExact() {
        let allowed = (0...255).map(UInt8.init).filter(DERPrintableString.isPrintable)
        #expect(allowed == Array(Self.printableAlphabet.utf8).sorted())
        #expect(allowed.count == 74)
    }

    @Test("creating restricted strings validates the alphabet")
    func throwingInits() throws {
        expectDERError(.invalidString) { _ = try DERPrintableString("*.example.com") }
        expectDERError(.invalidString) { _ = try DERPrintableString("é") }
        expectDERError(.invalidString) { _ = try DERIA5String("héllo") }
        #expect(try DERIA5String("plain").value == "plain")
        #expect(try DERPrintableString("Hello (World)").description == "Hello (World)")
    }

    @Test("error offsets point at the first bad octet")
    func errorOffsets() {
        do {
            _ = try DERUTF8String(derNode: DER.parse(hexBytes("0C 04 61 62 FF 63")))
            Issue.record("accepted")
        } catch let error as DERError {
            #expect(error.code == .invalidString)
            #expect(error.offset == 4)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("UTF8String equality is on the encoded octets, not canonical equivalence")
    func utf8EqualityIsBytewise() throws {
        let composed = DERUTF8String("\u{E9}")
        let decomposed = DERUTF8String("e\u{301}")
        #expect(composed.value == decomposed.value)  // Swift String equality
        #expect(composed != decomposed)
        #expect(DER.encode(composed) != DER.encode(decomposed))
        #expect(Set([composed, decomposed]).count == 2)
    }

    @Test("round trips, including under an implicit tag")
    func roundTrips() throws {
        try expectRoundTrip(DERUTF8String("Blutdruck 120/80 mmHg — ♥"))
        try expectRoundTrip(try DERPrintableString("Test CA 1"))
        try expectRoundTrip(try DERIA5String("https://example.org/x?y=1"))
        var writer = DERWriter()
        writer.append(DERUTF8String("x"), implicitTag: .contextSpecific(1, constructed: false))
        #expect(writer.bytes == hexBytes("81 01 78"))
        let node = try DER.parse(writer.bytes)
        #expect(try DERUTF8String(derNode: node, withTag: .contextSpecific(1, constructed: false)).value == "x")
    }
}
