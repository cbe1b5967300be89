import Testing
@testable import DER

@Suite("DERWriter")
struct WriterTests {
    @Test("definite length octets at the short/long form boundaries (X.690 8.1.3, 10.1)",
          arguments: [(0, "00"), (1, "01"), (127, "7F"), (128, "81 80"), (255, "81 FF"), (256, "82 01 00"),
                      (65_535, "82 FF FF"), (65_536, "83 01 00 00"), (16_777_216, "84 01 00 00 00")])
    func lengthOctets(_ length: Int, _ hex: String) {
        #expect(DERWriter.lengthOctets(length) == hexBytes(hex))
    }

    @Test("a SEQUENCE of an encoded element and a string written with its lengths up front is the nested encoding",
          arguments: [0, 1, 120, 121, 122, 125, 126, 127, 128, 200, 252, 253, 300, 70_000])
    func sequenceOfEncodedElementAndStringIsTheNestedEncoding(_ length: Int) {
        let first = DER.encode(DERUTF8String("key"))
        let text = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
        for tag in [DERTag.utf8String, .ia5String, .contextSpecific(3, constructed: false), .contextSpecific(40, constructed: false)] {
            var direct = DERWriter()
            direct.appendSetOf { set in
                for value in [text, ""] { set.appendSequence(encoded: first, primitive: tag, utf8: value) }
            }
            var nested = DERWriter()
            nested.appendSetOf { set in
                for value in [text, ""] {
                    set.appendConstructed(.sequence) { sequence in
                        sequence.appendEncoded(first)
                        sequence.appendPrimitive(tag, utf8: value)
                    }
                }
            }
            #expect(direct.bytes == nested.bytes, "\(length) octets under \(tag)")
        }
    }

    @Test("primitive and constructed elements with 127/128/255/256/65536-octet contents",
          arguments: [127, 128, 255, 256, 65_536])
    func longForms(_ size: Int) throws {
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let header = DERWriter.lengthOctets(size)

        var primitive = DERWriter()
        primitive.appendPrimitive(.octetString, content: payload)
        #expect(primitive.bytes == [0x04] + header + payload)
        let parsed = try DER.parse(primitive.bytes)
        #expect(parsed.content.elementsEqual(payload))
        #expect(parsed.encodedBytes.count - parsed.content.count == 1 + header.count)

        // Constructed: a SEQUENCE whose content (one OCTET STRING) is exactly `size` octets,
        // written through the placeholder-and-shift path.
        let innerHeader = 1 + DERWriter.lengthOctets(size - 3).count
        let inner = Array(payload.prefix(size - innerHeader))
        var constructed = DERWriter()
        constructed.appendConstructed(.sequence) { w in w.appendPrimitive(.octetString, content: inner) }
        #expect(constructed.bytes == [0x30] + header + [0x04] + DERWriter.lengthOctets(inner.count) + inner)
        let tree = try DER.parse(constructed.bytes)
        #expect(tree.content.count == size)
        #expect(tree.children.count == 1)
        #expect(tree.children[0].content.elementsEqual(inner))
    }

    @Test("nested long-form constructed elements shift correctly")
    func nestedShifts() throws {
        var writer = DERWriter(capacity: 16)
        writer.appendConstructed(.sequence) { w in
            w.appendConstructed(.sequence) { w in
                w.appendPrimitive(.octetString, content: [UInt8](repeating: 0xAA, count: 300))
                w.append(7)
            }
            w.append(true)
        }
        let tree = try DER.parse(writer.bytes)
        #expect(writer.bytes.prefix(4) == hexBytes("30 82 01 3A")[...])
        #expect(tree.children[0].children[0].content.count == 300)
        #expect(try Int(derNode: tree.children[0].children[1]) == 7)
        #expect(try Bool(derNode: tree.children[1]))
        #expect(reencode(tree) == writer.bytes)
    }

    @Test("SET OF is written in X.690 11.6 order, not insertion order or by length")
    func setOfSorting() throws {
        var writer = DERWriter()
        writer.appendSetOf { w in
            w.append(DERUTF8String("AA"))          // 0C 02 41 41
            w.append(256)                           // 02 02 01 00
            w.append(try! DERPrintableString("A"))  // 13 01 41
            w.append(1)                             // 02 01 01
            w.append(DEROctetString([UInt8](repeating: 0, count: 200)))  // 04 81 C8 ...
            w.append(DEROctetString([0xFF]))        // 04 01 FF
        }
        let set = try DER.parse(writer.bytes)
        let encodings = set.children.map { hexString($0.encodedBytes.prefix(3)) }
        #expect(encodings == ["020101", "020201", "0401FF", "0481C8", "0C0241", "130141"])
        #expect(try DER.setOf(set).count == 6)
    }

    @Test("SET OF ordering pads the shorter encoding with zero octets (X.690 11.6)")
    func setOfZeroPadding() {
        // Equal up to the shorter length, then the longer continues with 00: equal by padding.
        #expect(DER.compareSetOfEncodings(hexBytes("01")[...], hexBytes("01 00")[...]) == 0)
        #expect(DER.compareSetOfEncodings(hexBytes("01 00")[...], hexBytes("01")[...]) == 0)
        // Any non-zero continuation makes the longer one larger...
        #expect(DER.compareSetOfEncodings(hexBytes("01")[...], hexBytes("01 01")[...]) == -1)
        // ...and a larger octet wins regardless of length.
        #expect(DER.compareSetOfEncodings(hexBytes("02")[...], hexBytes("01 FF FF")[...]) == 1)
        #expect(DER.compareSetOfEncodings(hexBytes("01 FF")[...], hexBytes("02")[...]) == -1)
        #expect(DER.compareSetOfEncodings([UInt8]()[...], hexBytes("00 00")[...]) == 0)
    }

    @Test("nested SET OF inside SET OF sorts each level")
    func nestedSetOf() throws {
        var writer = DERWriter()
        writer.appendSetOf { w in
            w.appendSetOf { w in
                w.append(3)
                w.append(2)
            }
            w.appendSetOf { w in w.append(1) }
        }
        #expect(writer.bytes == hexBytes("31 0D 31 03 02 01 01 31 06 02 01 02 02 01 03"))
        let outer = try DER.setOf(DER.parse(writer.bytes))
        for inner in outer { _ = try DER.setOf(inner) }
    }

    @Test("appendEncoded keeps bytes exactly and explicit tags wrap")
    func encodedAndExplicit() throws {
        let kept = try DER.parse(hexBytes("30 03 02 01 09"))
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.appendEncoded(kept.encodedBytes)
            w.append(DERNull(), explicitTag: 3)
        }
        #expect(writer.bytes == hexBytes("30 09 30 03 02 01 09 A3 02 05 00"))
    }
}
