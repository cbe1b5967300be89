import Testing
@testable import DER

@Suite("DERPrettyPrinter")
struct PrettyPrinterTests {
    /// A structure touching every value kind the printer decodes.
    static func sample() throws -> [UInt8] {
        var writer = DERWriter()
        try writer.appendConstructed(.sequence) { w in
            w.append(5)
            w.append(DERInteger(unsignedBigEndian: [UInt8](repeating: 0xAB, count: 9)))
            w.append(true)
            w.append(DERNull())
            w.append(DERObjectIdentifier("1.2.840.10045.3.1.7"))
            w.append(DERObjectIdentifier("1.2.3.4"))
            w.append(DERUTF8String("Blutdruck \"sys\""))
            w.append(try DERPrintableString("Test CA"))
            w.append(try DERIA5String("a@b.c"))
            w.append(try UTCTime(year: 2025, month: 1, day: 2, hour: 3, minute: 4, second: 5))
            w.append(try GeneralizedTime(year: 2125, month: 1, day: 2, hour: 3, minute: 4, second: 5, nanoseconds: 500_000_000))
            w.append(try DERReal(decimalText: "36.6"))
            w.append(DEROctetString([0xDE, 0xAD]))
            w.append(DEROctetString([UInt8](repeating: 0x11, count: 40)))
            // An OCTET STRING that wraps a complete DER element (like an X.509 extension value).
            w.append(DEROctetString(DER.encode(DERObjectIdentifier("2.16.840.1.101.3.4.2.1"))))
            w.append(DERBitString(bytes: [0xF0], paddingBits: 4))
            w.appendConstructed(.contextSpecific(0, constructed: true)) { w in w.append(7) }
            w.append(1, implicitTag: .contextSpecific(1, constructed: false))
        }
        return writer.bytes
    }

    @Test("renders one line per element with offsets, lengths, indentation and decoded values")
    func knownStructure() throws {
        let text = try DERPrettyPrinter.render(der: Self.sample())
        let lines = text.split(separator: "\n").map(String.init)
        let expected = [
            "    0: d=0 hl=3 l= 183  SEQUENCE",
            "    3: d=1 hl=2 l=   1    INTEGER  5",
            "    6: d=1 hl=2 l=  10    INTEGER  0x00ABABABABABABABABAB",
            "   18: d=1 hl=2 l=   1    BOOLEAN  TRUE",
            "   21: d=1 hl=2 l=   0    NULL",
            "   23: d=1 hl=2 l=   8    OBJECT IDENTIFIER  1.2.840.10045.3.1.7 (prime256v1)",
            "   33: d=1 hl=2 l=   3    OBJECT IDENTIFIER  1.2.3.4",
            "   38: d=1 hl=2 l=  15    UTF8String  \"Blutdruck \\\"sys\\\"\"",
            "   55: d=1 hl=2 l=   7    PrintableString  \"Test CA\"",
            "   64: d=1 hl=2 l=   5    IA5String  \"a@b.c\"",
            "   71: d=1 hl=2 l=  13    UTCTime  2025-01-02T03:04:05Z",
            "   86: d=1 hl=2 l=  17    GeneralizedTime  2125-01-02T03:04:05.5Z",
            "  105: d=1 hl=2 l=   8    REAL  36.6",
            "  115: d=1 hl=2 l=   2    OCTET STRING  DEAD",
            "  119: d=1 hl=2 l=  40    OCTET STRING  " + String(repeating: "11", count: 32) + "… (40 bytes)",
            "  161: d=1 hl=2 l=  11    OCTET STRING  (encapsulates)",
            "  163: d=2 hl=2 l=   9      OBJECT IDENTIFIER  2.16.840.1.101.3.4.2.1 (id-sha256)",
            "  174: d=1 hl=2 l=   2    BIT STRING  F0 (4 unused bits)",
            "  178: d=1 hl=2 l=   3    [0]",
            "  180: d=2 hl=2 l=   1      INTEGER  7",
            "  183: d=1 hl=2 l=   1    [1]  01",
        ]
        for line in expected {
            #expect(lines.contains(line), "missing line:\n\(line)\nin:\n\(text)")
        }
        #expect(lines.count == expected.count)
    }

    @Test("invalid primitive values are shown, not fatal")
    func invalidValues() throws {
        // Valid TLV structure, but a non-minimal INTEGER, a BOOLEAN 01 and a local GeneralizedTime.
        let bytes = hexBytes("30 0E 02 02 00 05 01 01 01 18 05") + Array("2025Z".utf8)
        let text = try DERPrettyPrinter.render(der: bytes)
        #expect(text.contains("INTEGER  <invalid nonMinimalInteger:"))
        #expect(text.contains("BOOLEAN  <invalid invalidBoolean:"))
        #expect(text.contains("GeneralizedTime  <invalid invalidTime:"))
    }

    @Test("a certificate renders its signature BIT STRING as an encapsulated ECDSA-Sig-Value")
    func certificate() throws {
        let cert = try OpenSSL.certificate.get()
        let text = try DERPrettyPrinter.render(der: cert)
        #expect(text.contains("OBJECT IDENTIFIER  1.2.840.10045.4.3.2 (ecdsa-with-SHA256)"))
        #expect(text.contains("OBJECT IDENTIFIER  2.5.4.3 (commonName)"))
        #expect(text.contains("UTF8String  \"t\""))
        #expect(text.contains("UTCTime  20"))
        #expect(text.contains("GeneralizedTime  21"))
        #expect(text.contains("BIT STRING  (encapsulates)"))
        #expect(!text.contains("<invalid"))
        #expect(text.split(separator: "\n").count >= flatten(try DER.parse(cert)).count)
    }
}

/// OIDs whose arcs exceed 64 bits are valid DER: the printer shows them in full.
@Suite("DERPrettyPrinter and large arcs")
struct PrettyPrinterLargeArcTests {
    @Test("2.25.<UUID> (X.667) is printed with its 128-bit arc exactly")
    func uuidArc() throws {
        let content: [UInt8] = [0x69, 0x81, 0x9D, 0xFF, 0xE6, 0xB9, 0x91, 0x9C, 0xDA, 0xA5,
                                0xFD, 0xA7, 0xEA, 0xCD, 0xB3, 0xED, 0xAC, 0xD4, 0xD4, 0x63]
        let text = try DERPrettyPrinter.render(der: [0x06, UInt8(content.count)] + content)
        #expect(text.contains("OBJECT IDENTIFIER  2.25.105007975088375222680850362073043249763"), "\(text)")
        #expect(DERObjectIdentifier.dottedText(largeArcs: [0x2A, 0x03]) == "1.2.3")
        #expect(DERObjectIdentifier.dottedText(largeArcs: [0x81, 0x34, 0x03]) == "2.100.3")
    }

    @Test("content that is not valid X.690 8.19, or an arc beyond 20 octets, is still shown as invalid", arguments: [
        [UInt8](), [0x2A, 0x80, 0x01], [0x2A, 0x86], [0x2A] + [UInt8](repeating: 0xFF, count: 20) + [0x01],
    ])
    func invalidContent(content: [UInt8]) {
        #expect(DERObjectIdentifier.dottedText(largeArcs: content[...]) == nil)
    }
}
