import Foundation
import Testing
@testable import DER

/// One named test per rule the TLV reader enforces (`DER.parse`), each asserting the exact code.
@Suite("TLV strictness")
struct TLVStrictnessTests {
    @Test("indefinite length 0x80 is BER only (X.690 10.1)")
    func indefiniteLength() {
        expectDERError(.indefiniteLength) { _ = try DER.parse(hexBytes("30 80 02 01 05 00 00")) }
    }

    @Test("long-form length below 128 (81 05) is not minimal (X.690 10.1)")
    func nonMinimalLongLength() {
        expectDERError(.nonMinimalLength) { _ = try DER.parse(hexBytes("04 81 05 01 02 03 04 05")) }
    }

    @Test("long-form length 81 7F is not minimal either")
    func longFormFor127() {
        let bytes = hexBytes("04 81 7F") + [UInt8](repeating: 0xAB, count: 127)
        expectDERError(.nonMinimalLength) { _ = try DER.parse(bytes) }
    }

    @Test("long-form length with a leading zero octet (82 00 80) is not minimal")
    func lengthWithLeadingZero() {
        let bytes = hexBytes("04 82 00 80") + [UInt8](repeating: 0, count: 128)
        expectDERError(.nonMinimalLength) { _ = try DER.parse(bytes) }
    }

    @Test("5-octet length of length is refused")
    func fiveOctetLengthOfLength() {
        expectDERError(.lengthTooLarge) { _ = try DER.parse(hexBytes("04 85 00 00 00 00 01 00")) }
    }

    @Test("length beyond the input is truncated")
    func lengthBeyondInput() {
        expectDERError(.truncated) { _ = try DER.parse(hexBytes("04 05 01 02 03")) }
    }

    @Test("a 4 GB length claim fails at once without allocating")
    func fourGigabyteClaim() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            expectDERError(.truncated) { _ = try DER.parse(hexBytes("30 84 FF FF FF FF")) }
            expectDERError(.truncated) { _ = try DER.parse(hexBytes("30 84 FF FF FF FF 02 01 00")) }
        }
        #expect(elapsed < .milliseconds(100))
    }

    @Test("input ending inside the length octets is truncated")
    func truncatedLengthOctets() {
        expectDERError(.truncated) { _ = try DER.parse(hexBytes("04 82 01")) }
        expectDERError(.truncated) { _ = try DER.parse(hexBytes("04")) }
    }

    @Test("empty input is truncated")
    func emptyInput() {
        expectDERError(.truncated) { _ = try DER.parse([UInt8]()) }
    }

    @Test("high-tag form for a number below 31 (1F 1E) is not minimal (X.690 8.1.2.4)")
    func highTagBelow31() {
        expectDERError(.nonMinimalTag) { _ = try DER.parse(hexBytes("9F 1E 00")) }
        expectDERError(.nonMinimalTag) { _ = try DER.parse(hexBytes("1F 1E 00")) }
    }

    @Test("high-tag number with a leading 0x80 octet (1F 80 ...) is not minimal (X.690 8.1.2.4.2 c)")
    func highTagLeading80() {
        expectDERError(.nonMinimalTag) { _ = try DER.parse(hexBytes("9F 80 1F 00")) }
        expectDERError(.nonMinimalTag) { _ = try DER.parse(hexBytes("1F 80 81 00 00")) }
    }

    @Test("minimal high tags are accepted and round-trip")
    func minimalHighTags() throws {
        let node31 = try DER.parse(hexBytes("9F 1F 01 AA"))
        #expect(node31.tag == DERTag(.contextSpecific, number: 31, constructed: false))
        let node201 = try DER.parse(hexBytes("BF 81 49 00"))
        #expect(node201.tag == DERTag(.contextSpecific, number: 201, constructed: true))
        #expect(DERTag(.contextSpecific, number: 201, constructed: true).encoded == hexBytes("BF 81 49"))
        #expect(reencode(node201) == hexBytes("BF 81 49 00"))
    }

    @Test("tag number needing 5 base-128 octets is refused")
    func tagTooLarge() {
        expectDERError(.tagTooLarge) { _ = try DER.parse(hexBytes("9F 81 80 80 80 01 00")) }
    }

    @Test("input ending inside a high tag is truncated")
    func truncatedHighTag() {
        expectDERError(.truncated) { _ = try DER.parse(hexBytes("9F 81")) }
    }

    @Test("universal tag 0 is reserved (X.690 8.1.5)")
    func reservedTagZero() {
        expectDERError(.reservedTag) { _ = try DER.parse(hexBytes("00 00")) }
        expectDERError(.reservedTag) { _ = try DER.parse(hexBytes("30 02 00 00")) }
        // Universal 15 is reserved too; context 15 is an ordinary tag.
        expectDERError(.reservedTag) { _ = try DER.parse(hexBytes("0F 01 00")) }
        expectDERError(.reservedTag) { _ = try DER.parse(hexBytes("30 02 0F 00")) }
        #expect(throws: Never.self) { _ = try DER.parse(hexBytes("8F 01 00")) }
    }

    @Test("bytes after the outermost element are refused")
    func trailingBytes() {
        expectDERError(.trailingBytes) { _ = try DER.parse(hexBytes("05 00 00")) }
        expectDERError(.trailingBytes) { _ = try DER.parse(hexBytes("30 00 30 00")) }
    }

    @Test("constructed OCTET STRING (24 ...) is BER only (X.690 10.2)")
    func constructedOctetString() {
        expectDERError(.invalidConstructedFlag) { _ = try DER.parse(hexBytes("24 06 04 01 AA 04 01 BB")) }
    }

    @Test("constructed forms of other primitive-only universal types are refused")
    func otherConstructedPrimitives() {
        for hex in ["22 00", "23 00", "21 00", "26 00", "2C 00", "37 00", "38 00", "33 00", "36 00", "29 00"] {
            expectDERError(.invalidConstructedFlag, "\(hex)") { _ = try DER.parse(hexBytes(hex)) }
        }
    }

    @Test("constructed ObjectDescriptor, TIME, DATE…DURATION and OID-IRI types are refused (X.690 10.2, 8.21, 8.22)")
    func otherPrimitiveOnlyTypesConstructed() {
        // 27: ObjectDescriptor (a GraphicString); 2E: TIME; 3F 1F…3F 24: DATE, TIME-OF-DAY,
        // DATE-TIME, DURATION, OID-IRI, RELATIVE-OID-IRI.
        for hex in ["27 00", "2E 00", "3F 1F 00", "3F 20 00", "3F 21 00", "3F 22 00", "3F 23 00", "3F 24 00"] {
            expectDERError(.invalidConstructedFlag, "\(hex)") { _ = try DER.parse(hexBytes(hex)) }
        }
        // Their primitive forms pass the TLV reader.
        for hex in ["07 00", "0E 00", "1F 1F 00", "1F 24 00"] {
            #expect(throws: Never.self, "\(hex)") { _ = try DER.parse(hexBytes(hex)) }
        }
    }

    @Test("primitive EXTERNAL, EMBEDDED PDV and CHARACTER STRING are refused: they are SEQUENCE types")
    func primitiveSequenceTypes() {
        for hex in ["08 00", "0B 00", "1D 00"] {
            expectDERError(.invalidConstructedFlag, "\(hex)") { _ = try DER.parse(hexBytes(hex)) }
        }
        for hex in ["28 00", "2B 00", "3D 00"] {
            #expect(throws: Never.self, "\(hex)") { _ = try DER.parse(hexBytes(hex)) }
        }
    }

    @Test("primitive SEQUENCE (10 00) and primitive SET (11 00) are refused")
    func primitiveSequence() {
        expectDERError(.invalidConstructedFlag) { _ = try DER.parse(hexBytes("10 00")) }
        expectDERError(.invalidConstructedFlag) { _ = try DER.parse(hexBytes("11 00")) }
    }

    @Test("a child overrunning its parent's content is truncated")
    func childOverrunsParent() {
        expectDERError(.truncated) { _ = try DER.parse(hexBytes("30 03 02 02 01 05")) }
    }

    @Test("nesting 10,000 deep fails with nestingTooDeep quickly")
    func deepNesting() {
        let bytes = nestedSequences(depth: 10_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            expectDERError(.nestingTooDeep) { _ = try DER.parse(bytes) }
        }
        #expect(elapsed < .milliseconds(500))
    }

    @Test("nesting exactly DER.maximumDepth is accepted, one more is refused")
    func nestingBoundary() throws {
        let ok = try DER.parse(nestedSequences(depth: DER.maximumDepth))
        #expect(flatten(ok).count == DER.maximumDepth)
        expectDERError(.nestingTooDeep) { _ = try DER.parse(nestedSequences(depth: DER.maximumDepth + 1)) }
    }

    @Test("offsets in errors point into the parsed buffer, also for slices")
    func errorOffsets() throws {
        do {
            _ = try DER.parse(hexBytes("30 06 02 01 05 02 81 01"))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .nonMinimalLength)
            #expect(error.offset == 6)
        }
        let buffer = hexBytes("FF FF 30 03 02 01 07")
        let node = try DER.parse(buffer[2...])
        #expect(node.offset == 2)
        #expect(node.children[0].offset == 4)
        #expect(node.children[0].contentOffset == 6)
    }

    /// `depth` SEQUENCEs, each holding only the next; the innermost is empty. Built from the
    /// inside out by lengths only, so 10,000 levels cost a single linear pass.
    func nestedSequences(depth: Int) -> [UInt8] {
        var sizes: [Int] = [2]  // element sizes from the inside out
        var headers: [[UInt8]] = [[0x30, 0x00]]
        for _ in 1..<depth {
            let inner = sizes[sizes.count - 1]
            let header = [0x30] + DERWriter.lengthOctets(inner)
            headers.append(header)
            sizes.append(inner + header.count)
        }
        return headers.reversed().flatMap { $0 }
    }
}
