import DER
import Testing

/// `DER.isValidElement(_:atDepth:)` accepts exactly what `DER.parse` accepts of the same element
/// lying at that depth inside a larger encoding: the nesting limit counts from there.
@Suite("Validity of an element at a depth")
struct ElementValidityAtDepthTests {
    /// `count` SEQUENCEs, each holding the next, the innermost empty.
    static func nested(_ count: Int) -> [UInt8] { wrapped([], count) }

    @Test func theNestingLimitCountsFromTheElementsOwnDepth() throws {
        let depth = 5
        let fits = Self.nested(DER.maximumDepth - depth + 1)
        let tooDeep = Self.nested(DER.maximumDepth - depth + 2)
        #expect(DER.isValidElement(fits[...], atDepth: depth))
        #expect(!DER.isValidElement(tooDeep[...], atDepth: depth))
        #expect(DER.isValidElement(tooDeep[...], atDepth: 1))
        // The same element wrapped in depth − 1 SEQUENCEs, parsed whole: the same answers.
        #expect((try? DER.parse(Self.wrapped(fits, depth - 1))) != nil)
        #expect((try? DER.parse(Self.wrapped(tooDeep, depth - 1))) == nil)
    }

    @Test func lengthsNotInShortestFormAndTrailingBytesAreRefused() {
        #expect(DER.isValidElement([0x30, 0x03, 0x02, 0x01, 0x05][...], atDepth: 5))
        #expect(!DER.isValidElement([0x30, 0x81, 0x03, 0x02, 0x01, 0x05][...], atDepth: 5))
        #expect(!DER.isValidElement([0x30, 0x03, 0x02, 0x01, 0x05, 0x00][...], atDepth: 5))
        #expect(!DER.isValidElement([0x30, 0x04, 0x02, 0x01, 0x05][...], atDepth: 5))
    }

    /// `element` inside `levels` SEQUENCEs.
    static func wrapped(_ element: [UInt8], _ levels: Int) -> [UInt8] {
        var bytes = element
        for _ in 0..<levels {
            let length = bytes.count
            bytes = [0x30] + (length < 0x80 ? [UInt8(length)] : [0x81, UInt8(length)]) + bytes
        }
        return bytes
    }
}
