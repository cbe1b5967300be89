/// Builds DER into one growing buffer.
///
/// Constructed elements are written in place: identifier, a one-octet length placeholder, then
/// the content; if the content turns out to need a long-form length the content is shifted once
/// (the swift-asn1 / cryptobyte approach), so no child buffers are concatenated.
public struct DERWriter: Sendable {
    /// The encoding written so far.
    public private(set) var bytes: [UInt8]
    private var depth = 0
    /// Start index of every element appended at the outermost level (used to sort SET OF).
    private var topLevelStarts: [Int] = []

    /// Creates an empty writer.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    private mutating func markElementStart() {
        if depth == 0 { topLevelStarts.append(bytes.count) }
    }

    /// Appends a primitive element with the given content octets.
    public mutating func appendPrimitive(_ tag: DERTag, content: some Collection<UInt8>) {
        markElementStart()
        appendTag(tag)
        appendLength(content.count)
        bytes.append(contentsOf: content)
    }

    /// Appends a primitive element whose content the closure writes into the buffer.
    public mutating func appendPrimitive(_ tag: DERTag, _ body: (inout [UInt8]) -> Void) {
        var content: [UInt8] = []
        body(&content)
        appendPrimitive(tag, content: content)
    }

    /// Appends a constructed element; `body` writes its children into this same writer.
    public mutating func appendConstructed(_ tag: DERTag, _ body: (inout DERWriter) throws -> Void) rethrows {
        markElementStart()
        appendTag(tag)
        let lengthIndex = bytes.count
        bytes.append(0)
        depth += 1
        defer { depth -= 1 }
        try body(&self)
        fixLength(at: lengthIndex)
    }

    /// Appends a SET OF whose elements `body` writes; the elements are then put into DER order
    /// (X.690 11.6) by their encodings.
    public mutating func appendSetOf(_ tag: DERTag = .set, _ body: (inout DERWriter) throws -> Void) rethrows {
        var scratch = DERWriter(capacity: 256)
        try body(&scratch)
        let encoded = scratch.bytes
        var ranges: [Range<Int>] = []
        for (i, start) in scratch.topLevelStarts.enumerated() {
            let end = i + 1 < scratch.topLevelStarts.count ? scratch.topLevelStarts[i + 1] : encoded.count
            ranges.append(start..<end)
        }
        ranges.sort { DER.compareSetOfEncodings(encoded[$0], encoded[$1]) < 0 }
        appendConstructed(tag) { writer in
            for r in ranges { writer.appendEncoded(encoded[r]) }
        }
    }

    /// Appends an already encoded element unchanged (e.g. bytes kept from a parsed node).
    public mutating func appendEncoded(_ element: some Collection<UInt8>) {
        markElementStart()
        bytes.append(contentsOf: element)
    }

    /// Appends a value with its default tag.
    public mutating func append(_ value: some DERSerializable) {
        value.serialize(into: &self)
    }

    /// Appends a value under an implicit tag that replaces its own.
    public mutating func append<T: DERImplicitlyTaggable>(_ value: T, implicitTag tag: DERTag) {
        value.serialize(into: &self, withTag: tag)
    }

    /// Appends `value` wrapped in an explicit `[number]` tag.
    public mutating func append(_ value: some DERSerializable, explicitTag number: UInt32) {
        appendConstructed(.contextSpecific(number, constructed: true)) { $0.append(value) }
    }

    /// The identifier octets, written in place: a low tag number (every tag of this project's
    /// structures) costs no allocation.
    private mutating func appendTag(_ tag: DERTag) {
        if tag.number < 31 {
            bytes.append((tag.tagClass.rawValue << 6) | (tag.isConstructed ? 0x20 : 0) | UInt8(tag.number))
        } else {
            bytes.append(contentsOf: tag.encoded)
        }
    }

    private mutating func appendLength(_ length: Int) {
        if length < 0x80 {
            bytes.append(UInt8(length))
        } else {
            bytes.append(contentsOf: DERWriter.lengthOctets(length))
        }
    }

    private mutating func fixLength(at index: Int) {
        let length = bytes.count - index - 1
        if length < 0x80 {
            bytes[index] = UInt8(length)
        } else {
            let octets = DERWriter.lengthOctets(length)
            bytes[index] = octets[0]
            bytes.insert(contentsOf: octets.dropFirst(), at: index + 1)
        }
    }

    /// X.690 10.1: shortest definite form.
    /// The length octets of a definite-length encoding of `length` content octets, in the
    /// shortest form (X.690 10.1).
    public static func lengthOctets(_ length: Int) -> [UInt8] {
        if length < 0x80 { return [UInt8(length)] }
        var digits: [UInt8] = []
        var n = length
        while n > 0 {
            digits.append(UInt8(n & 0xFF))
            n >>= 8
        }
        return [0x80 | UInt8(digits.count)] + digits.reversed()
    }
}
