import DER

/// One way of damaging a valid DER SignedData, and the bytes it yields. Structured edits (length,
/// tag, BER forms) are made on the parsed tree of the original, so each touches exactly one
/// element and the rest stays well formed.
struct SignatureMutation: CustomStringConvertible {
    enum Kind: String, CaseIterable {
        /// One bit of one byte inverted.
        case bitFlip = "bit flip"
        /// The encoding cut short.
        case truncation
        /// One element's length octet changed by ±1 (its parents left as they were).
        case lengthEdit = "length edit"
        /// One element's identifier octet replaced by another tag.
        case tagSwap = "tag swap"
        /// One element's length written in a longer form than needed (BER, not DER).
        case nonMinimalLength = "non-minimal length"
        /// One constructed element written with the indefinite length (BER, not DER).
        case indefiniteLength = "indefinite length"
    }

    let kind: Kind
    let bytes: [UInt8]
    let detail: String

    var description: String { "\(kind.rawValue) (\(detail))" }

    /// Tags a swap may put in place of another: every type the structure uses, plus ones it never does.
    static let swapTags: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x0C, 0x13, 0x17, 0x18,
                                    0x24, 0x30, 0x31, 0x80, 0x81, 0xA0, 0xA1, 0xA2]

    /// A mutation of `original` (whose parsed tree is `root`) of the given kind, at a random place.
    static func make(_ kind: Kind, of original: [UInt8], root: DERNode,
                     using random: inout some RandomNumberGenerator) -> SignatureMutation {
        let nodes = flatten(root)
        switch kind {
        case .bitFlip:
            var bytes = original
            let index = Int.random(in: 0..<bytes.count, using: &random)
            let bit = Int.random(in: 0..<8, using: &random)
            bytes[index] ^= UInt8(1) << bit
            return SignatureMutation(kind: kind, bytes: bytes, detail: "byte \(index) bit \(bit)")
        case .truncation:
            let length = Int.random(in: 0..<original.count, using: &random)
            return SignatureMutation(kind: kind, bytes: Array(original[..<length]), detail: "to \(length) bytes")
        case .lengthEdit:
            let node = nodes.randomElement(using: &random) ?? root
            var bytes = original
            let lengthIndex = node.offset + node.tag.encoded.count
            // The last length octet: the whole length in the short form, its low octet in the long.
            let lastLengthIndex = node.contentOffset - 1
            let delta: Int8 = Bool.random(using: &random) ? 1 : -1
            bytes[lastLengthIndex] = UInt8(truncatingIfNeeded: Int(bytes[lastLengthIndex]) + Int(delta))
            return SignatureMutation(kind: kind, bytes: bytes,
                                     detail: "\(node.tag) at \(node.offset), length octet \(lengthIndex) \(delta > 0 ? "+1" : "-1")")
        case .tagSwap:
            let node = nodes.randomElement(using: &random) ?? root
            var bytes = original
            let tag = swapTags.filter { $0 != bytes[node.offset] }.randomElement(using: &random) ?? 0x04
            bytes[node.offset] = tag
            return SignatureMutation(kind: kind, bytes: bytes,
                                     detail: "\(node.tag) at \(node.offset) → 0x\(String(tag, radix: 16))")
        case .nonMinimalLength:
            let node = nodes.randomElement(using: &random) ?? root
            return SignatureMutation(kind: kind, bytes: reencode(root, changing: node, to: .nonMinimalLength),
                                     detail: "\(node.tag) at \(node.offset)")
        case .indefiniteLength:
            let constructed = nodes.filter(\.isConstructed)
            let node = constructed.randomElement(using: &random) ?? root
            return SignatureMutation(kind: kind, bytes: reencode(root, changing: node, to: .indefiniteLength),
                                     detail: "\(node.tag) at \(node.offset)")
        }
    }

    private static func flatten(_ node: DERNode) -> [DERNode] {
        [node] + node.children.flatMap(flatten)
    }

    private enum LengthForm { case nonMinimalLength, indefiniteLength }

    /// The tree written again, with `target`'s length in `form` and every enclosing length grown
    /// to match (definite, minimal).
    private static func reencode(_ node: DERNode, changing target: DERNode, to form: LengthForm) -> [UInt8] {
        let content: [UInt8] = node.isConstructed
            ? node.children.flatMap { reencode($0, changing: target, to: form) }
            : Array(node.content)
        let out = node.tag.encoded
        if node.offset == target.offset && node.encodedBytes.count == target.encodedBytes.count && node.tag == target.tag {
            switch form {
            case .nonMinimalLength:
                // One octet more than needed: 0x81 for a length below 128, else a leading 0x00.
                let minimal = minimalLength(content.count)
                let longer: [UInt8] = minimal.count == 1
                    ? [0x81, minimal[0]]
                    : [minimal[0] + 1, 0x00] + minimal.dropFirst()
                return out + longer + content
            case .indefiniteLength:
                return out + [0x80] + content + [0x00, 0x00]
            }
        }
        return out + minimalLength(content.count) + content
    }

    private static func minimalLength(_ length: Int) -> [UInt8] {
        if length < 0x80 { return [UInt8(length)] }
        var digits: [UInt8] = []
        var n = length
        while n > 0 { digits.insert(UInt8(n & 0xFF), at: 0); n >>= 8 }
        return [0x80 | UInt8(digits.count)] + digits
    }
}
