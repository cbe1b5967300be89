/// An OBJECT IDENTIFIER, kept as its content octets; arcs and dotted text are derived.
public struct DERObjectIdentifier: DERImplicitlyTaggable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The universal tag `.objectIdentifier`.
    public static var defaultTag: DERTag { .objectIdentifier }

    /// The content octets (X.690 8.19).
    public let bytes: [UInt8]

    /// The arcs, e.g. `[1, 2, 840, 10045, 4, 3, 2]`.
    public var arcs: [UInt64] {
        // Validated at construction, so decoding cannot fail here.
        (try? DERObjectIdentifier.decodeArcs(bytes[...], at: 0)) ?? []
    }

    /// Dotted text, e.g. `1.2.840.10045.4.3.2`.
    public var dotted: String { arcs.map(String.init).joined(separator: ".") }

    /// A human-readable rendering for messages and logs.
    public var description: String {
        if let name = OIDRegistry.name(of: self) { return "\(name) (\(dotted))" }
        return dotted
    }

    /// Creates an OID from its arcs. The first arc must be 0, 1 or 2 and the second below 40
    /// unless the first is 2 (X.690 8.19.4).
    public init(arcs: [UInt64]) throws(DERError) {
        guard arcs.count >= 2, arcs[0] <= 2, arcs[0] == 2 || arcs[1] < 40 else {
            throw DERError(.invalidObjectIdentifier, at: 0, "invalid first arcs \(arcs.prefix(2))")
        }
        let (first, overflow) = (arcs[0] * 40).addingReportingOverflow(arcs[1])
        guard !overflow else {
            throw DERError(.invalidObjectIdentifier, at: 0, "second arc too large")
        }
        var out: [UInt8] = []
        for arc in [first] + arcs.dropFirst(2) {
            var digits: [UInt8] = []
            var n = arc
            repeat {
                digits.append(UInt8(n & 0x7F))
                n >>= 7
            } while n > 0
            for (i, d) in digits.reversed().enumerated() {
                out.append(i == digits.count - 1 ? d : d | 0x80)
            }
        }
        bytes = out
    }

    /// Parses dotted text such as `1.2.840.113549.1.7.2`.
    public init(dotted: String) throws(DERError) {
        var arcs: [UInt64] = []
        for part in dotted.split(separator: ".", omittingEmptySubsequences: false) {
            guard let arc = UInt64(part), !(part.count > 1 && part.first == "0") else {
                throw DERError(.invalidObjectIdentifier, at: 0, "'\(dotted)' is not a dotted OID")
            }
            arcs.append(arc)
        }
        try self.init(arcs: arcs)
    }

    /// Creates a constant from a dotted literal; the literal must be valid.
    public init(stringLiteral value: String) {
        do {
            try self.init(dotted: value)
        } catch {
            // Only reachable for a malformed literal written in this package's source.
            fatalError("invalid OID literal \(value)")
        }
    }

    /// Decodes the value from `derNode`, which must carry `tag`, checking every DER rule of its content.
    public init(derNode: DERNode, withTag tag: DERTag) throws {
        try derNode.expect(tag, "OBJECT IDENTIFIER")
        try DERObjectIdentifier.validate(derNode.content, at: derNode.offset)
        bytes = DERObjectIdentifier.shared(derNode.content) ?? Array(derNode.content)
    }

    /// The content octets of the OIDs every profile SignedData carries (its content types,
    /// attribute types and algorithms), kept once: a decoded OID equal to one of them shares its
    /// array instead of allocating a copy, eight times for every verified signature.
    private static let sharedContents: [[UInt8]] = [
        "1.2.840.113549.1.7.1", "1.2.840.113549.1.7.2", "1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4",
        "1.2.840.113549.1.9.5", "2.16.840.1.101.3.4.2.1", "1.2.840.10045.4.3.2",
    ].map { (oid: DERObjectIdentifier) in oid.bytes }

    /// The shared array equal to `content`, if there is one.
    static func shared(_ content: ArraySlice<UInt8>) -> [UInt8]? {
        for candidate in sharedContents where candidate.count == content.count && candidate.elementsEqual(content) {
            return candidate
        }
        return nil
    }

    /// Writes the value's DER encoding under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag, content: bytes)
    }

    /// X.690 8.19.2: each subidentifier is base-128 with the high bit as continuation, in the
    /// fewest octets (so never a leading 0x80), and the content is not empty.
    static func decodeArcs(_ content: ArraySlice<UInt8>, at offset: Int) throws(DERError) -> [UInt64] {
        var subidentifiers: [UInt64] = []
        try forEachSubidentifier(content, at: offset) { subidentifiers.append($0) }
        // X.690 8.19.4: the first subidentifier packs the first two arcs.
        let first = subidentifiers[0]
        let head: [UInt64] = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80]
        return head + subidentifiers.dropFirst()
    }

    /// Checks content octets by the rules of ``decodeArcs(_:at:)`` without collecting the arcs:
    /// every OID of every parsed SignedData passes here.
    static func validate(_ content: ArraySlice<UInt8>, at offset: Int) throws(DERError) {
        try forEachSubidentifier(content, at: offset) { _ in }
    }

    /// Hands each subidentifier to `body`, in order, after checking X.690 8.19.2 (no leading
    /// 0x80, the last one terminated) and that each fits 64 bits.
    @inline(__always)
    private static func forEachSubidentifier(_ content: ArraySlice<UInt8>, at offset: Int,
                                             _ body: (UInt64) -> Void) throws(DERError) {
        guard !content.isEmpty else {
            throw DERError(.invalidObjectIdentifier, at: offset, "OBJECT IDENTIFIER has no content octets")
        }
        var value: UInt64 = 0
        var started = false
        for b in content {
            if !started && b == 0x80 {
                throw DERError(.invalidObjectIdentifier, at: offset, "subidentifier has a leading 0x80 octet (X.690 8.19.2)")
            }
            guard value >> 57 == 0 else {
                throw DERError(.invalidObjectIdentifier, at: offset, "subidentifier exceeds 64 bits")
            }
            value = (value << 7) | UInt64(b & 0x7F)
            started = true
            if b & 0x80 == 0 {
                body(value)
                value = 0
                started = false
            }
        }
        guard !started else {
            throw DERError(.invalidObjectIdentifier, at: offset, "last subidentifier is unterminated")
        }
    }

    /// Dotted text of OID content octets whose arcs may exceed 64 bits (2.25.<UUID>, X.667),
    /// for display only; `nil` unless the octets are valid X.690 8.19 content (non-empty, no
    /// subidentifier starting with 0x80, the last one terminated). Decimal digits are computed
    /// by long multiplication; a subidentifier of more than 20 octets (140 bits; a UUID needs 19)
    /// gives `nil`, which bounds the work whatever the input.
    public static func dottedText(largeArcs content: ArraySlice<UInt8>) -> String? {
        guard let last = content.last, last & 0x80 == 0 else { return nil }
        var arcs: [[UInt8]] = []   // each arc as decimal digits, most significant first
        var digits: [UInt8] = [0]
        var started = false
        var octets = 0
        for octet in content {
            if !started && octet == 0x80 { return nil }
            started = true
            octets += 1
            if octets > 20 { return nil }
            // digits = digits * 128 + (octet & 0x7F)
            var carry = Int(octet & 0x7F)
            for i in digits.indices.reversed() {
                let value = Int(digits[i]) * 128 + carry
                digits[i] = UInt8(value % 10)
                carry = value / 10
            }
            while carry > 0 {
                digits.insert(UInt8(carry % 10), at: 0)
                carry /= 10
            }
            if octet & 0x80 == 0 {
                arcs.append(digits)
                digits = [0]
                started = false
                octets = 0
            }
        }
        let text = { (d: [UInt8]) in String(d.map { Character(String($0)) }) }
        let rest = arcs.dropFirst().map { "." + text($0) }.joined()
        // The first subidentifier is 40 * X + Y (X.690 8.19.4); X is 2 from 80 on.
        guard arcs[0].count <= 18, let first = Int(text(arcs[0])) else {
            return "2." + text(subtracting80(arcs[0])) + rest
        }
        return (first < 80 ? "\(first / 40).\(first % 40)" : "2.\(first - 80)") + rest
    }

    /// `digits - 80` for a decimal number of at least 80.
    private static func subtracting80(_ digits: [UInt8]) -> [UInt8] {
        var out = digits
        var borrow = 0
        var subtrahend = [0, 8]   // 80, least significant digit first
        for i in out.indices.reversed() {
            let s = subtrahend.isEmpty ? 0 : subtrahend.removeFirst()
            var value = Int(out[i]) - s - borrow
            borrow = value < 0 ? 1 : 0
            if value < 0 { value += 10 }
            out[i] = UInt8(value)
        }
        while out.count > 1 && out[0] == 0 { out.removeFirst() }
        return out
    }
}
