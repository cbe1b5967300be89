import Testing
@testable import DER

/// The writer sorts a SET OF in place, inside the enclosing elements; the bytes must be those of
/// encoding each element alone, sorting the encodings (X.690 11.6) and concatenating them.
@Suite("DERWriter: SET OF sorted in place")
struct WriterSetOfInPlaceTests {
    /// The SET OF of `elements`, built the reference way: separate encodings, sorted.
    static func referenceSet(_ elements: [[UInt8]]) -> [UInt8] {
        let content = elements.sorted { DER.compareSetOfEncodings($0[...], $1[...]) < 0 }.flatMap { $0 }
        return [0x31] + DERWriter.lengthOctets(content.count) + content
    }

    static func encoded(_ body: (inout DERWriter) -> Void) -> [UInt8] {
        var writer = DERWriter()
        body(&writer)
        return writer.bytes
    }

    @Test("elements of every size, long-form lengths included, inside a SEQUENCE after other elements")
    func matchesSortedSeparateEncodings() {
        let sizes = [0, 1, 5, 126, 127, 128, 300, 2, 70_000, 3]
        let elements = sizes.enumerated().map { index, size in
            Self.encoded { $0.append(DEROctetString([UInt8](repeating: UInt8(truncatingIfNeeded: 200 - index), count: size))) }
        }
        let written = Self.encoded { writer in
            writer.appendConstructed(.sequence) { sequence in
                sequence.append(7)
                sequence.appendSetOf { set in
                    for element in elements { set.appendEncoded(element) }
                }
                sequence.append(true)
            }
        }
        let content = Self.encoded { $0.append(7) } + Self.referenceSet(elements) + Self.encoded { $0.append(true) }
        #expect(written == [0x30] + DERWriter.lengthOctets(content.count) + content)
    }

    @Test("elements equal in their first eight octets, or shorter than eight, sort by all their octets")
    func elementsTiedInTheirFirstEightOctetsSortByTheRest() {
        // Octet strings of one length share tag, length and a common head; two are shorter than
        // eight octets, and one is the prefix of another padded with zeros (X.690 11.6).
        let contents: [[UInt8]] = [[9, 9, 9, 9, 9, 9, 9, 2], [9, 9, 9, 9, 9, 9, 9, 1], [9, 9, 9, 9, 9, 9, 9, 1, 0],
                                   [9, 9, 9, 9, 9, 9, 9, 1, 5], [1], [0], [], [9, 9, 9, 9, 9, 9, 9, 2, 0, 0, 1]]
        let elements = contents.map { content in Self.encoded { $0.append(DEROctetString(content)) } }
        let written = Self.encoded { writer in
            writer.appendSetOf { set in
                for element in elements { set.appendEncoded(element) }
            }
        }
        #expect(written == Self.referenceSet(elements))
    }

    @Test("a copy of an element already written is an element of the set like any other")
    func copiedElementIsSortedWithTheOthers() {
        let written = Self.encoded { writer in
            writer.appendSetOf { set in
                set.append(DERUTF8String("m"))
                let start = set.bytes.count
                set.append(DERUTF8String("zz"))
                set.appendEncodedCopy(of: start..<set.bytes.count)
                set.append(DERUTF8String("a"))
            }
        }
        let elements = ["m", "zz", "zz", "a"].map { text in Self.encoded { $0.append(DERUTF8String(text)) } }
        #expect(written == Self.referenceSet(elements))
    }

    @Test("a set nested in an element of an unsorted set moves with its element")
    func nestedSetsMoveWithTheirElements() {
        let written = Self.encoded { writer in
            writer.appendSetOf { outer in
                outer.appendConstructed(.sequence) { entry in
                    entry.append(DERUTF8String("z"))
                    entry.appendSetOf { inner in
                        inner.append(DERUTF8String(String(repeating: "b", count: 200)))
                        inner.append(DERUTF8String("a"))
                    }
                }
                outer.appendConstructed(.sequence) { entry in entry.append(DERUTF8String("a")) }
            }
        }
        let inner = Self.referenceSet([Self.encoded { $0.append(DERUTF8String(String(repeating: "b", count: 200))) },
                                       Self.encoded { $0.append(DERUTF8String("a")) }])
        let first = Self.encoded { $0.append(DERUTF8String("z")) } + inner
        let entries = [[0x30] + DERWriter.lengthOctets(first.count) + first,
                       Self.encoded { w in w.appendConstructed(.sequence) { $0.append(DERUTF8String("a")) } }]
        #expect(written == Self.referenceSet(entries))
    }

    struct Refusal: Error {}

    @Test("a body that throws leaves nothing of its set, and the writer goes on as before")
    func throwingBodyLeavesNoTrace() throws {
        var writer = DERWriter()
        try writer.appendSetOf { (set) throws(Refusal) in
            set.append(2)
            set.append(1)
            #expect(throws: Refusal.self) {
                try set.appendSetOf { (inner) throws(Refusal) in
                    inner.append(5)
                    throw Refusal()
                }
            }
            set.append(0)
        }
        #expect(writer.bytes == Self.referenceSet([[0x02, 0x01, 0x02], [0x02, 0x01, 0x01], [0x02, 0x01, 0x00]]))
    }
}

/// A SET OF out of order rewrites only the span of elements that move; every arrangement of its
/// elements must still come out as the reference sort.
@Suite("DERWriter: SET OF reordered in part")
struct WriterSetOfPartialReorderTests {
    /// Every permutation of `elements`.
    static func permutations(_ elements: [[UInt8]]) -> [[[UInt8]]] {
        guard elements.count > 1 else { return [elements] }
        var result: [[[UInt8]]] = []
        for index in elements.indices {
            var rest = elements
            let first = rest.remove(at: index)
            result += permutations(rest).map { [first] + $0 }
        }
        return result
    }

    @Test("every order of six elements of different lengths, long-form content included")
    func everyArrangementSortsAsTheReference() {
        let elements: [[UInt8]] = [
            WriterSetOfInPlaceTests.encoded { $0.append(DERUTF8String("u")) },
            WriterSetOfInPlaceTests.encoded { $0.append(DERUTF8String("fv")) },
            WriterSetOfInPlaceTests.encoded { $0.append(7) },
            WriterSetOfInPlaceTests.encoded { $0.append(DEROctetString([UInt8](repeating: 9, count: 40))) },
            WriterSetOfInPlaceTests.encoded { $0.append(DEROctetString([UInt8](repeating: 1, count: 40))) },
            WriterSetOfInPlaceTests.encoded { $0.append(DEROctetString([UInt8](repeating: 5, count: 200))) },
        ]
        let reference = WriterSetOfInPlaceTests.referenceSet(elements)
        for arrangement in Self.permutations(elements) {
            let written = WriterSetOfInPlaceTests.encoded { writer in
                writer.appendSetOf { set in
                    for element in arrangement { set.appendEncoded(element) }
                }
            }
            #expect(written == reference)
        }
    }
}
