import DER
import Testing

/// `DER.parse(_:keepingTreeTo:)` validates as `DER.parse` does and keeps fewer nodes: a batch
/// manifest's records are checked as strict DER without a node tree for every record.
@Suite("Parsing that keeps the tree to a depth")
struct KeptDepthParseTests {
    /// A SEQUENCE OF two SETs, each holding a SEQUENCE with an INTEGER and a UTF8String.
    static let valid = hexBytes("3016 310930070201010c0261 62 310930070201020c026364")

    static func parseError(_ run: () throws(DERError) -> DERNode) -> DERError? {
        do {
            _ = try run()
            return nil
        } catch {
            return error
        }
    }

    @Test("depth 2 keeps the root's children, with their octets, and drops their subtrees")
    func keepsTheRootsChildren() throws {
        let full = try DER.parse(Self.valid)
        let kept = try DER.parse(Self.valid[...], keepingTreeTo: 2)
        #expect(kept.children.map(\.encodedBytes) == full.children.map(\.encodedBytes))
        #expect(kept.children.map(\.tag) == [.set, .set])
        #expect(kept.children.allSatisfy { $0.children.isEmpty })
        #expect(full.children.allSatisfy { $0.children.count == 1 })
    }

    @Test("a fault deep inside is the same first error with or without the tree", arguments: [
        "300731053003020201",  // inner INTEGER claims more octets than remain: truncated
        "30083106300402810105",  // long-form length below 128: non-minimal length
        "3009310730052203020101",  // a constructed INTEGER (tag 0x22)
        "3007310530031f0500",  // high tag number 5: non-minimal tag
        "3006310430020000",  // universal tag 0: reserved
        "3006310430021000",  // a primitive SEQUENCE (0x10)
        "300b3109300702010102026162" + "00",  // an octet after the root
    ])
    func sameFirstError(_ hex: String) {
        let bytes = hexBytes(hex.replacingOccurrences(of: " ", with: ""))
        let full = Self.parseError { () throws(DERError) in try DER.parse(bytes) }
        #expect(full != nil, "\(hex) must be refused")
        for depth in [1, 2, 3] {
            let kept = Self.parseError { () throws(DERError) in try DER.parse(bytes[...], keepingTreeTo: depth) }
            #expect(kept == full, "\(hex), depth \(depth)")
        }
    }

    @Test("nesting beyond the maximum depth is refused below the kept depth too")
    func nestingTooDeep() {
        var bytes: [UInt8] = [0x05, 0x00]
        for _ in 0..<(DER.maximumDepth + 1) { bytes = [0x30, UInt8(bytes.count)] + bytes }
        let full = Self.parseError { () throws(DERError) in try DER.parse(bytes) }
        #expect(full?.code == .nestingTooDeep)
        #expect(Self.parseError { () throws(DERError) in try DER.parse(bytes[...], keepingTreeTo: 2) } == full)
    }
}
